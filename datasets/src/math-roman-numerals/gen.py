import json
import random

rng = random.Random(int(input()))
TABLE = [(1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
         (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def roman(n):
    out = []
    for v, s in TABLE:
        while n >= v:
            out.append(s)
            n -= v
    return "".join(out)


def plain_number():
    while True:
        n = rng.choice([rng.randint(1, 39), rng.randint(1, 400), rng.randint(1, 3999)])
        if n // 10 % 10 != 4:
            return n


def forty_number():
    return rng.choice([rng.randint(0, 39) * 100, rng.randint(0, 3) * 1000]) + 40 + rng.randint(0, 9)


def fmt(entries):
    return f"{len(entries)}\n" + "".join(f"{e}\n" for e in entries)


tests = [
    fmt([3, 9, 14, 1994, 2024]),
    fmt([58, 400, 3999, 1, 90]),
    fmt(["MCMXCIV"]),
    fmt(["I"]),
    fmt([40]),
    fmt([3888, "MMMDCCCLXXXVIII"]),
    fmt([44, 49]),
    fmt(["XL", 41]),
    fmt([1000, 500, 100]),
]
kinds = ["plain"] * 37 + ["forty"] * 30 + ["roman"] * 26
rng.shuffle(kinds)
for k in kinds:
    q = rng.randint(1, 12)
    entries = [plain_number() for _ in range(q)]
    if k == "forty":
        for _ in range(rng.randint(1, 2)):
            entries[rng.randrange(q)] = forty_number()
    elif k == "roman":
        for _ in range(rng.randint(1, 3)):
            entries[rng.randrange(q)] = roman(rng.randint(1, 3999))
    tests.append(fmt(entries))
print(json.dumps(tests))
