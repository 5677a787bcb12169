import sys
from collections import deque


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    grid = data[2:2 + n]
    for r in range(n):
        for c in range(m):
            if grid[r][c] == "S":
                start = (r, c, 0)
            elif grid[r][c] == "E":
                goal = (r, c)
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        (r, c, used), d = queue.popleft()
        if (r, c) == goal:
            print(d)
            return
        for nr, nc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if not (0 <= nr < n and 0 <= nc < m):
                continue
            nu = used + (grid[nr][nc] == "#")
            if nu > 1 or (nr, nc, nu) in seen:
                continue
            seen.add((nr, nc, nu))
            queue.append(((nr, nc, nu), d + 1))
    print(-1)


main()
