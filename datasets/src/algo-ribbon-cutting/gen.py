import json
import random

rng = random.Random(int(input()))


def case(lengths, orders):
    return f"{len(lengths)}\n{' '.join(map(str, lengths))}\n{len(orders)}\n{' '.join(map(str, orders))}\n"


def pieces(lengths, size):
    return sum(x // size for x in lengths)


def best(lengths, k):
    lo, hi = 0, max(lengths)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if pieces(lengths, mid) >= k:
            lo = mid
        else:
            hi = mid - 1
    return lo


def loose(lengths, k):
    # The best piece length yields more pieces than ordered.
    b = best(lengths, k)
    return b > 0 and pieces(lengths, b) > k


def orders(lengths, q, want):
    total = sum(lengths)
    out = []
    tries = 0
    while len(out) < q and tries < 2000:
        tries += 1
        k = rng.randint(1, total)
        if loose(lengths, k) == want:
            out.append(k)
    return out


def random_lengths(n):
    top = rng.choice([10, 1000, 10 ** 7])
    return [rng.randint(1, top) for _ in range(n)]


tests = [
    case([10, 7, 4], [5, 8]),
    case([5, 9, 9], [1, 4, 6]),
    case([10, 7, 4], [3, 22, 2]),
    case([1], [1]),
    case([1], [2]),
    case([6], [1, 2, 3, 4, 7]),
    case([3, 3, 3], [3, 4, 9, 10]),
    case([1000000, 1], [1000001, 1000002]),
    case([8, 8, 8, 8], [2, 4, 5, 8]),
    case([2, 3], [2, 2, 2]),
    case([10000000] * 5, [50000000, 7, 3]),
]
# Every order has some slack at its best piece length.
for _ in range(33):
    lengths = random_lengths(rng.randint(1, 60))
    tests.append(case(lengths, orders(lengths, rng.randint(1, 8), True) or [sum(lengths) + 1]))
# One order is too large to fill at all.
for _ in range(25):
    lengths = random_lengths(rng.randint(1, 60))
    o = orders(lengths, rng.randint(0, 5), True) + [sum(lengths) + rng.randint(1, 100)]
    rng.shuffle(o)
    tests.append(case(lengths, o))
# One order uses up exactly the pieces its best length gives.
for _ in range(35):
    lengths = random_lengths(rng.randint(1, 60))
    o = orders(lengths, rng.randint(0, 5), True) + orders(lengths, 1, False)
    rng.shuffle(o)
    tests.append(case(lengths, o))
print(json.dumps(tests))
