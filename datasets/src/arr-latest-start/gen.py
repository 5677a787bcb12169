import json
import random

rng = random.Random(int(input()))


def latest(jobs, by_duration):
    order = sorted(jobs) if by_duration else sorted(jobs, key=lambda j: j[1])
    t, slack = 0, None
    for d, dl in order:
        t += d
        if t > dl:
            return -1
        slack = dl - t if slack is None else min(slack, dl - t)
    return slack


def kind(days):
    """(sort-key bug changes an answer, an infeasible evening is followed by another one)."""
    a = any(latest(j, True) != latest(j, False) for j in days)
    b = any(latest(j, False) < 0 for j in days[:-1])
    return a, b


def case(days):
    lines = [str(len(days))]
    for jobs in days:
        lines.append(str(len(jobs)))
        lines += [f"{d} {dl}" for d, dl in jobs]
    return "\n".join(lines) + "\n"


def evening(style):
    n = rng.randint(1, 12 if style != "big" else 200)
    jobs = []
    t = 0
    for _ in range(n):
        d = rng.randint(1, 10 if style != "wide" else 10**4)
        t += d
        jobs.append(d)
    # Deadlines around a random feasible schedule, loosened or tightened.
    rng.shuffle(jobs)
    out = []
    t = 0
    for d in jobs:
        t += d
        if style == "tight":
            dl = t + rng.randint(-1, 2)
        elif style == "loose":
            dl = t + rng.randint(0, 50)
        else:
            dl = t + rng.randint(-3, 20 if style != "wide" else 5000)
        out.append((d, max(1, dl)))
    rng.shuffle(out)
    return out


tests = [
    case([[(2, 5), (1, 3), (3, 9)], [(4, 3)]]),
    case([[(5, 10)], [(1, 1), (1, 2), (1, 3)], [(3, 3), (2, 2)]]),
    case([[(1, 1)]]),
    case([[(10000, 1000000)]]),
    case([[(2, 1)], [(1, 5)]]),
    case([[(3, 6), (3, 6)], [(3, 5), (3, 5)], [(1, 1)]]),
    case([[(5, 5), (1, 6)], [(1, 2), (5, 6)]]),
    case([[(4, 10), (1, 4), (1, 3)]]),
]

want = {(False, False): 42, (True, False): 28, (False, True): 30}
have = {k: 0 for k in want}
styles = ["tight", "loose", "mixed", "wide", "big"]
while any(have[k] < want[k] for k in want):
    days = [evening(rng.choice(styles)) for _ in range(rng.randint(1, 6))]
    k = kind(days)
    if k == (True, True):
        k = (False, True)
    if have[k] < want[k]:
        have[k] += 1
        tests.append(case(days))

print(json.dumps(tests))
