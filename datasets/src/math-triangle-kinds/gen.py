import json
import random

rng = random.Random(int(input()))
M = 10**9
TRIPLES = [(3, 4, 5), (5, 12, 13), (8, 15, 17), (7, 24, 25), (20, 21, 29), (9, 40, 41)]


def shuffled(t):
    t = list(t)
    rng.shuffle(t)
    return tuple(t)


def clean():
    """A valid triangle whose equal sides (if any) are the two shorter ones, or an impossible one."""
    r = rng.random()
    hi = rng.choice([20, 1000, M])
    if r < 0.15:
        a = rng.randint(1, hi)
        return (a, a, a)
    if r < 0.3:
        m = rng.randint(1, M // 41)
        return shuffled(x * m for x in rng.choice(TRIPLES))
    if r < 0.45:
        c = rng.randint(3, hi)
        a = rng.randint(c // 2 + 1, c - 1) if c > 2 else 2
        return shuffled((a, a, c)) if a < c else (a, a, a)
    if r < 0.6:
        c = rng.randint(3, hi)
        a = rng.randint(1, c - 2)
        return shuffled((a, rng.randint(1, c - 1 - a), c))
    while True:
        a, b, c = sorted(rng.randint(1, hi) for _ in range(3))
        if a + b > c and a < b < c:
            return shuffled((a, b, c))


def flat():
    a, b = rng.randint(1, M // 2), rng.randint(1, M // 2)
    if rng.random() < 0.3:
        a, b = rng.randint(1, 10), rng.randint(1, 10)
    return shuffled((a, b, a + b))


def tall_isosceles():
    b = rng.randint(2, rng.choice([20, 1000, M]))
    a = rng.randint(1, b - 1)
    return shuffled((a, b, b))


def fmt(ts):
    return f"{len(ts)}\n" + "".join(f"{a} {b} {c}\n" for a, b, c in ts)


tests = [
    fmt([(3, 4, 5), (2, 2, 3), (7, 7, 7)]),
    fmt([(1, 2, 10), (6, 4, 5), (10, 6, 6)]),
    fmt([(1, 1, 1)]),
    fmt([(1, 1, 2)]),
    fmt([(2, 1, 1)]),
    fmt([(1, 2, 2)]),
    fmt([(M, M, M)]),
    fmt([(1, M, M)]),
    fmt([(M, 1, 1)]),
    fmt([(5, 3, 4), (13, 5, 12)]),
]
kinds = ["clean"] * 36 + ["flat"] * 27 + ["iso"] * 29
rng.shuffle(kinds)
for k in kinds:
    t = rng.randint(1, 6)
    ts = [clean() for _ in range(t)]
    if k == "flat":
        ts[rng.randrange(t)] = flat()
    elif k == "iso":
        ts[rng.randrange(t)] = tall_isosceles()
    tests.append(fmt(ts))
print(json.dumps(tests))
