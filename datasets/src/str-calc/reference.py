import sys


def tokenize(s):
    tokens = []
    i = 0
    while i < len(s):
        if s[i].isdigit():
            j = i
            while j < len(s) and s[j].isdigit():
                j += 1
            tokens.append(int(s[i:j]))
            i = j
        else:
            if s[i] in "+-*/()":
                tokens.append(s[i])
            i += 1
    return tokens


def parse_expr(tokens, pos):
    value, pos = parse_term(tokens, pos)
    while pos < len(tokens) and tokens[pos] in ("+", "-"):
        op = tokens[pos]
        rhs, pos = parse_term(tokens, pos + 1)
        value = value + rhs if op == "+" else value - rhs
    return value, pos


def parse_term(tokens, pos):
    value, pos = parse_factor(tokens, pos)
    while pos < len(tokens) and tokens[pos] in ("*", "/"):
        op = tokens[pos]
        rhs, pos = parse_factor(tokens, pos + 1)
        if op == "*":
            value = value * rhs
        else:
            q = abs(value) // abs(rhs)
            value = q if (value < 0) == (rhs < 0) else -q
    return value, pos


def parse_factor(tokens, pos):
    negate = False
    while tokens[pos] == "-":
        negate = not negate
        pos += 1
    if tokens[pos] == "(":
        value, pos = parse_expr(tokens, pos + 1)
        pos += 1
    else:
        value = tokens[pos]
        pos += 1
    return (-value if negate else value), pos


def main():
    lines = sys.stdin.read().split("\n")
    n = int(lines[0])
    out = []
    for line in lines[1:n + 1]:
        try:
            value, _ = parse_expr(tokenize(line), 0)
            out.append(str(value))
        except ZeroDivisionError:
            out.append("ERROR")
    print("\n".join(out))


main()
