import json
import random

rng = random.Random(int(input()))


def simulate(reqs, strict):
    balance = best = 0
    peak = []
    for op, x in reqs:
        if op == "+":
            balance += x
        elif (balance > x) if strict else (balance >= x):
            balance -= x
        best = max(best, balance)
        peak.append(best)
    return peak


def first_day(peak, g):
    for i, p in enumerate(peak):
        if p >= g:
            return i + 1
    return -1


def kind(reqs, goals):
    good = simulate(reqs, False)
    bad = simulate(reqs, True)
    a = any(first_day(good, g) != first_day(bad, g) and first_day(bad, g) != -1 for g in goals)
    b = any(first_day(good, g) == -1 or first_day(bad, g) == -1 for g in goals)
    return a, b


def case(reqs, goals):
    lines = [f"{len(reqs)} {len(goals)}"] + [f"{op} {x}" for op, x in reqs] + [" ".join(map(str, goals))]
    return "\n".join(lines) + "\n"


def requests(n, big, exact):
    reqs = []
    balance = 0
    for _ in range(n):
        if rng.random() < 0.55:
            x = rng.randint(1, 10**9 if big else 20)
            reqs.append(("+", x))
            balance += x
        else:
            if exact and balance > 0 and rng.random() < 0.5:
                x = balance
            else:
                x = rng.randint(1, 10**9 if big else 25)
            reqs.append(("-", x))
            if balance >= x:
                balance -= x
    return reqs


def goals_for(reqs, q, reachable):
    peak = simulate(reqs, False)
    top = peak[-1]
    out = []
    for _ in range(q):
        if reachable and top > 0:
            out.append(rng.randint(1, top))
        else:
            out.append(rng.randint(1, top + 10 if top < 10**13 else top))
    if not reachable:
        out.append(top + rng.randint(1, 10**9))
        rng.shuffle(out)
    return out


tests = [
    case([("+", 5), ("-", 3), ("+", 4), ("-", 10), ("+", 2)], [5, 6, 1]),
    case([("+", 10), ("-", 4), ("+", 1), ("+", 6)], [7, 10, 13]),
    case([("+", 1)], [1]),
    case([("-", 1)], [1]),
    case([("+", 3), ("-", 3), ("+", 1), ("+", 3)], [4]),
    case([("+", 3), ("-", 3), ("+", 1), ("+", 3)], [2, 5]),
    case([("+", 1000000000)] * 4, [4000000000, 4000000001]),
    case([("+", 7), ("-", 7), ("-", 1), ("+", 2)], [7, 2]),
]

want = {(False, False): 42, (True, False): 30, (False, True): 28}
have = {k: 0 for k in want}
while any(have[k] < want[k] for k in want):
    big = rng.random() < 0.3
    reqs = requests(rng.randint(1, 40 if rng.random() < 0.7 else 400), big, rng.random() < 0.5)
    goals = goals_for(reqs, rng.randint(1, 8), rng.random() < 0.6)
    k = kind(reqs, goals)
    if k == (True, True):
        k = (False, True)
    if have[k] < want[k]:
        have[k] += 1
        tests.append(case(reqs, goals))

print(json.dumps(tests))
