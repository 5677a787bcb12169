import json
import random

rng = random.Random(int(input()))


def case(grid, commands):
    return f"{len(grid)} {len(grid[0])}\n" + "".join(row + "\n" for row in grid) + commands + "\n"


def rand_grid(rows, cols):
    alphabet = rng.choice(["#.", "ab", "abcdefghijklmnopqrstuvwxyz", "0123456789", "#.o*"])
    return ["".join(rng.choice(alphabet) for _ in range(cols)) for _ in range(rows)]


def commands(length, letters):
    return "".join(rng.choice(letters) for _ in range(length))


tests = [
    case(["ab", "cd"], "RH"),
    case(["abc", "def"], "R"),
    case(["x"], "RLHV"),
    case(["abcd"], "H"),
    case(["a", "b", "c"], "V"),
    case(["abcd"], "L"),
    case(["a", "b", "c"], "R"),
    case(["ab", "cd"], "L"),
    case(["#..", "##.", "###"], "RRRR"),
    case(["ab", "cd", "ef"], "HV"),
]
# Square grids, no counterclockwise turns.
for _ in range(22):
    n = rng.randint(1, 12)
    tests.append(case(rand_grid(n, n), commands(rng.randint(1, 30), rng.choice(["RHV", "RH", "HV", "R", "RRV"]))))
# Square grids with counterclockwise turns.
for _ in range(24):
    n = rng.randint(2, 12)
    cmd = list(commands(rng.randint(0, 20), "RLHV")) + ["L"]
    rng.shuffle(cmd)
    tests.append(case(rand_grid(n, n), "".join(cmd)))
# Rectangular grids, mirrors only.
for _ in range(9):
    tests.append(case(rand_grid(rng.randint(1, 12), rng.randint(1, 12)), commands(rng.randint(1, 20), "HV")))
# Rectangular grids with turns.
for _ in range(36):
    rows, cols = rng.randint(1, 15), rng.randint(1, 15)
    if rows == cols:
        cols += 1
    cmd = list(commands(rng.randint(0, 20), "RLHV")) + [rng.choice("RL")]
    rng.shuffle(cmd)
    tests.append(case(rand_grid(rows, cols), "".join(cmd)))
print(json.dumps(tests))
