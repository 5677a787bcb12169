import json
import random

rng = random.Random(int(input()))
LIMIT = 10**18
PREC = {"+": 1, "-": 1, "*": 2, "/": 2}


class Bad(Exception):
    pass


def tdiv(a, b):
    if b == 0:
        raise ZeroDivisionError
    q = abs(a) // abs(b)
    return q if (a < 0) == (b < 0) else -q


def value(node):
    kind = node[0]
    if kind == "num":
        v = node[1]
    elif kind == "neg":
        v = value(node[2]) * (-1) ** node[1]
    else:
        a, b = value(node[2]), value(node[3])
        op = node[1]
        v = a + b if op == "+" else a - b if op == "-" else a * b if op == "*" else tdiv(a, b)
    if abs(v) > LIMIT:
        raise Bad
    return v


def sp():
    return " " * rng.choice([0, 0, 0, 1, 1, 2])


def render(node, spacing):
    kind = node[0]
    s = sp if spacing else (lambda: "")
    if kind == "num":
        return str(node[1])
    if kind == "neg":
        inner = node[2]
        text = render(inner, spacing)
        if inner[0] == "bin" or rng.random() < 0.2:
            text = "(" + s() + text + s() + ")"
        return "-" * node[1] + s() + text
    op, left, right = node[1], node[2], node[3]
    lt, rt = render(left, spacing), render(right, spacing)
    if left[0] == "bin" and (PREC[left[1]] < PREC[op] or rng.random() < 0.15):
        lt = "(" + s() + lt + s() + ")"
    if right[0] == "bin" and (PREC[right[1]] <= PREC[op] or rng.random() < 0.15):
        rt = "(" + s() + rt + s() + ")"
    if right[0] == "neg" and rng.random() < 0.3:
        rt = "(" + rt + ")"
    return lt + s() + op + s() + rt


def build(depth, big, p_neg, max_minus, p_div):
    if depth == 0 or rng.random() < 0.25:
        if big:
            leaf = ("num", rng.randint(10**8, 10**9))
        else:
            leaf = ("num", rng.choice([0, 1, 2, 3, 5, 7, 10, rng.randint(0, 100), rng.randint(0, 10**4)]))
    else:
        ops = ["+", "-", "*", "/"]
        weights = [1, 1, 1.2 if big else 1, p_div]
        op = rng.choices(ops, weights)[0]
        leaf = ("bin", op, build(depth - 1, big, p_neg, max_minus, p_div), build(depth - 1, big and rng.random() < 0.6, p_neg, max_minus, p_div))
    if rng.random() < p_neg:
        leaf = ("neg", rng.randint(1, max_minus), leaf)
    return leaf


def expression(depth, big=False, p_neg=0.15, max_minus=1, p_div=1.0, need_minus=False):
    while True:
        node = build(depth, big, p_neg, max_minus, p_div)
        try:
            value(node)
        except ZeroDivisionError:
            if rng.random() < 0.7:
                continue
        except Bad:
            continue
        text = render(node, rng.random() < 0.5)
        if need_minus and "--" not in text.replace(" ", ""):
            continue
        if len(text) <= 200:
            return text


def big_division():
    # A product of two large literals divided by a small one: exact float division is rare.
    a, b = rng.randint(3 * 10**8, 10**9 - 1), rng.randint(3 * 10**8, 10**9 - 1)
    c = rng.choice([3, 6, 7, 9, 11, 13])
    if rng.random() < 0.3:
        return f"-{a}*{b}/{c}"
    return f"{a} * {b} / {c}" if rng.random() < 0.5 else f"({a}*{b} + {rng.randint(1, 99)}) / -{c}"


def case(exprs):
    return f"{len(exprs)}\n" + "".join(e + "\n" for e in exprs)


tests = [
    case(["1 + 2 * 3", "(1 + 2) * 3", "7 / -2", "-(4 - 10) / 4", "5 / (3 - 3)"]),
    case(["--5", "2 * -(-3)", "10 - - - 4"]),
    case(["42"]),
    case(["0 / 7"]),
    case(["1 / 0 + 1"]),
    case(["999999999 * 999999999 / 7"]),
    case(["-7 / 2", "7 / 2", "-7 / -2", "7 / -2"]),
    case(["8 - 3 - 2", "64 / 4 / 2", "2 * 3 - 4 / 2"]),
    case(["((((9))))", "-(-(-(1)))"]),
]
# Small values, at most one minus sign in a row.
for _ in range(36):
    tests.append(case([expression(rng.randint(1, 5)) for _ in range(rng.randint(1, 8))]))
# Large values with divisions.
for _ in range(26):
    exprs = [expression(rng.randint(1, 3)) for _ in range(rng.randint(0, 4))]
    exprs.insert(rng.randint(0, len(exprs)), big_division())
    if rng.random() < 0.5:
        exprs.append(expression(rng.randint(1, 3), big=True, p_div=2.0))
    tests.append(case(exprs))
# Stacked minus signs.
for _ in range(24):
    exprs = [expression(rng.randint(1, 4)) for _ in range(rng.randint(0, 4))]
    exprs.insert(rng.randint(0, len(exprs)), expression(rng.randint(1, 4), p_neg=0.4, max_minus=3, need_minus=True))
    tests.append(case(exprs))
# Mixed.
for _ in range(12):
    exprs = [expression(rng.randint(1, 6), big=rng.random() < 0.2, p_neg=0.3, max_minus=2) for _ in range(rng.randint(3, 10))]
    tests.append(case(exprs))
print(json.dumps(tests))
