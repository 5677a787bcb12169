import json
import random

rng = random.Random(int(input()))


def greedy(lamps, length, loose_end, unbounded):
    segs = sorted((p - r, p + r) for p, r in lamps if r > 0)
    n = len(segs)
    cur = i = used = 0
    while cur < length or (loose_end and cur == length):
        reach = cur
        while (unbounded or i < n) and segs[i][0] <= cur:
            reach = max(reach, segs[i][1])
            i += 1
        if reach == cur:
            return -1
        cur = reach
        used += 1
    return used


def kind(streets):
    """(termination bug changes an answer, the inner loop would run past the end)."""
    a = b = False
    for lamps, length in streets:
        good = greedy(lamps, length, False, False)
        try:
            greedy(lamps, length, True, True)
        except IndexError:
            b = True
            continue
        a = a or greedy(lamps, length, True, False) != good
    return a, b


def case(streets):
    lines = [str(len(streets))]
    for lamps, length in streets:
        lines.append(f"{len(lamps)} {length}")
        lines += [f"{p} {r}" for p, r in lamps]
    return "\n".join(lines) + "\n"


def street(style):
    length = rng.choice([10, 50, 1000, 10**6, 10**9])
    n = rng.randint(1, 12 if style != "big" else 80)
    unit = max(1, length // 8)
    lamps = []
    for _ in range(n):
        p = rng.randint(-unit, length + unit)
        r = rng.randint(0, unit) if rng.random() < 0.9 else 0
        lamps.append((p, r))
    if style == "exact":
        # A lamp whose light ends exactly at L, and nothing reaching further.
        r = rng.randint(1, unit)
        lamps.append((length - r, r))
    if style == "chain":
        x = 0
        while x < length:
            r = rng.randint(1, unit)
            lamps.append((x + r, r))
            x += 2 * r
    if style == "tail":
        # Lamps far beyond the end: they are never reached by the greedy scan.
        lamps += [(length + unit * 3 + k, rng.randint(1, unit)) for k in range(rng.randint(1, 3))]
    rng.shuffle(lamps)
    return lamps, length


tests = [
    case([([(2, 3), (7, 4), (5, 1), (30, 2)], 10), ([(1, 1), (6, 2), (20, 1)], 8)]),
    case([([(-5, 10), (13, 8), (40, 1)], 20), ([(0, 0), (4, 6), (15, 3)], 9)]),
    case([([(2, 2), (6, 3), (5, 1)], 9), ([(3, 1), (8, 2)], 10)]),
    case([([(-5, 10), (20, 15)], 20), ([(0, 0), (4, 5)], 9)]),
    case([([(0, 1)], 1)]),
    case([([(5, 5)], 10)]),
    case([([(1, 1), (3, 1), (5, 1)], 6)]),
    case([([(0, 0)], 1)]),
    case([([(500000000, 500000000), (2000000000, 1000000000)], 1000000000)]),
    case([([(1, 1), (4, 1), (10, 100)], 5)]),
]

want = {(False, False): 44, (True, False): 30, (False, True): 28}
have = {k: 0 for k in want}
styles = ["plain", "exact", "chain", "tail", "big"]
while any(have[k] < want[k] for k in want):
    streets = [street(rng.choice(styles)) for _ in range(rng.randint(1, 4))]
    k = kind(streets)
    if k == (True, True):
        k = (False, True)
    if have[k] < want[k]:
        have[k] += 1
        tests.append(case(streets))

print(json.dumps(tests))
