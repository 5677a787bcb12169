import json
import math
import random

rng = random.Random(int(input()))
TOP = 10**60


def coprime_system(n):
    pairs, prod = [], 1
    while len(pairs) < n:
        m = rng.choice([rng.randint(1, 30), rng.randint(2, 10**4), rng.randint(2, 10**9)])
        if math.gcd(m, prod) == 1:
            prod *= m
            pairs.append((rng.randint(0, m - 1) if rng.random() < 0.7 else rng.randint(0, 10**9), m))
    return pairs


def shared_system(n):
    """At least two moduli share a factor; consistent or not."""
    base = rng.randint(2, 10**4)
    x = rng.randint(0, 10**12)
    pairs = []
    for _ in range(max(n, 2)):
        m = base * rng.randint(1, 10**5) if rng.random() < 0.7 else rng.randint(1, 10**9)
        pairs.append((x % m if rng.random() < 0.8 else rng.randint(0, 10**9), m))
    return pairs


def windows(q):
    ws = []
    for _ in range(q):
        r = rng.random()
        if r < 0.4:
            ws.append((0, TOP))
        elif r < 0.7:
            lo = rng.randint(0, 10**rng.randint(1, 30))
            ws.append((lo, lo + rng.randint(0, 10**rng.randint(1, 40))))
        else:
            lo = rng.randint(0, TOP)
            ws.append((lo, rng.randint(lo, TOP)))
    return ws


def harbour(kind):
    q = rng.randint(1, 4)
    if kind == "single":
        m = rng.randint(1, 10**6)
        return [(rng.randint(m, 10**9), m)], [(0, TOP)] + windows(q - 1)
    if kind == "shared":
        return shared_system(rng.randint(2, 6)), windows(q)
    n = rng.randint(1, 6)
    pairs = coprime_system(n)
    if n == 1:
        pairs = [(pairs[0][0] % pairs[0][1], pairs[0][1])]
    return pairs, windows(q)


def fmt(harbours):
    parts = [f"{len(harbours)}\n"]
    for pairs, ws in harbours:
        parts.append(f"{len(pairs)} {len(ws)}\n")
        parts += [f"{a} {m}\n" for a, m in pairs]
        parts += [f"{lo} {hi}\n" for lo, hi in ws]
    return "".join(parts)


tests = [
    fmt([([(2, 3), (3, 5), (2, 7)], [(0, 200), (24, 300), (130, 200)])]),
    fmt([([(1, 4), (3, 5)], [(0, 19), (20, 10**6)]), ([(0, 1)], [(5, 9)])]),
    fmt([([(7, 3)], [(0, 10)])]),
    fmt([([(2, 4), (4, 6)], [(0, 100)])]),
    fmt([([(1, 4), (2, 6)], [(0, 100)])]),
    fmt([([(0, 1)], [(0, 0)])]),
    fmt([([(999999999, 1000000000), (999999999, 999999999)], [(0, TOP)])]),
    fmt([([(10**9, 1)], [(0, 3)])]),
    fmt([([(5, 10), (5, 10)], [(0, 50)])]),
    fmt([([(3, 7)], [(4, 9), (11, 16)])]),
]
kinds = ["clean"] * 36 + ["single"] * 27 + ["shared"] * 28
rng.shuffle(kinds)
for k in kinds:
    h = rng.randint(1, 4)
    hs = [harbour("clean") for _ in range(h)]
    if k != "clean":
        hs[rng.randrange(h)] = harbour(k)
    tests.append(fmt(hs))
print(json.dumps(tests))
