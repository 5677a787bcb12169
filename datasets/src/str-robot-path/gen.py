import json
import random

rng = random.Random(int(input()))


def case(grid, commands):
    return f"{len(grid)} {len(grid[0])}\n" + "".join(row + "\n" for row in grid) + " ".join(commands) + "\n"


def rand_grid(rows, cols, p_wall, start=None):
    grid = [["#" if rng.random() < p_wall else "." for _ in range(cols)] for _ in range(rows)]
    sr, sc = start if start else (rng.randrange(rows), rng.randrange(cols))
    grid[sr][sc] = "S"
    return ["".join(row) for row in grid]


def walled(rows, cols, p_wall, central=False):
    # A border of walls all around: the robot can never reach the edge of the grid.
    start = None
    if central:
        start = (rng.randint((rows - 2) // 3, (rows - 2) * 2 // 3), rng.randint((cols - 2) // 3, (cols - 2) * 2 // 3))
    inner = rand_grid(rows - 2, cols - 2, p_wall, start)
    return ["#" * cols] + ["#" + row + "#" for row in inner] + ["#" * cols]


def commands(count, max_steps, p_turn=0.5):
    out = []
    for _ in range(count):
        if rng.random() < p_turn:
            out.append(rng.choice("LR"))
        else:
            out.append("F" + str(rng.randint(0, max_steps)))
    return out


tests = [
    case(["....", ".#..", "S..."], ["F2", "R", "F12", "L", "F1"]),
    case(["S.", ".."], ["R", "F5", "R", "F1"]),
    case(["S"], ["F3", "L", "F1"]),
    case(["S"], ["R"]),
    case(["..S"], ["R", "F1"]),
    case(["S..", "...", "..."], ["L", "F9", "L", "F9"]),
    case(["#.#", "#S#", "###"], ["F10", "R", "R", "F10"]),
    case([".....", ".....", "..S.."], ["F0", "L", "L", "F1"]),
    case(["S" + "." * 14], ["R", "F10", "L", "L", "F3"]),
]
# Walled grids, single-digit moves.
for _ in range(14):
    rows, cols = rng.randint(3, 12), rng.randint(3, 12)
    tests.append(case(walled(rows, cols, rng.uniform(0, 0.3)), commands(rng.randint(1, 25), 9)))
# Open grids, robot wanders only up and to the left (single-digit moves).
for _ in range(10):
    rows, cols = rng.randint(2, 12), rng.randint(2, 12)
    grid = rand_grid(rows, cols, rng.uniform(0, 0.2), (rows - 1, cols - 1))
    cmds = []
    for _ in range(rng.randint(1, 8)):
        cmds += rng.choice([["F" + str(rng.randint(1, 9))], ["L", "F" + str(rng.randint(1, 9)), "R"]])
    tests.append(case(grid, cmds))
# Walled grids, longer moves.
for _ in range(36):
    rows, cols = rng.randint(9, 15), rng.randint(9, 15)
    cmds = commands(rng.randint(2, 8), 2) + ["F" + str(rng.randint(10, 19))]
    rng.shuffle(cmds)
    tests.append(case(walled(rows, cols, rng.uniform(0, 0.08), True), cmds))
# Open grids.
for _ in range(34):
    rows, cols = rng.randint(1, 15), rng.randint(1, 15)
    tests.append(case(rand_grid(rows, cols, rng.uniform(0, 0.1)), commands(rng.randint(4, 30), rng.choice([9, 30]), 0.4)))
print(json.dumps(tests))
