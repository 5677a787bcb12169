import json
import random
from collections import deque

rng = random.Random(int(input()))


def case(rows):
    return f"{len(rows)} {len(rows[0])}\n" + "".join("".join(r) + "\n" for r in rows)


def shortest(grid, per_cell):
    # BFS over (cell, hammer used). With per_cell=True it remembers cells only: a common
    # wrong approach, used here to pick mazes that tell the two apart.
    n, m = len(grid), len(grid[0])
    for r in range(n):
        for c in range(m):
            if grid[r][c] == "S":
                start = (r, c, 0)
            elif grid[r][c] == "E":
                goal = (r, c)
    seen = {start[:2] if per_cell else start}
    queue = deque([(start, 0)])
    while queue:
        (r, c, used), d = queue.popleft()
        if (r, c) == goal:
            return d
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if 0 <= nr < n and 0 <= nc < m:
                nu = used + (grid[nr][nc] == "#")
                key = (nr, nc) if per_cell else (nr, nc, nu)
                if nu <= 1 and key not in seen:
                    seen.add(key)
                    queue.append(((nr, nc, nu), d + 1))
    return None


def place(n, m, p):
    grid = [["#" if rng.random() < p else "." for _ in range(m)] for _ in range(n)]
    cells = [(r, c) for r in range(n) for c in range(m)]
    (sr, sc), (er, ec) = rng.sample(cells, 2)
    grid[sr][sc], grid[er][ec] = "S", "E"
    return grid


def ringed(n, m, p, thickness):
    # The exit sits inside a ring of walls; with thickness 2 one hammer blow is not enough.
    while True:
        er, ec = rng.randrange(n), rng.randrange(m)
        far = [(r, c) for r in range(n) for c in range(m) if max(abs(r - er), abs(c - ec)) > thickness]
        if far:
            break
    grid = [["#" if rng.random() < p else "." for _ in range(m)] for _ in range(n)]
    for r in range(max(0, er - thickness), min(n, er + thickness + 1)):
        for c in range(max(0, ec - thickness), min(m, ec + thickness + 1)):
            grid[r][c] = "#"
    grid[er][ec] = "E"
    sr, sc = rng.choice(far)
    grid[sr][sc] = "S"
    return grid


def pick(make, want):
    while True:
        grid = make()
        good, naive = shortest(grid, False), shortest(grid, True)
        kind = "unreachable" if good is None else "plain" if naive == good else "lost" if naive is None else "detour"
        if kind == want:
            return grid


def size(lo=3):
    return rng.randint(lo, 22), rng.randint(max(lo, 2), 22)


tests = [
    case(["S.#.", "..#E", "..#.", "...."]),
    case(["S#...", ".#.#.", ".#.#.", "...#E"]),
    case(["SE"]),
    case(["S#E"]),
    case(["S##E"]),
    case(["S", "#", "#", "E"]),
    case(["S...", "###.", "E..."]),
    case(["#####", "#S#E#", "#####"]),
    case(["S.....", "#####.", "......", ".#####", "...#.E"]),
    case(["E#.", "##.", "..S"]),
    case(["S#.#E"]),
    case([".....", ".###.", ".#E#.", ".###.", "S...."]),
    case(["S#...", ".#.#.", "...#.", "####.", "E#..."]),
]
kinds = ["plain"] * 36 + ["detour"] * 28 + ["lost"] * 8 + ["unreachable"] * 18
rng.shuffle(kinds)
for kind in kinds:
    if kind == "plain":
        tests.append(case(pick(lambda: place(*size(1), rng.uniform(0.0, 0.35)), "plain")))
    elif kind == "unreachable":
        tests.append(case(pick(lambda: ringed(*size(5), rng.uniform(0.0, 0.3), 2), "unreachable")))
    else:
        tests.append(case(pick(lambda: place(*size(4), rng.uniform(0.25, 0.4)), kind)))
print(json.dumps(tests))
