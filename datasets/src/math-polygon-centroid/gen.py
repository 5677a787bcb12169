import json
import math
import random

rng = random.Random(int(input()))
C = 10**4


def fmt(plates):
    parts = [f"{len(plates)}\n"]
    for p in plates:
        parts.append(f"{len(p)}\n" + "".join(f"{x} {y}\n" for x, y in p))
    return "".join(parts)


def star(k, r):
    """A simple polygon, star-shaped around an integer centre, listed counter-clockwise."""
    cx, cy = rng.randint(-C + r, C - r), rng.randint(-C + r, C - r)
    offs = [(rng.randint(1, r), rng.randint(1, r)), (-rng.randint(1, r), rng.randint(1, r)),
            (-rng.randint(1, r), -rng.randint(1, r)), (rng.randint(1, r), -rng.randint(1, r))]
    offs += [(rng.randint(-r, r), rng.randint(-r, r)) for _ in range(k - 4)]
    seen = {}
    for dx, dy in offs:
        if dx == 0 and dy == 0:
            continue
        g = math.gcd(dx, dy)
        key = (dx // g, dy // g)
        if key not in seen:
            seen[key] = (dx, dy)
    pts = sorted(seen.values(), key=lambda d: math.atan2(d[1], d[0]))
    return [(cx + dx, cy + dy) for dx, dy in pts]


def ccw_plate():
    kind = rng.random()
    if kind < 0.2:
        x, y = rng.randint(-C, C - 1), rng.randint(-C, C - 1)
        w, h = rng.randint(1, C - x), rng.randint(1, C - y)
        return [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    if kind < 0.35:
        while True:
            p = [(rng.randint(-C, C), rng.randint(-C, C)) for _ in range(3)]
            cr = (p[1][0] - p[0][0]) * (p[2][1] - p[0][1]) - (p[1][1] - p[0][1]) * (p[2][0] - p[0][0])
            if cr != 0:
                return p if cr > 0 else p[::-1]
    return star(rng.randint(4, 60), rng.choice([5, 100, 3000]))


def cw_plate():
    p = ccw_plate()[::-1]
    s = rng.randrange(len(p))
    return p[s:] + p[:s]


def tiny_plate():
    return [(rng.randint(-C, C), rng.randint(-C, C)) for _ in range(rng.randint(1, 2))]


def collinear_plate():
    dx, dy = rng.randint(-20, 20), rng.randint(-20, 20)
    if dx == dy == 0:
        dx = 1
    x0, y0 = rng.randint(-5000, 5000), rng.randint(-5000, 5000)
    n = rng.randint(3, 8)
    return [(x0 + dx * t, y0 + dy * t) for t in (rng.randint(-200, 200) for _ in range(n))]


tests = [
    fmt([[(0, 0), (4, 0), (4, 4), (0, 4)], [(1, 1), (7, 1), (1, 4)]]),
    fmt([[(-1, -1), (-1, 1), (1, 1), (1, -1)], [(3, 3), (5, 5)], [(2, -3), (6, -3), (4, 0)]]),
    fmt([[(5, 5)]]),
    fmt([[(0, 0), (1, 1), (2, 2)]]),
    fmt([[(0, 0), (0, 3), (3, 0)]]),
    fmt([[(1, 0), (2, 0), (1, 0)], [(0, 0), (2, 0), (0, 2)]]),
    fmt([[(10000, 10000), (-10000, 10000), (-10000, -10000), (10000, -10000)]]),
    fmt([[(0, 0), (3, 0), (3, 1), (1, 1), (1, 3), (0, 3)]]),
    fmt([[(7, 7), (7, 9)], [(-3, 4)]]),
    fmt([[(1, 2), (1, 8), (5, 8), (5, 2)]]),
]
kinds = ["clean"] * 35 + ["cw"] * 33 + ["col"] * 26
rng.shuffle(kinds)
for kind in kinds:
    t = rng.randint(1, 5)
    plates = [ccw_plate() if rng.random() < 0.85 else tiny_plate() for _ in range(t)]
    if kind == "cw":
        for _ in range(rng.randint(1, t)):
            plates[rng.randrange(t)] = cw_plate()
    elif kind == "col":
        plates[rng.randrange(t)] = collinear_plate()
    tests.append(fmt(plates))
print(json.dumps(tests))
