import json
import random
from bisect import bisect_right

rng = random.Random(int(input()))


def case(segs, qs):
    lines = [f"{len(segs)} {len(qs)}"] + [f"{l} {r}" for l, r in segs] + [" ".join(map(str, qs))]
    return "\n".join(lines) + "\n"


def merge(segs, gap):
    blocks = []
    for l, r in sorted(segs):
        if blocks and l <= blocks[-1][1] + gap:
            blocks[-1][1] = max(blocks[-1][1], r)
        else:
            blocks.append([l, r])
    return blocks


def has_adjacent(segs):
    return merge(segs, 1) != merge(segs, 0)


def random_segs(n, span, max_len):
    out = []
    for _ in range(n):
        l = rng.randint(1, span)
        out.append((l, l + rng.randint(0, max_len)))
    return out


def queries(segs, q, hit_starts):
    blocks = merge(segs, 1)
    starts = {b[0] for b in blocks}
    hi = min(10**9, max(r for _, r in segs) + 5)
    out = []
    while len(out) < q:
        if rng.random() < 0.5:
            b = rng.choice(blocks)
            p = rng.randint(b[0], b[1])
        else:
            p = rng.randint(1, hi)
        if p in starts and not hit_starts:
            continue
        out.append(p)
    if hit_starts:
        out.append(rng.choice(blocks)[0])
        rng.shuffle(out)
    return out


tests = [
    case([(2, 4), (6, 9), (8, 12)], [1, 3, 5, 10, 13]),
    case([(10, 14), (1, 3), (12, 20)], [2, 15, 7, 21]),
    case([(1, 3), (4, 6), (10, 10)], [2, 4, 10, 7]),
    case([(5, 5)], [5]),
    case([(5, 5)], [4, 6]),
    case([(1, 1000000000)], [1, 999999999, 1000000000]),
    case([(3, 8), (4, 5)], [6, 9]),
    case([(1, 2), (3, 4), (5, 6)], [6]),
    case([(7, 9), (7, 9), (7, 9)], [8, 10]),
]

# Segments that never merge through mere adjacency, queries never on a stretch's first house.
while len(tests) < 52:
    segs = random_segs(rng.randint(1, 30), rng.choice([100, 10000, 10**9 - 10**6]), rng.choice([0, 5, 50, 5000]))
    if has_adjacent(segs):
        continue
    tests.append(case(segs, queries(segs, rng.randint(1, 20), False)))

# Adjacent crews: integer segments that only touch end to start.
for _ in range(30):
    n = rng.randint(2, 40)
    segs = []
    for _ in range(n):
        if segs and rng.random() < 0.4:
            l = rng.choice(segs)[1] + 1
        else:
            l = rng.randint(1, 300)
        segs.append((l, l + rng.randint(0, 12)))
    rng.shuffle(segs)
    tests.append(case(segs, queries(segs, rng.randint(1, 12), False)))

# Someone asks about the first house of a stretch.
for _ in range(26):
    while True:
        segs = random_segs(rng.randint(1, 40), rng.choice([60, 2000, 10**8]), rng.choice([0, 3, 30, 10**5]))
        if not has_adjacent(segs) or rng.random() < 0.3:
            break
    tests.append(case(segs, queries(segs, rng.randint(0, 12), True)))

print(json.dumps(tests))
