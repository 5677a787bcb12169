import json
import random

rng = random.Random(int(input()))
LIMIT = 10**5


def fmt(queries):
    return f"{len(queries)}\n" + "".join(" ".join(map(str, qr)) + "\n" for qr in queries)


def small_query():
    x, y = rng.randint(0, 14), rng.randint(0, 14)
    return (x, y, rng.randint(0, 16), rng.randint(0, 16))


def big_outside_query():
    """Large target, broken tile outside the rectangle (nothing to subtract)."""
    s = rng.randint(1000, LIMIT - 1)
    x = rng.randint(0, s)
    y = s - x
    if rng.random() < 0.5 and x < LIMIT:
        return (x, y, rng.randint(x + 1, LIMIT), rng.randint(0, LIMIT))
    return (x, y, rng.randint(0, LIMIT), rng.randint(y + 1, LIMIT) if y < LIMIT else 0)


def big_inside_query():
    s = rng.randint(1000, LIMIT - 1)
    x = rng.randint(1, s - 1)
    y = s - x
    return (x, y, rng.randint(0, x), rng.randint(0, y))


def full_query():
    x = rng.randint(0, LIMIT)
    return (x, LIMIT - x, rng.randint(0, LIMIT), rng.randint(0, LIMIT))


tests = [
    fmt([(2, 2, 1, 1), (3, 1, 5, 0)]),
    fmt([(4, 3, 2, 1), (1, 1, 0, 0), (0, 5, 0, 3)]),
    fmt([(0, 0, 0, 0)]),
    fmt([(0, 0, 3, 3)]),
    fmt([(5, 5, 5, 5)]),
    fmt([(LIMIT, 0, 1, 1)]),
    fmt([(50000, 50000, 50000, 50000)]),
    fmt([(60000, 40000, 1, 1)]),
    fmt([(99999, 1, 50000, 0)]),
]
# neither bug triggers: exact small counts or nothing subtracted
for _ in range(40):
    qs = [rng.choice([small_query, big_outside_query])() for _ in range(rng.randint(1, 6))]
    tests.append(fmt(qs))
# subtraction of large residues
for _ in range(34):
    qs = [rng.choice([small_query, big_outside_query])() for _ in range(rng.randint(0, 4))]
    qs += [big_inside_query() for _ in range(rng.randint(2, 5))]
    rng.shuffle(qs)
    tests.append(fmt(qs))
# targets on the largest diagonal x + y = 10^5
for _ in range(25):
    qs = [rng.choice([small_query, big_outside_query, big_inside_query])() for _ in range(rng.randint(0, 4))]
    qs.insert(rng.randint(0, len(qs)), full_query())
    tests.append(fmt(qs))
print(json.dumps(tests))
