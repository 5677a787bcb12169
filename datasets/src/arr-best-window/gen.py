import json
import random

rng = random.Random(int(input()))


def case(a, ks):
    return f"{len(a)} {len(ks)}\n{' '.join(map(str, a))}\n{' '.join(map(str, ks))}\n"


def distinct_best_not_last(n, lo, hi):
    """Wide random profits; regenerated until no window length has a tie or a best last window."""
    while True:
        a = [rng.randint(lo, hi) for _ in range(n)]
        ok = True
        for k in range(1, n):
            sums = [sum(a[i:i + k]) for i in range(n - k + 1)]
            b = max(sums)
            if sums.count(b) > 1 or sums[-1] == b:
                ok = False
                break
        if ok:
            return a


tests = [
    case([3, -1, 4, -1, 2], [1, 3, 6]),
    case([2, -5, 2, 2, -5, 1], [2, 4]),
    case([3, -1, 4, -1, 5], [1, 2, 6]),
    case([2, 2, -5, 2, 2], [2, 1]),
    case([7], [1]),
    case([-3], [1, 2]),
    case([1, 2, 3, 4], [4]),
    case([1, 2, 3, 4], [2]),
    case([5, 5, 5, 5], [1, 3]),
    case([-2, -2, -2], [2]),
    case([0, 0, 0, 0, 0, 0], [3, 7]),
    case([10, -100, 10], [1, 3]),
]

# Wide values, no ties, best stretch never the last one, k < n: both bugs stay hidden.
for _ in range(44):
    n = rng.randint(2, 12)
    a = distinct_best_not_last(n, -10**6, 10**6)
    ks = [rng.randint(1, n - 1) for _ in range(rng.randint(1, 3))]
    if rng.random() < 0.4:
        ks.append(rng.randint(n + 1, 3000))
    tests.append(case(a, ks))

# Small values: ties are everywhere.
for _ in range(30):
    n = rng.randint(3, 300)
    a = [rng.randint(-3, 3) for _ in range(n)]
    ks = [rng.randint(1, min(n - 1, 5)) for _ in range(rng.randint(1, 4))]
    tests.append(case(a, ks))

# The whole record as one stretch, or a rising trend whose best stretch is the last one.
for _ in range(26):
    n = rng.randint(2, 250)
    if rng.random() < 0.5:
        a = [rng.randint(-10**6, 10**6) for _ in range(n)]
        ks = [n] + [rng.randint(1, n) for _ in range(rng.randint(0, 2))]
    else:
        a = [i * 50 + rng.randint(-20, 20) for i in range(n)]
        ks = [rng.randint(1, n - 1) for _ in range(rng.randint(1, 3))]
    rng.shuffle(ks)
    tests.append(case(a, ks))

print(json.dumps(tests))
