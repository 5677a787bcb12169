import json
import math
import random

rng = random.Random(int(input()))


def payable(a, b):
    hi = 10**18
    x = rng.randint(0, min(10**6, hi // a)) if rng.random() < 0.5 else rng.randint(0, hi // a // 2)
    y = rng.randint(0, min(10**6, hi // b)) if rng.random() < 0.5 else rng.randint(0, hi // b // 2)
    return a * x + b * y


def not_multiple(a, b):
    g = math.gcd(a, b)
    if g == 1:
        return None
    while True:
        c = rng.randint(1, 10**18)
        if c % g:
            return c


def gap_amount(a, b):
    """A multiple of gcd(a, b) that has no payment (exists when neither coin divides the other)."""
    g = math.gcd(a, b)
    a2, b2 = a // g, b // g
    if a2 == 1 or b2 == 1:
        return None
    frob = a2 * b2 - a2 - b2
    for _ in range(200):
        c = frob if rng.random() < 0.3 else rng.randint(1, frob)
        if all((c - a2 * x) % b2 for x in range(0, c // a2 + 1)) if c // a2 <= 2000 else False:
            return c * g
    return frob * g if frob // a2 <= 2000 else None


def coins():
    r = rng.random()
    if r < 0.4:
        a, b = rng.randint(1, 30), rng.randint(1, 30)
    elif r < 0.7:
        g = rng.randint(1, 1000)
        a, b = g * rng.randint(1, 1000), g * rng.randint(1, 1000)
    else:
        a, b = rng.randint(1, 10**9), rng.randint(1, 10**9)
    if a == b:
        b += 1
    return a, b


def clean_system():
    a, b = coins()
    amounts = []
    for _ in range(rng.randint(1, 5)):
        c = not_multiple(a, b) if rng.random() < 0.25 else None
        amounts.append(c if c is not None else payable(a, b))
    return a, b, amounts


def gap_system():
    while True:
        a, b = rng.randint(2, 40), rng.randint(2, 40)
        c = gap_amount(a, b)
        if c is not None:
            amounts = [payable(a, b) for _ in range(rng.randint(0, 4))]
            amounts.insert(rng.randint(0, len(amounts)), c)
            return a, b, amounts


def equal_system():
    a = rng.choice([rng.randint(1, 20), rng.randint(1, 10**9)])
    amounts = [a * rng.randint(1, 10**18 // a) for _ in range(rng.randint(1, 4))]
    return a, a, amounts


def fmt(systems):
    return f"{len(systems)}\n" + "".join(f"{a} {b} {len(cs)} " + " ".join(map(str, cs)) + "\n" for a, b, cs in systems)


tests = [
    fmt([(5, 3, [11, 8, 30]), (4, 6, [10, 3])]),
    fmt([(10, 1, [37, 0]), (7, 4, [100])]),
    fmt([(3, 5, [7])]),
    fmt([(2, 2, [8])]),
    fmt([(1, 1, [1])]),
    fmt([(5, 7, [23])]),
    fmt([(6, 9, [15, 3])]),
    fmt([(10**9, 10**9 - 1, [10**18])]),
    fmt([(1, 10**9, [10**18, 0])]),
    fmt([(4, 6, [2])]),
]
kinds = ["clean"] * 37 + ["gap"] * 28 + ["equal"] * 26
rng.shuffle(kinds)
for k in kinds:
    h = rng.randint(1, 4)
    systems = [clean_system() for _ in range(h)]
    if k == "gap":
        systems[rng.randrange(h)] = gap_system()
    elif k == "equal":
        systems[rng.randrange(h)] = equal_system()
    tests.append(fmt(systems))
print(json.dumps(tests))
