import json
import random

rng = random.Random(int(input()))


def plan(talks, arrive, leave, gap, key_start, strict):
    usable = [(s, e, i + 1) for i, (s, e) in enumerate(talks) if s >= arrive and e <= leave]
    usable.sort(key=(lambda t: (t[1], t[0])) if key_start else (lambda t: (t[1], t[2])))
    chosen, free_at = [], None
    for s, e, idx in usable:
        if free_at is None or (s > free_at if strict else s >= free_at):
            chosen.append(idx)
            free_at = e + gap
    return chosen


def day_text(day):
    n_talks, arrive, leave, gap, talks = day
    return [f"{len(talks)} {arrive} {leave} {gap}"] + [f"{s} {e}" for s, e in talks]


def case(days):
    lines = [str(len(days))]
    for d in days:
        lines += day_text(d)
    return "\n".join(lines) + "\n"


def kind(days):
    """Which bugs change the answer: (sort key bug, strict bug)."""
    a = b = False
    for _, arrive, leave, gap, talks in days:
        good = plan(talks, arrive, leave, gap, False, False)
        a = a or plan(talks, arrive, leave, gap, True, False) != good
        b = b or plan(talks, arrive, leave, gap, False, True) != good
    return a, b


def random_day(style):
    n = rng.randint(1, 40 if style != "big" else 300)
    horizon = rng.choice([50, 500, 100000])
    gap = rng.choice([0, 0, 1, 5, 30]) if style != "wide" else rng.randint(0, 1000)
    arrive = rng.randint(0, horizon // 4)
    leave = rng.randint(horizon * 3 // 4, horizon)
    talks = []
    for _ in range(n):
        if style == "chain" and talks and rng.random() < 0.5:
            s = rng.choice(talks)[1] + gap
        else:
            s = rng.randint(0, horizon - 1)
        e = s + rng.randint(1, max(1, horizon // 6))
        if style == "sameend" and talks and rng.random() < 0.5:
            e = rng.choice(talks)[1]
            s = rng.randint(max(0, e - horizon // 6), e - 1)
        talks.append((s, e))
    return (n, arrive, leave, gap, talks)


tests = [
    case([(4, 0, 20, 0, [(1, 4), (5, 9), (2, 6), (10, 12)])]),
    case([(3, 0, 10, 2, [(0, 4), (7, 9), (5, 8)]), (2, 5, 9, 0, [(1, 6), (6, 10)])]),
    case([(4, 0, 20, 0, [(1, 5), (5, 9), (2, 6), (9, 12)])]),
    case([(3, 0, 10, 2, [(0, 4), (6, 8), (5, 8)])]),
    case([(1, 0, 10, 0, [(3, 4)])]),
    case([(1, 5, 10, 0, [(3, 7)])]),
    case([(3, 0, 100, 0, [(10, 20), (10, 20), (10, 20)])]),
    case([(2, 0, 100, 10, [(0, 10), (20, 30)])]),
    case([(3, 0, 9, 0, [(1, 3), (3, 5), (5, 9)])]),
    case([(2, 0, 9, 0, [(2, 6), (1, 6)])]),
]

want = {(False, False): 40, (True, False): 30, (False, True): 30}
have = {k: 0 for k in want}
styles = ["plain", "wide", "chain", "sameend", "big"]
while any(have[k] < want[k] for k in want):
    days = [random_day(rng.choice(styles)) for _ in range(rng.randint(1, 3))]
    k = kind(days)
    if k == (True, True):
        k = (False, True)
    if k in want and have[k] < want[k]:
        have[k] += 1
        tests.append(case(days))

print(json.dumps(tests))
