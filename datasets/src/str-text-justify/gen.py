import json
import random

rng = random.Random(int(input()))
ALPHA = "abcdefghijklmnopqrstuvwxyz"


def case(width, words):
    # Words spread over several input lines.
    rows, i = [], 0
    while i < len(words):
        k = rng.randint(1, 8)
        rows.append(" ".join(words[i:i + k]))
        i += k
    return f"{width} {len(words)}\n" + "".join(r + "\n" for r in rows)


def word(lo, hi, punct=True):
    # hi counts a possible trailing punctuation mark.
    w = "".join(rng.choice(ALPHA) for _ in range(rng.randint(lo, hi - 1 if punct else hi)))
    if punct and rng.random() < 0.15:
        w += rng.choice(",.;!?")
    return w


def uniform(k, length, spaces, lines):
    # Every full line holds k words of one length, spaced evenly.
    width = k * length + spaces * (k - 1)
    n = k * lines + rng.randint(0, k)
    return case(width, [word(length, length, False) for _ in range(n)])


tests = [
    case(16, "the quick brown fox jumps over the lazy dog".split()),
    case(12, "a tremendously long word here".split()),
    case(1, ["x"]),
    case(5, ["hello"]),
    case(20, "all these words fit".split()),
    case(7, "ab cd ef gh".split()),
    case(9, "abc def ghi jkl mno".split()),
    case(12, "supercalifra is a longword indeed".split()),
    case(8, ["aaaaaaaa", "bbbbbbbb", "cc"]),
]
# Everything fits on a single line.
for _ in range(12):
    n = rng.randint(1, 8)
    words = [word(2, 8) for _ in range(n)]
    tests.append(case(sum(map(len, words)) + n - 1 + rng.randint(0, 10), words))
# Evenly spaced lines.
for _ in range(22):
    tests.append(uniform(rng.randint(2, 6), rng.randint(1, 6), rng.randint(1, 3), rng.randint(1, 8)))
# Ordinary paragraphs.
for _ in range(38):
    width = rng.randint(12, 60)
    tests.append(case(width, [word(1, min(10, width)) for _ in range(rng.randint(5, 80))]))
# Paragraphs with some very long words.
for _ in range(22):
    width = rng.randint(8, 30)
    words = [word(width - 2, width) if rng.random() < 0.15 else word(1, 5) for _ in range(rng.randint(5, 50))]
    tests.append(case(width, words))
print(json.dumps(tests))
