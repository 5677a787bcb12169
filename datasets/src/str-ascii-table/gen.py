import json
import random

rng = random.Random(int(input()))
WORDS = ["apple", "kiwi", "fig", "banana", "New York", "Oslo", "x", "red", "blue", "A-7", "ok", "n/a",
         "Lima", "tea", "coffee bean", "Zed", "item 4", "?", "-", "--3", "4.5", "1e3", "yes", "no"]
HEADS = ["id", "name", "qty", "price", "city", "code", "note", "description", "total amount", "x", "n", "status"]


def cell(kind):
    if kind == "num":
        v = rng.choice([rng.randint(0, 9), rng.randint(-99, 999), rng.randint(-10**6, 10**7)])
        return str(v)
    if kind == "empty":
        return ""
    return rng.choice(WORDS)


def row(cols, short):
    kinds = [rng.choice(["num", "num", "text", "text", "empty"]) for _ in range(cols)]
    cells = [cell(k) for k in kinds]
    if short and cols > 1:
        cells = cells[:rng.randint(1, cols - 1)]
    return ",".join(cells)


def table(cols, rows, p_short, short_heads, n_short_min=0):
    heads = [rng.choice(HEADS[:2] + ["id", "x", "n", "qty"]) if short_heads else rng.choice(HEADS) for _ in range(cols)]
    body = [row(cols, rng.random() < p_short) for _ in range(rows)]
    if short_heads:
        # Make sure some cell of every column is at least as wide as its header.
        body.append(",".join("w" * max(len(h), rng.randint(1, 8)) for h in heads))
        rng.shuffle(body)
    lines = [",".join(heads)] + body
    return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


def case(lines):
    return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


tests = [
    case(["fruit,qty,price", "apple,3,120", "kiwi,12,-5", "fig,,7"]),
    case(["description,n", "pen,1", "x"]),
    case(["a"]),
    case(["a", "b"]),
    case(["col", "1", "-22", "333"]),
    case(["city,code", "Oslo,47", "New York,1"]),
    case(["q,r,s", "1", "2,3"]),
    case(["name,note", "Bo,", "Al,ok"]),
]
# Wide data, complete rows.
for _ in range(34):
    tests.append(table(rng.randint(1, 6), rng.randint(1, 12), 0.0, True))
# Long headers, complete rows.
for _ in range(32):
    tests.append(table(rng.randint(1, 6), rng.randint(0, 10), 0.0, False))
# Rows with missing trailing fields.
for _ in range(28):
    tests.append(table(rng.randint(2, 6), rng.randint(1, 12), 0.4, rng.random() < 0.6))
print(json.dumps(tests))
