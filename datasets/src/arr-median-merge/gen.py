import json
import random

rng = random.Random(int(input()))


def kth(a, b, k, checked):
    i = j = 0
    value = None
    for _ in range(k + 1):
        if j >= len(b) or ((i < len(a)) if checked else True) and a[i] <= b[j]:
            value = a[i]
            i += 1
        else:
            value = b[j]
            j += 1
    return value


def median(a, b, checked, shifted):
    total = len(a) + len(b)
    if total % 2 == 1:
        return kth(a, b, total // 2, checked)
    lo = total // 2 if shifted else total // 2 - 1
    return kth(a, b, lo, checked) + kth(a, b, lo + 1, checked)


def kind(acts):
    """(even-count bug changes an answer, panel A runs out during the merge)."""
    a_bug = b_bug = False
    for a, b in acts:
        good = median(a, b, True, False)
        try:
            median(a, b, False, False)
        except IndexError:
            b_bug = True
            continue
        try:
            a_bug = a_bug or median(a, b, True, True) != good
        except IndexError:
            a_bug = True
    return a_bug, b_bug


def case(acts):
    lines = [str(len(acts))]
    for a, b in acts:
        lines += [f"{len(a)} {len(b)}", " ".join(map(str, a)), " ".join(map(str, b))]
    return "\n".join(lines) + "\n"


def scores(k, lo, hi):
    return sorted(rng.randint(lo, hi) for _ in range(k))


def act(style):
    n = rng.randint(0, 15 if style != "big" else 300)
    m = rng.randint(0, 15 if style != "big" else 300)
    if n + m == 0:
        n = 1
    if style == "high_a":
        return scores(n, 500, 1000), scores(m, 0, 600)
    if style == "low_a":
        return scores(n, 0, 400), scores(m, 300, 1000)
    if style == "ties":
        return scores(n, 1, 4), scores(m, 1, 4)
    return scores(n, 0, 10**9), scores(m, 0, 10**9)


tests = [
    case([([3, 8, 9], [1, 7]), ([2, 6], [4, 5, 6])]),
    case([([5, 6, 10], [1, 2, 8, 20]), ([4, 4, 9], [1, 4, 4]), ([7, 7, 9], [])]),
    case([([3, 8, 9], [1, 7]), ([2, 4], [5, 6, 6])]),
    case([([1, 4], [2, 3])]),
    case([([4], [])]),
    case([([], [4])]),
    case([([1, 2], [])]),
    case([([], [3, 8])]),
    case([([1, 2, 3], [10, 11, 12])]),
    case([([0, 0], [1000000000, 1000000000])]),
]

want = {(False, False): 42, (True, False): 30, (False, True): 28}
have = {k: 0 for k in want}
styles = ["high_a", "high_a", "low_a", "ties", "wide", "big"]
while any(have[k] < want[k] for k in want):
    acts = [act(rng.choice(styles)) for _ in range(rng.randint(1, 3))]
    k = kind(acts)
    if k == (True, True):
        k = (False, True)
    if have[k] < want[k]:
        have[k] += 1
        tests.append(case(acts))

print(json.dumps(tests))
