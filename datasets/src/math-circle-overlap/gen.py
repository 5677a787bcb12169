import json
import math
import random

rng = random.Random(int(input()))
C = 10**4


def area(p):
    x1, y1, r1, x2, y2, r2 = p
    d2 = (x1 - x2) ** 2 + (y1 - y2) ** 2
    d = math.sqrt(d2)
    if d >= r1 + r2:
        return 0.0
    if d <= abs(r1 - r2):
        return math.pi * min(r1, r2) ** 2
    a1 = math.acos((d2 + r1 * r1 - r2 * r2) / (2 * d * r1))
    a2 = math.acos((d2 + r2 * r2 - r1 * r1) / (2 * d * r2))
    return r1 * r1 * (a1 - math.sin(2 * a1) / 2) + r2 * r2 * (a2 - math.sin(2 * a2) / 2)


def place(r1, r2, dmin, dmax):
    """Two circles with radii r1, r2 whose centres are between dmin and dmax apart."""
    while True:
        d = rng.uniform(dmin, dmax)
        ang = rng.uniform(0, 2 * math.pi)
        dx, dy = round(d * math.cos(ang)), round(d * math.sin(ang))
        x1 = rng.randint(-C + abs(dx), C - abs(dx)) if abs(dx) <= C else 0
        y1 = rng.randint(-C + abs(dy), C - abs(dy)) if abs(dy) <= C else 0
        x2, y2 = x1 + dx, y1 + dy
        if max(abs(x2), abs(y2)) <= C and dmin <= math.hypot(dx, dy) <= dmax:
            return (x1, y1, r1, x2, y2, r2)


def separate():
    r1, r2 = rng.randint(1, 3000), rng.randint(1, 3000)
    return place(r1, r2, r1 + r2, min(2 * C, r1 + r2 + rng.randint(0, 5000)))


def big_overlap():
    """A pair whose overlap is 0 or large, and never circle 1 strictly inside circle 2."""
    while True:
        r1, r2 = rng.randint(30, C), rng.randint(30, C)
        p = place(r1, r2, 0, r1 + r2)
        x1, y1, _, x2, y2, _ = p
        d = math.hypot(x1 - x2, y1 - y2)
        if r1 < r2 and d <= r2 - r1:
            continue
        if area(p) == 0.0 or area(p) >= 800:
            return p


def small_overlap():
    while True:
        r1, r2 = rng.randint(1, 12), rng.randint(1, 12)
        if rng.random() < 0.3:
            r1, r2 = rng.randint(50, 3000), rng.randint(50, 3000)
            p = place(r1, r2, r1 + r2 - 3, r1 + r2 - 0.01)
        else:
            p = place(r1, r2, abs(r1 - r2) + 0.5, r1 + r2 - 0.5)
        if 0 < area(p) < 300:
            return p


def inside_first():
    while True:
        r1 = rng.randint(1, 4000)
        r2 = rng.randint(r1 + 2, C)
        p = place(r1, r2, 0.7, r2 - r1 - 0.7)
        x1, y1, _, x2, y2, _ = p
        if 0 < math.hypot(x1 - x2, y1 - y2) < r2 - r1:
            return p


def fmt(pairs):
    return f"{len(pairs)}\n" + "".join(" ".join(map(str, p)) + "\n" for p in pairs)


tests = [
    fmt([(0, 0, 30, 20, 0, 25), (0, 0, 5, 10, 0, 5), (0, 0, 5, 20, 0, 5)]),
    fmt([(1, 1, 40, 5, 4, 20), (-7, 3, 100, -7, 3, 100)]),
    fmt([(0, 0, 1, 1, 0, 1)]),
    fmt([(0, 0, 1, 3, 4, 1)]),
    fmt([(0, 0, 2, 1, 0, 5)]),
    fmt([(0, 0, 10000, 1, 1, 10000)]),
    fmt([(-10000, -10000, 10000, 10000, 10000, 10000)]),
    fmt([(0, 0, 3, 2, 0, 5), (0, 0, 5, 2, 0, 3)]),
    fmt([(0, 0, 9999, 10000, 0, 1), (0, 0, 10000, 10000, 0, 1)]),
    fmt([(5, 5, 1, 5, 5, 1)]),
]
kinds = ["clean"] * 37 + ["small"] * 31 + ["inside"] * 24
rng.shuffle(kinds)
for kind in kinds:
    t = rng.randint(1, 6)
    pairs = [rng.choice([separate, big_overlap, big_overlap])() for _ in range(t)]
    if kind == "small":
        pairs[rng.randrange(t)] = small_overlap()
    elif kind == "inside":
        pairs[rng.randrange(t)] = inside_first()
    tests.append(fmt(pairs))
print(json.dumps(tests))
