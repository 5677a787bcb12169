import sys

TABLE = [
    (1000, "M"), (900, "CM"), (500, "D"), (400, "CD"),
    (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
    (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"),
]
VALUE = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


def to_roman(n):
    parts = []
    for value, symbol in TABLE:
        while n >= value:
            parts.append(symbol)
            n -= value
    return "".join(parts)


def from_roman(s):
    total = 0
    for i in range(len(s)):
        v = VALUE[s[i]]
        if i + 1 < len(s) and VALUE[s[i + 1]] > v:
            total -= v
        else:
            total += v
    return total


def main():
    tokens = sys.stdin.read().split()
    q = int(tokens[0])
    out = []
    for token in tokens[1:1 + q]:
        if token.isdigit():
            out.append(to_roman(int(token)))
        else:
            out.append(str(from_roman(token)))
    print("\n".join(out))


main()
