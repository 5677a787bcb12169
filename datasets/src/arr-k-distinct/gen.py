import json
import random

rng = random.Random(int(input()))


def at_most(a, k, once):
    if k <= 0:
        return 0
    cnt, left, total = {}, 0, 0
    for right, x in enumerate(a):
        cnt[x] = cnt.get(x, 0) + 1
        while len(cnt) > k:
            y = a[left]
            cnt[y] -= 1
            if cnt[y] == 0:
                del cnt[y]
            left += 1
            if once:
                break
        total += right - left + 1
    return total


def kind(a, ks):
    """(single-step shrinking changes an answer, a too-large k is followed by another query)."""
    distinct = len(set(a))
    bug_a = any(k <= distinct and at_most(a, k, True) - at_most(a, k - 1, True) != at_most(a, k, False) - at_most(a, k - 1, False) for k in ks)
    bug_b = any(k > distinct for k in ks[:-1])
    return bug_a, bug_b


def case(a, ks):
    return f"{len(a)} {len(ks)}\n{' '.join(map(str, a))}\n{' '.join(map(str, ks))}\n"


def genres(n, style):
    if style == "distinct":
        return rng.sample(range(1, 10**9), n)
    if style == "runs":
        out = []
        while len(out) < n:
            out += [rng.randint(1, 10**9)] * rng.randint(1, 4)
        return out[:n]
    if style == "few":
        pool = [rng.randint(1, 10**9) for _ in range(rng.randint(1, 5))]
        return [rng.choice(pool) for _ in range(n)]
    return [rng.randint(1, 12) for _ in range(n)]


def queries(a):
    d = len(set(a))
    ks = [rng.randint(1, d) for _ in range(rng.randint(1, 4))]
    if rng.random() < 0.5:
        ks.insert(rng.randint(0, len(ks)), rng.randint(d + 1, d + 5))
    return ks


tests = [
    case([1, 2, 3, 2], [1, 2, 3]),
    case([7, 4, 4], [1, 2, 3]),
    case([1, 2, 1, 3], [1, 2, 3]),
    case([5, 5, 7], [2, 1]),
    case([4], [1]),
    case([4], [2, 1]),
    case([9, 9, 9, 9], [1, 2]),
    case([1, 2, 3, 4, 5], [5, 6]),
    case([1, 2, 1, 2, 3], [2]),
    case([3, 1, 3, 1, 3, 1], [3, 2, 1]),
]

want = {(False, False): 42, (True, False): 30, (False, True): 28}
have = {k: 0 for k in want}
while any(have[k] < want[k] for k in want):
    style = rng.choice(["distinct", "runs", "few", "small"])
    a = genres(rng.randint(1, 30 if rng.random() < 0.6 else 250), style)
    ks = queries(a)
    k = kind(a, ks)
    if k == (True, True):
        k = (True, False)
    if have[k] < want[k]:
        have[k] += 1
        tests.append(case(a, ks))

print(json.dumps(tests))
