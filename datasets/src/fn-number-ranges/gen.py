import json
import math
import random

rng = random.Random(int(input()))

tests = [
    [[7, 3, 4, 5, 10, 1, 2, 12, 11], 3],
    [[-2, 0, -1, 5, 6], 2],
    [[], 3],
    [[42], 1],
    [[42], 2],
    [[], 1],
    [[5, 5, 5], 2],
    [[1, 2, 2, 3], 3],
    [[1, 2, 3, 4], 0],
    [[], 0],
    [[9, 8, 7, 6, 5], 5],
    [[9, 8, 7, 6, 5], 6],
    [[-1000000000, 1000000000], 2],
    [[3, 1, 2, 3, 1, 2], 3],
    [[0, 1, 3, 4, 6, 7], 2],
]


def values(n, lo, span, dup_rate):
    """Distinct values drawn from a window (so runs form), then some repeated."""
    base = rng.sample(range(lo, lo + span), min(n, span))
    extra = [rng.choice(base) for _ in range(math.ceil(len(base) * dup_rate))]
    out = base + extra
    rng.shuffle(out)
    return out


for size in range(60):
    n = rng.randint(1, 6 + size)
    span = n + rng.randint(0, n)
    lo = rng.randint(-50, 50) if size % 3 else rng.randint(-10**9, 10**9 - span)
    dup_rate = 0.0 if size % 3 == 1 else rng.choice([0.05, 0.1, 0.3])
    tests.append([values(n, lo, span, dup_rate), rng.choice([0, 1, 2, 2, 3, 3, 4, 5])])
print(json.dumps(tests))
