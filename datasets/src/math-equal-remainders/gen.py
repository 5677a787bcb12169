import json
import random

rng = random.Random(int(input()))


def fmt(cases):
    parts = [f"{len(cases)}\n"]
    for a in cases:
        parts.append(f"{len(a)}\n{' '.join(map(str, a))}\n")
    return "".join(parts)


def grouped(n, m, lo=-10**9, hi=10**9):
    """n numbers sharing one remainder modulo m (gcd of differences is exactly m w.h.p.)."""
    r = rng.randint(0, m - 1)
    kmin = -((r - lo) // m)
    kmax = (hi - r) // m
    return [r + m * rng.randint(kmin, kmax) for _ in range(n)]


def plain_case():
    """A list whose last element does not change the answer."""
    n = rng.randint(3, 12)
    m = rng.choice([rng.randint(1, 50), rng.randint(2, 10**5), rng.randint(2, 10**8)])
    a = grouped(n, m)
    a[1] = a[0] + m if a[0] + m <= 10**9 else a[0] - m
    a[1:-1] = rng.sample(a[1:-1], n - 2)
    return a


def last_breaks_case():
    """All but the last element share a big modulus that the last element breaks."""
    n = rng.randint(3, 12)
    m = rng.randint(10**3, 10**8)
    a = grouped(n - 1, m)
    if len(set(a)) == 1:
        a[-1] = a[0] + m if a[0] + m <= 10**9 else a[0] - m
    delta = rng.randint(1, 10**6)
    a.append(a[0] + delta if a[0] + delta <= 10**9 else a[0] - delta)
    return a


def equal_case():
    n = rng.randint(1, 8)
    return [rng.randint(-10**9, 10**9)] * n


tests = [
    fmt([[3, 7, 15], [-4, 8, 2, 20]]),
    fmt([[-7, 3, 13], [100, 64, 40, 4]]),
    fmt([[10, 10, 10], [5], [1, 2]]),
    fmt([[0, 2]]),
    fmt([[-7, 3]]),
    fmt([[10**9, -10**9]]),
    fmt([[6, 6, 7]]),
    fmt([[1, 13, 25, 37, 38]]),
    fmt([[-1000000000]]),
    fmt([[4, 4], [9, 9, 9, 9]]),
]
kinds = ["plain"] * 36 + ["last"] * 35 + ["equal"] * 30
rng.shuffle(kinds)
for kind in kinds:
    t = rng.randint(1, 6)
    cases = [plain_case() for _ in range(t)]
    if kind == "last":
        cases[rng.randrange(t)] = last_breaks_case()
    elif kind == "equal":
        cases[rng.randrange(t)] = equal_case()
    tests.append(fmt(cases))
print(json.dumps(tests))
