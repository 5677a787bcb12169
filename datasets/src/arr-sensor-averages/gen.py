import json
import random

rng = random.Random(int(input()))


def answers(vals, queries):
    """(has an empty range, has an exact half-cent tie)."""
    empty = tie = False
    for a, b in queries:
        l, r = min(a, b), max(a, b)
        good = [v for v in vals[l - 1:r] if 0 <= v <= 1000]
        if not good:
            empty = True
        elif (2 * (100 * sum(good) % len(good))) == len(good):
            tie = True
    return empty, tie


def case(vals, queries):
    lines = [f"{len(vals)} {len(queries)}", " ".join(map(str, vals))] + [f"{a} {b}" for a, b in queries]
    return "\n".join(lines) + "\n"


def entry(p_bad):
    if rng.random() < p_bad:
        return -1 if rng.random() < 0.7 else rng.randint(1001, 10**6)
    return rng.randint(0, 1000)


def random_case(n, q, p_bad, short):
    vals = [entry(p_bad) for _ in range(n)]
    qs = []
    for _ in range(q):
        a = rng.randint(1, n)
        b = min(n, max(1, a + rng.randint(-short, short))) if short else rng.randint(1, n)
        qs.append((a, b))
    return vals, qs


def tie_case():
    """Eight valid readings summing to an odd number give an average ending in 5 thousandths."""
    n = rng.randint(8, 30)
    vals = [entry(0.0) for _ in range(n)]
    l = rng.randint(1, n - 7)
    block = [rng.randint(0, 1000) for _ in range(8)]
    if sum(block) % 2 == 0:
        block[0] = block[0] + 1 if block[0] < 1000 else block[0] - 1
    vals[l - 1:l + 7] = block
    qs = [(l, l + 7) if rng.random() < 0.5 else (l + 7, l)]
    for _ in range(rng.randint(0, 4)):
        qs.append((rng.randint(1, n), rng.randint(1, n)))
    rng.shuffle(qs)
    return vals, qs


tests = [
    case([250, 262, -1, 1200, 300], [(1, 2), (5, 3), (1, 5)]),
    case([10, 11, 12], [(1, 3), (2, 2), (3, 2)]),
    case([250, 262, -1, 1200, 300], [(3, 4)]),
    case([-1], [(1, 1)]),
    case([1000], [(1, 1)]),
    case([1, 0, 0, 0, 0, 0, 0, 0], [(1, 8)]),
    case([0, 0, 5000], [(3, 3), (1, 3)]),
    case([5, 6, 6, 6, 6, 6, 6, 6, -1], [(9, 1)]),
    case([-1, -1, 999999, 7], [(1, 3), (4, 1)]),
]

want = {(False, False): 46, (True, False): 30, (False, True): 24}
have = {k: 0 for k in want}
while any(have[k] < want[k] for k in want):
    r = rng.random()
    if r < 0.25:
        vals, qs = tie_case()
    elif r < 0.6:
        vals, qs = random_case(rng.randint(1, 40), rng.randint(1, 8), rng.choice([0.0, 0.2, 0.6]), rng.choice([0, 2]))
    else:
        vals, qs = random_case(rng.randint(50, 600), rng.randint(1, 40), rng.choice([0.02, 0.1, 0.3]), rng.choice([0, 3]))
    k = answers(vals, qs)
    if k == (True, True):
        k = (True, False)
    if have[k] < want[k]:
        have[k] += 1
        tests.append(case(vals, qs))

print(json.dumps(tests))
