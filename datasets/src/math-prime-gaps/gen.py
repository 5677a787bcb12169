import json
import random
from bisect import bisect_left, bisect_right

rng = random.Random(int(input()))
N = 2 * 10**5

sieve = bytearray([1]) * (N + 1)
sieve[0] = sieve[1] = 0
for i in range(2, 450):
    if sieve[i]:
        sieve[i * i::i] = bytearray(len(range(i * i, N + 1, i)))
primes = [i for i in range(N + 1) if sieve[i]]


def kind(left, right):
    lo, hi = bisect_left(primes, left), bisect_right(primes, right)
    if hi - lo == 0:
        return "none"
    if hi - lo == 1:
        return "single"
    gaps = [primes[i + 1] - primes[i] for i in range(lo, hi - 1)]
    return "tie" if gaps.count(max(gaps)) > 1 else "clean"


def random_range():
    length = rng.choice([rng.randint(1, 40), rng.randint(1, 400), rng.randint(1, 5000), rng.randint(1, N)])
    left = rng.randint(1, N - length + 1)
    return (left, left + length - 1)


def query_of(wanted):
    while True:
        if wanted == "single" and rng.random() < 0.7:
            p = rng.choice(primes)
            left = max(1, p - rng.randint(0, 30))
            right = min(N, p + rng.randint(0, 30))
        else:
            left, right = random_range()
        if kind(left, right) in wanted.split("|"):
            return (left, right)


def fmt(qs):
    return f"{len(qs)}\n" + "".join(f"{a} {b}\n" for a, b in qs)


tests = [
    fmt([(20, 30), (1, 1), (89, 97)]),
    fmt([(1, 30), (114, 126), (1000, 1100)]),
    fmt([(2, 2)]),
    fmt([(1, 2)]),
    fmt([(2, 3)]),
    fmt([(3, 7)]),
    fmt([(1, N)]),
    fmt([(24, 28)]),
    fmt([(199990, 200000)]),
    fmt([(8, 12), (14, 16)]),
]
kinds = ["clean"] * 34 + ["tie"] * 33 + ["single"] * 28
rng.shuffle(kinds)
for k in kinds:
    q = rng.randint(1, 6)
    qs = [query_of("clean|none") for _ in range(q)]
    if k != "clean":
        qs[rng.randrange(q)] = query_of(k)
    tests.append(fmt(qs))
print(json.dumps(tests))
