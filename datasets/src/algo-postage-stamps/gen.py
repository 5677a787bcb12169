import json
import random

rng = random.Random(int(input()))
LIMIT = 10000


def case(stamps, amounts):
    return f"{len(stamps)}\n{' '.join(map(str, stamps))}\n{len(amounts)}\n{' '.join(map(str, amounts))}\n"


def table(stamps, reuse):
    # Fewest stamps per amount; with reuse=False each listed stamp is used at most once
    # (a common mix-up, used here to choose amounts that tell the two apart).
    inf = float("inf")
    best = [inf] * (LIMIT + 1)
    best[0] = 0
    for s in stamps:
        xs = range(s, LIMIT + 1) if reuse else range(LIMIT, s - 1, -1)
        for x in xs:
            best[x] = min(best[x], best[x - s] + 1)
    return best


def amounts_for(stamps, q, want_equal, top):
    good, once = table(stamps, True), table(stamps, False)
    pool = [x for x in range(0, top + 1) if (good[x] == once[x]) == want_equal]
    return [rng.choice(pool) for _ in range(q)] if pool else []


def random_stamps():
    k = rng.randint(1, 8)
    top = rng.choice([20, 100, 1000])
    return [rng.randint(1, top) for _ in range(k)]


tests = [
    case([3, 5, 6], [5, 9, 1, 11]),
    case([2, 7, 7], [14, 9, 16, 3]),
    case([2, 7], [14, 4]),
    case([1], [10000]),
    case([4], [0, 8]),
    case([5, 1, 5], [10, 3]),
    case([9999], [9999, 10000]),
    case([2, 3], [9998, 1]),
    case([6, 10, 15], [7, 31, 45]),
    case([1, 5, 10, 25], [30, 63, 99]),
    case([10000], [10000]),
]
kinds = ["same"] * 40 + ["edge"] * 26 + ["reuse"] * 28
rng.shuffle(kinds)
for kind in kinds:
    stamps = random_stamps()
    q = rng.randint(1, 8)
    top = rng.choice([100, 1000, LIMIT - 1])
    if kind == "same":
        amounts = amounts_for(stamps, q, True, top)
    elif kind == "edge":
        amounts = amounts_for(stamps, q - 1, True, top) + [LIMIT]
    else:
        amounts = amounts_for(stamps, q - 1, True, top) + amounts_for(stamps, 1, False, top)
    if not amounts:
        amounts = [LIMIT]
    rng.shuffle(amounts)
    tests.append(case(stamps, amounts))
print(json.dumps(tests))
