import json
import random

rng = random.Random(int(input()))


def case(rows):
    return f"{len(rows)} {len(rows[0])}\n" + "".join(row + "\n" for row in rows)


def random_grid(n, m, p):
    return ["".join("#" if rng.random() < p else "." for _ in range(m)) for _ in range(n)]


def with_dry_edges(rows):
    # Water along the top row and the left column (or along the bottom row and the right
    # column): nothing touches the frame on both opposite sides.
    n, m = len(rows), len(rows[0])
    grid = [list(r) for r in rows]
    if rng.random() < 0.5:
        grid[0] = ["."] * m
        for r in range(n):
            grid[r][0] = "."
    else:
        grid[n - 1] = ["."] * m
        for r in range(n):
            grid[r][m - 1] = "."
    return ["".join(r) for r in grid]


tests = [
    case([".....", ".##..", ".#..#", "...##"]),
    case(["##.#.", "#..#.", "..#..", "....."]),
    case(["#.#", "...", "#.#"]),
    case(["."]),
    case(["#"]),
    case(["....", "....", "...."]),
    case(["#####"] * 5),
    case(["#.#.#"]),
    case(["#", ".", "#", "#"]),
    case(["#.#.", ".#.#", "#.#.", ".#.#"]),
    case(["....", ".##.", ".##.", "...."]),
    case(["##..##", "#....#", "......", "#....#", "##..##"]),
    case([".#.", "###", ".#."]),
]
# No land at all, in every size.
for _ in range(10):
    n, m = rng.randint(1, 25), rng.randint(1, 25)
    tests.append(case(["." * m] * n))
# Islands kept away from one side of the frame.
for _ in range(32):
    n, m = rng.randint(2, 25), rng.randint(2, 25)
    tests.append(case(with_dry_edges(random_grid(n, m, rng.uniform(0.2, 0.6)))))
# Unrestricted maps, sparse to dense.
for _ in range(56):
    n, m = rng.randint(2, 30), rng.randint(2, 30)
    tests.append(case(random_grid(n, m, rng.uniform(0.15, 0.65))))
print(json.dumps(tests))
