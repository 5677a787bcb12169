import json
import random

rng = random.Random(int(input()))
BIG = 10**18


def fmt(routes, times):
    return (f"{len(routes)} {len(times)}\n" + "".join(f"{s} {k}\n" for s, k in routes)
            + " ".join(map(str, times)) + "\n")


def small_route():
    k = rng.choice([0, rng.randint(1, 50), rng.randint(1, 10**6)])
    return (rng.randint(0, 10**7), k)


def small_time():
    return rng.randint(0, 2 * 10**7)


def clean_test():
    routes = [small_route() for _ in range(rng.randint(1, 6))]
    times = [small_time() for _ in range(rng.randint(1, 6))]
    return routes, times


def far_test():
    """Somebody waits at least 10^9: every bus is far in the future or long gone."""
    routes, times = clean_test()
    t = rng.randint(0, 10**12)
    far = []
    for _ in range(rng.randint(1, 4)):
        if rng.random() < 0.5:
            far.append((t + rng.randint(10**9, 10**12), rng.randint(0, 10**12)))
        else:
            k = rng.randint(2 * 10**9, 10**12)
            far.append((rng.randint(0, t), k) if rng.random() < 0.7 else (rng.randint(0, t - 1), 0))
    ok = [r for r in far if r[0] >= t or r[1] == 0 or (r[0] + -(-(t - r[0]) // r[1]) * r[1] - t) >= 10**9]
    if not any(r[0] >= t or r[1] > 0 for r in ok):
        ok.append((t + 10**9 + rng.randint(0, 10**6), 0))
    times = [x for x in times if x > 2 * 10**7] + [t]
    rng.shuffle(times)
    return ok, times


def big_test():
    """Huge times with a short interval: the exact ceiling matters."""
    routes, times = clean_test()
    routes = [r for r in routes if r[1] > 1000 or r[1] == 0]
    t = rng.randint(BIG // 10, BIG)
    s = rng.randint(0, t // 1000)
    k = rng.randint(1, 3)
    routes.insert(rng.randint(0, len(routes)), (s, k))
    times.insert(rng.randint(0, len(times)), t)
    return routes, times


tests = [
    fmt([(5, 10), (7, 3)], [0, 6, 14, 40]),
    fmt([(100, 0), (0, 7), (3, 5)], [100, 101, 8]),
    fmt([(10, 0)], [11]),
    fmt([(10, 0)], [10]),
    fmt([(0, 0), (0, 1)], [0, 5]),
    fmt([(BIG, 0)], [0]),
    fmt([(0, BIG)], [1]),
    fmt([(0, 1)], [BIG]),
    fmt([(0, 3)], [BIG - 1]),
    fmt([(4, 2), (2, 4)], [7]),
]
kinds = ["clean"] * 36 + ["far"] * 28 + ["big"] * 28
rng.shuffle(kinds)
for kind in kinds:
    tests.append(fmt(*{"clean": clean_test, "far": far_test, "big": big_test}[kind]()))
print(json.dumps(tests))
