import json
import random

rng = random.Random(int(input()))
N = 300
PRIMES = [p for p in range(2, N + 1) if all(p % d for d in range(2, int(p ** 0.5) + 1))]
POWERS = sorted({p ** k for p in PRIMES for k in range(2, 9) if p ** k <= N})
PLAIN = [n for n in range(N + 1) if n not in PRIMES and n not in POWERS]


def fmt(ns):
    return f"{len(ns)}\n" + "".join(f"{n}\n" for n in ns)


def plain(small=False):
    pool = [n for n in PLAIN if n <= 60] if small else PLAIN
    return rng.choice(pool)


tests = [
    fmt([6, 10]),
    fmt([0, 12, 1]),
    fmt([2]),
    fmt([1]),
    fmt([4]),
    fmt([5]),
    fmt([300]),
    fmt([293]),
    fmt([256]),
    fmt([3, 9]),
    fmt([20, 15, 6]),
]
kinds = ["plain"] * 33 + ["prime"] * 30 + ["power"] * 30
rng.shuffle(kinds)
for k in kinds:
    q = rng.randint(1, 3)
    ns = [plain(rng.random() < 0.4) for _ in range(q)]
    if k == "prime":
        ns[rng.randrange(q)] = rng.choice(PRIMES)
    elif k == "power":
        ns[rng.randrange(q)] = rng.choice(POWERS)
    tests.append(fmt(ns))
print(json.dumps(tests))
