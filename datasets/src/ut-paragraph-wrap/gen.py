import json
import random

rng = random.Random(int(input()))
WORDS = ("a an the of to in it is on at by we go up so no do me my be as or if "
         "cat sun map ink owl fog bell rope lamp tide moss reef kite pond dune harbor "
         "lantern meadow thunder quietly whisper compass orchard blossom river "
         "extraordinary unbelievably counterintuitive").split()

tests = [
    ["The quick brown fox jumps over the lazy dog", 10],
    ["Hello\n\nworld", 3],
    ["", 5],
    ["   \n  \n", 4],
    ["word", 4],
    ["word", 3],
    ["a b c d e f", 3],
    ["a b c d e f", 1],
    ["one\ntwo three\nfour", 9],
    ["\nleading blank line", 8],
    ["first\n\n\nsecond", 6],
    ["trailing\n\n", 8],
    ["supercalifragilistic", 6],
    ["ab cdefgh ij", 4],
    ["  spaced   out\twords  ", 6],
]


def paragraph(n, p_long):
    words = []
    for _ in range(n):
        w = rng.choice(WORDS)
        if rng.random() < p_long:
            w = w * rng.randint(2, 4)
        words.append(w)
    lines = []
    while words:
        k = rng.randint(1, 8)
        lines.append(" " * rng.randint(0, 1) + " ".join(words[:k]))
        words = words[k:]
    return "\n".join(lines)


def document(paragraphs, n, p_long, messy):
    seps = ["\n\n", "\n \n"] + (["\n\n\n", "\n  \n\n"] if messy else [])
    text = paragraph(rng.randint(1, n), p_long)
    for _ in range(paragraphs - 1):
        text += rng.choice(seps) + paragraph(rng.randint(1, n), p_long)
    if messy:
        text = rng.choice(["", "\n", "\n\n", " \n"]) + text + rng.choice(["", "\n", "\n\n", "\n \n"])
    return text


for k in range(70):
    messy = k % 3 == 0
    width = rng.choice([4, 6, 8, 10, 12, 16, 20, 30, 40])
    tests.append([document(rng.randint(1, 4), rng.randint(1, 6 + k // 2), rng.choice([0, 0, 0.1]), messy), width])
print(json.dumps(tests))
