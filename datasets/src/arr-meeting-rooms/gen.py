import json
import random

rng = random.Random(int(input()))


def case(bookings, queries):
    lines = [f"{len(bookings)} {len(queries)}"]
    lines += [f"{s} {e}" for s, e in bookings]
    lines += [str(t) for t in queries]
    return "\n".join(lines) + "\n"


def bookings_without_touching(n, horizon, max_len):
    """Bookings where no booking starts at a moment when another one ends."""
    out = []
    ends = set()
    starts = set()
    while len(out) < n:
        s = rng.randint(0, horizon - 2)
        e = min(horizon, s + rng.randint(1, max_len))
        if s in ends or e in starts:
            continue
        out.append((s, e))
        starts.add(s)
        ends.add(e)
    return out


def safe_queries(bookings, q, horizon):
    """Query moments that are neither an end moment nor the last end."""
    ends = {e for _, e in bookings}
    out = []
    while len(out) < q:
        t = rng.choice([rng.randint(0, horizon), rng.randint(horizon + 1, 10**9)])
        if t not in ends:
            out.append(t)
    return out


tests = [
    case([(1, 4), (2, 6), (6, 8)], [0, 2, 5, 7, 100]),
    case([(0, 3), (1, 2), (4, 5)], [1, 4, 6]),
    case([(0, 3), (3, 5), (1, 2)], [1, 3, 4, 5]),
    case([(0, 1)], [0, 1]),
    case([(5, 10)], [4, 5, 9, 11]),
    case([(2, 5), (5, 9)], [5]),
    case([(0, 100000)], [0, 99999, 1000000000]),
    case([(3, 7), (3, 7), (3, 7)], [2, 3, 6, 8]),
    case([(1, 2), (2, 3), (3, 4), (4, 5)], [0, 1, 2, 3, 4]),
]

# Bookings that never touch, queries away from end moments: both bugs stay hidden.
for i in range(44):
    horizon = rng.choice([20, 100, 1000, 20000])
    n = rng.randint(1, 8 if horizon == 20 else 60)
    b = bookings_without_touching(n, horizon, max(2, horizon // 4))
    tests.append(case(b, safe_queries(b, rng.randint(1, 40), horizon)))

# Back-to-back bookings (one starts when another ends) and queries at end moments.
for i in range(38):
    horizon = rng.choice([30, 200, 5000])
    n = rng.randint(2, 50)
    b = []
    for _ in range(n):
        if b and rng.random() < 0.5:
            s = rng.choice(b)[1]
            if s >= horizon:
                s = rng.randint(0, horizon - 2)
        else:
            s = rng.randint(0, horizon - 2)
        e = min(horizon, s + rng.randint(1, max(2, horizon // 5)))
        b.append((s, e))
    qs = safe_queries(b, rng.randint(1, 20), max(e for _, e in b) - 1)
    qs = [t for t in qs if t < max(e for _, e in b)]
    qs += [rng.choice(b)[1] for _ in range(rng.randint(0, 3))]
    qs = [t for t in qs if t != max(e for _, e in b)] or [0]
    rng.shuffle(qs)
    tests.append(case(b, qs))

# Queries exactly at the moment the last booking ends.
for i in range(24):
    horizon = rng.choice([50, 1000, 100000])
    n = rng.randint(1, 40)
    b = [(s, min(horizon, s + rng.randint(1, max(2, horizon // 3)))) for s in (rng.randint(0, horizon - 2) for _ in range(n))]
    last = max(e for _, e in b)
    qs = [rng.randint(0, last - 1) for _ in range(rng.randint(0, 15))] + [last]
    rng.shuffle(qs)
    tests.append(case(b, qs))

print(json.dumps(tests))
