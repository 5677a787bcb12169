import json
import random

rng = random.Random(int(input()))
NAMES = ["ana", "ben", "cleo", "dev", "eli", "fay", "gus", "hana", "ivo", "jun", "kai", "lea"]

tests = [
    [[["ben", "ana", 30], ["cleo", "ana", 20], ["ana", "dev", 10]]],
    [[["zoe", "max", 15], ["max", "zoe", 15], ["amy", "amy", 40]]],
    [[]],
    [[["ana", "ben", 5]]],
    [[["ana", "ana", 100]]],
    [[["ana", "ben", 10], ["ben", "cleo", 10], ["cleo", "ana", 10]]],
    [[["dev", "ana", 10], ["cleo", "ana", 10], ["ben", "ana", 10]]],
    [[["ana", "dev", 10], ["ana", "cleo", 10], ["ana", "ben", 10]]],
    [[["ana", "cleo", 20], ["ben", "dev", 20]]],
    [[["ana", "cleo", 20], ["ben", "dev", 30], ["ben", "cleo", 10]]],
    [[["x", "y", 1000000], ["y", "z", 999999]]],
]


def ledger(n, people, unit, p_self):
    names = rng.sample(NAMES, people)
    rows = []
    for _ in range(n):
        a, b = rng.choice(names), rng.choice(names)
        if a == b and rng.random() > p_self:
            continue
        rows.append([a, b, unit * rng.randint(1, 10)])
    return rows


def from_balances(people, levels, noise):
    """A shuffled ledger whose net balances are drawn from a few levels (so ties are common)."""
    names = rng.sample(NAMES, people)
    balances = [rng.choice(levels) * rng.choice([-1, 1]) for _ in names[:-1]]
    balances.append(-sum(balances))
    debtors = [[n, -b] for n, b in zip(names, balances) if b < 0]
    creditors = [[n, b] for n, b in zip(names, balances) if b > 0]
    rows = []
    while debtors and creditors:
        d, c = rng.choice(debtors), rng.choice(creditors)
        amount = min(d[1], c[1])
        if amount > 1 and rng.random() < 0.3:
            part = rng.randint(1, amount - 1)
            rows.append([d[0], c[0], part])
            rows.append([d[0], c[0], amount - part])
        else:
            rows.append([d[0], c[0], amount])
        d[1] -= amount
        c[1] -= amount
        debtors = [x for x in debtors if x[1]]
        creditors = [x for x in creditors if x[1]]
    for _ in range(noise):
        a, b = rng.sample(names, 2)
        x = rng.choice(levels)
        rows += [[a, b, x], [b, a, x]]
    rng.shuffle(rows)
    return rows


for k in range(25):
    people = rng.randint(2, 4) if k < 10 else rng.randint(3, 12)
    unit = rng.choice([1, 5, 10, 10, 50]) if k % 3 else rng.choice([7, 13, 1])
    tests.append([ledger(rng.randint(1, 4 * people), people, unit, 0.2)])
for k in range(50):
    levels = rng.choice([[10, 20], [10, 20, 30], [5, 10, 15, 20], [25, 50, 75, 100], [1, 2, 3]])
    tests.append([from_balances(rng.randint(3, 10), levels, rng.randint(0, 3))])
print(json.dumps(tests))
