import json
import random

rng = random.Random(int(input()))


def coats_of(n, passes):
    coats = [0] * (n + 1)
    for a, b, c in passes:
        for i in range(min(a, b), max(a, b) + 1):
            coats[i] += c
    return coats


def kind(n, passes, need):
    """(a plank has exactly K coats, a pass reaches the last plank)."""
    coats = coats_of(n, passes)
    return any(coats[i] == need for i in range(1, n + 1)), any(max(a, b) == n for a, b, _ in passes)


def case(n, need, passes, queries):
    lines = [f"{n} {len(passes)} {len(queries)} {need}"] + [f"{a} {b} {c}" for a, b, c in passes] + [f"{x} {y}" for x, y in queries]
    return "\n".join(lines) + "\n"


def random_case():
    n = rng.randint(1, 25 if rng.random() < 0.7 else 300)
    small = rng.random() < 0.6
    passes = []
    for _ in range(rng.randint(0, 12 if n < 30 else 60)):
        a = rng.randint(1, n)
        b = rng.randint(1, n) if rng.random() < 0.5 else min(n, a + rng.randint(0, 4))
        passes.append((a, b, rng.randint(1, 3) if small else rng.randint(1, 10**4)))
    queries = [(rng.randint(1, n), rng.randint(1, n)) for _ in range(rng.randint(1, 10))]
    coats = coats_of(n, passes)
    if rng.random() < 0.5 and passes:
        need = rng.choice(coats[1:]) or 1
    else:
        need = rng.randint(1, 8) if small else rng.randint(1, 3 * 10**4)
    return n, need, passes, queries


tests = [
    case(6, 3, [(1, 3, 2), (5, 2, 2)], [(1, 6), (4, 4), (5, 2)]),
    case(5, 4, [(2, 4, 2), (4, 1, 3)], [(1, 5), (3, 3)]),
    case(6, 2, [(1, 3, 1), (5, 2, 1)], [(1, 6), (4, 4), (5, 2)]),
    case(5, 3, [(2, 5, 2), (4, 1, 3)], [(1, 5), (3, 3)]),
    case(1, 1, [], [(1, 1)]),
    case(1, 1, [(1, 1, 1)], [(1, 1)]),
    case(4, 5, [(1, 4, 5)], [(2, 3)]),
    case(4, 2, [(4, 4, 1), (3, 4, 1)], [(4, 1)]),
    case(3, 10000, [(1, 2, 10000), (2, 2, 1)], [(1, 3)]),
    case(7, 1, [(2, 6, 1)], [(7, 1), (1, 1)]),
]

want = {(False, False): 44, (True, False): 30, (False, True): 28}
have = {k: 0 for k in want}
while any(have[k] < want[k] for k in want):
    n, need, passes, queries = random_case()
    k = kind(n, passes, need)
    if k == (True, True):
        k = (False, True)
    if have[k] < want[k]:
        have[k] += 1
        tests.append(case(n, need, passes, queries))

print(json.dumps(tests))
