import json
import random

rng = random.Random(int(input()))


def case(k, heights, marks):
    return f"{len(heights)} {k}\n{' '.join(map(str, heights))}\n{marks}\n"


def cracks(n, p):
    marks = ["#" if rng.random() < p else "." for _ in range(n)]
    marks[0] = marks[-1] = "."
    if n > 2 and "#" not in marks:
        marks[rng.randint(1, n - 2)] = "#"
    return "".join(marks)


def flat_lane(n, k, top):
    # Random heights, but a chain of equal heights leads from the first stone to the last.
    heights = [rng.randint(1, top) for _ in range(n)]
    level = heights[0]
    i = 0
    while i < n - 1:
        i = min(n - 1, i + rng.randint(1, k))
        heights[i] = level
    return heights


tests = [
    case(2, [10, 30, 40, 20, 10], "....."),
    case(3, [5, 1, 8, 2, 9, 4, 7], "......."),
    case(1, [7], "."),
    case(3, [4, 4, 4, 4], "...."),
    case(1, [1, 5, 1], ".#."),
    case(2, [1, 5, 1, 5, 1], ".##.."),
    case(5, [3, 9, 3], "..."),
    case(1, [1, 2, 3, 4, 5, 6], "......"),
    case(2, [8, 1, 1, 8], ".#.."),
    case(100, [1, 1000000], ".."),
    case(4, [6, 6, 2, 9, 6, 6], "......"),
]
# Intact paths, bumpy stones.
for _ in range(36):
    n = rng.randint(2, 250)
    top = rng.choice([10, 1000, 10 ** 6])
    heights = [rng.randint(1, top) for _ in range(n)]
    if heights[0] == heights[-1]:
        heights[-1] += 1
    tests.append(case(rng.randint(1, min(n, 30)), heights, "." * n))
# Some stones are cracked.
for _ in range(30):
    n = rng.randint(3, 250)
    top = rng.choice([10, 1000, 10 ** 6])
    tests.append(case(rng.randint(1, min(n, 30)), [rng.randint(1, top) for _ in range(n)], cracks(n, rng.uniform(0.05, 0.5))))
# A level route exists: the cheapest crossing costs nothing.
for _ in range(25):
    n = rng.randint(1, 250)
    k = rng.randint(1, min(n, 30))
    tests.append(case(k, flat_lane(n, k, rng.choice([10, 1000, 10 ** 6])), "." * n))
print(json.dumps(tests))
