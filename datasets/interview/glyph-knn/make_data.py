"""Writes data/train.csv (300) and data/test.csv (100) (seeded): 5x5 digit glyphs with pixels flipped at random."""
import random

GLYPHS = {
    0: "01110 10001 10001 10001 01110", 1: "00100 01100 00100 00100 01110", 2: "11110 00001 01110 10000 11111",
    3: "11110 00001 00110 00001 11110", 4: "10010 10010 11111 00010 00010", 5: "11111 10000 11110 00001 11110",
    6: "01110 10000 11110 10001 01110", 7: "11111 00010 00100 01000 01000", 8: "01110 10001 01110 10001 01110",
    9: "01110 10001 01111 00001 01110",
}
rng = random.Random(9)


def sample(digit, flip):
    bits = [int(c) for c in GLYPHS[digit].replace(" ", "")]
    return [1 - b if rng.random() < flip else b for b in bits]


header = "label," + ",".join(f"p{i}" for i in range(25))
for name, per, flip in (("train", 30, 0.07), ("test", 10, 0.12)):
    rows = [(d, sample(d, flip)) for d in range(10) for _ in range(per)]
    rng.shuffle(rows)
    open(f"data/{name}.csv", "w").write(header + "\n" + "".join(f"{d}," + ",".join(map(str, px)) + "\n" for d, px in rows))
