import json
import random

rng = random.Random(int(input()))


def case(grid):
    return f"{len(grid)} {len(grid[0])}\n" + "".join(row + "\n" for row in grid)


def rand_grid(rows, cols, p_rock, p_sand):
    grid = []
    for _ in range(rows):
        row = ""
        for _ in range(cols):
            x = rng.random()
            row += "#" if x < p_rock else "o" if x < p_rock + p_sand else "."
        grid.append(row)
    return grid


def sand_on_top(rows, cols, p_sand, floor_rocks):
    # Sand only in the upper half, an optional rocky floor: grains never wait on each other.
    grid = rand_grid(rows, cols, 0.0, 0.0)
    for r in range(rows // 2):
        grid[r] = "".join("o" if rng.random() < p_sand else "." for _ in range(cols))
    if floor_rocks:
        grid[-1] = "".join("#" if rng.random() < 0.3 else "." for _ in range(cols))
    return grid


tests = [
    case(["..o..", ".....", ".#...", "....."]),
    case(["ooo", "o.o", "..."]),
    case(["o"]),
    case(["."]),
    case(["o", ".", "."]),
    case(["ooo"]),
    case(["..o", "..#", "..."]),
    case(["o#", "#.", ".."]),
    case(["o.o.o", "#####"]),
    case(["oo", "oo", ".."]),
    case(["o..", "o..", "..."]),
]
# Sparse sand falling from the top onto the floor.
for _ in range(26):
    rows, cols = rng.randint(2, 12), rng.randint(1, 12)
    tests.append(case(sand_on_top(rows, cols, rng.uniform(0.05, 0.5), rng.random() < 0.5)))
# Dense random grids.
for _ in range(45):
    rows, cols = rng.randint(2, 15), rng.randint(2, 20)
    tests.append(case(rand_grid(rows, cols, rng.uniform(0.0, 0.3), rng.uniform(0.1, 0.5))))
# Larger ones.
for _ in range(22):
    rows, cols = rng.randint(10, 30), rng.randint(10, 40)
    tests.append(case(rand_grid(rows, cols, rng.uniform(0.0, 0.25), rng.uniform(0.1, 0.4))))
print(json.dumps(tests))
