import json
import random

rng = random.Random(int(input()))


def case(rooms, meetings):
    return f"{rooms} {len(meetings)}\n" + "".join(f"{s} {e}\n" for s, e in meetings)


def peak(meetings):
    # Most meetings running at the same moment (end times are exclusive).
    events = sorted([(s, 1) for s, _ in meetings] + [(e, -1) for _, e in meetings], key=lambda x: (x[0], x[1]))
    cur = best = 0
    for _, d in events:
        cur += d
        best = max(best, cur)
    return best


def meetings_list(n, horizon, max_len, distinct_starts, ends_follow_input):
    starts = rng.sample(range(horizon), n) if distinct_starts else [rng.randrange(horizon // 3 + 1) * 3 for _ in range(n)]
    ms = [(s, s + rng.randint(1, max_len)) for s in starts]
    if ends_follow_input:
        # Meetings that start together are listed with their end times in increasing order.
        by_start = {}
        for s, e in ms:
            by_start.setdefault(s, []).append(e)
        order = {s: iter(sorted(v)) for s, v in by_start.items()}
        ms = [(s, next(order[s])) for s, _ in ms]
    return ms


tests = [
    case(2, [(1, 4), (2, 6), (4, 7), (6, 9), (7, 8)]),
    case(3, [(10, 20), (0, 5), (5, 15), (12, 13), (20, 30)]),
    case(1, [(0, 10), (5, 6), (10, 11)]),
    case(1, [(3, 4)]),
    case(2, [(0, 9), (0, 3), (3, 5)]),
    case(3, [(5, 6), (5, 8), (5, 7)]),
    case(4, [(0, 1), (1, 2), (2, 3), (3, 4)]),
    case(2, [(0, 100), (1, 100), (2, 100), (100, 101)]),
    case(5, [(7, 8), (7, 8), (7, 8)]),
    case(2, [(1, 5), (1, 2), (2, 3), (2, 6)]),
]
kinds = ["calm"] * 36 + ["crowded"] * 28 + ["ties"] * 30
rng.shuffle(kinds)
for kind in kinds:
    n = rng.randint(2, 60)
    if kind == "calm":
        ms = meetings_list(n, rng.choice([100, 1000, 10 ** 6]), rng.choice([5, 50, 500]), rng.random() < 0.5, True)
        rooms = max(1, peak(ms) + rng.randint(0, 3))
    elif kind == "crowded":
        ms = meetings_list(n, rng.choice([60, 300]), rng.choice([20, 100]), rng.random() < 0.5, rng.random() < 0.5)
        rooms = max(1, peak(ms) - rng.randint(1, 3))
    else:
        ms = meetings_list(n, rng.choice([30, 90, 300]), rng.choice([10, 50]), False, False)
        rooms = peak(ms) + rng.randint(0, 2)
    tests.append(case(min(rooms, 20), ms))
print(json.dumps(tests))
