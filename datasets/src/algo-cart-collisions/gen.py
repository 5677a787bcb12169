import json
import random

rng = random.Random(int(input()))


def case(carts):
    return f"{len(carts)}\n{' '.join(map(str, carts))}\n"


def signed(masses, p_left):
    return [-m if rng.random() < p_left else m for m in masses]


def shielded(n, top, distinct, p_left):
    # The first cart moves right and is heavier than every other cart.
    if distinct:
        masses = rng.sample(range(1, top), n - 1)
    else:
        masses = [rng.randint(1, top - 1) for _ in range(n - 1)]
    return [top] + signed(masses, p_left)


tests = [
    case([9, 4, -2, 6, -5, 3]),
    case([7, 1, -3, 2, 5, -6, -4]),
    case([-4]),
    case([3, -3]),
    case([5, -3, -5]),
    case([1, 2, 3]),
    case([-1, -2, 5]),
    case([8, 2, 2, -2]),
    case([4, -4, 2, -2]),
    case([10, 5, -5, 3, -3, -1]),
    case([6, 1, 3, -3]),
    case([2, -1, -2, -3]),
]
# A heavy cart in front shields everything behind it; all masses different.
for _ in range(26):
    n = rng.randint(1, 80)
    tests.append(case(shielded(n, rng.randint(n + 1, 1000), True, rng.uniform(0.2, 0.6))))
# Shielded, with many equal masses.
for _ in range(38):
    n = rng.randint(10, 80)
    tests.append(case(shielded(n, rng.randint(4, 8), False, rng.uniform(0.25, 0.45))))
# Anything goes.
for _ in range(28):
    n = rng.randint(1, 80)
    tests.append(case(signed([rng.randint(1, rng.choice([3, 10, 1000])) for _ in range(n)], rng.uniform(0.2, 0.7))))
print(json.dumps(tests))
