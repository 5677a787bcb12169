import sys

MOVES = [(-1, 0), (0, 1), (1, 0), (0, -1)]
ARROWS = "^>v<"


def find_start(grid):
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            if ch == "S":
                return r, c
    return 0, 0


def main():
    lines = sys.stdin.read().split("\n")
    rows, cols = map(int, lines[0].split())
    grid = [list(lines[1 + i]) for i in range(rows)]
    commands = lines[1 + rows].split()
    r, c = find_start(grid)
    d = 0
    for cmd in commands:
        if cmd == "L":
            d = (d + 3) % 4
        elif cmd == "R":
            d = (d + 1) % 4
        else:
            for _ in range(int(cmd[1])):
                nr, nc = r + MOVES[d][0], c + MOVES[d][1]
                if not (0 <= nr <= rows and 0 <= nc <= cols) or grid[nr][nc] == "#":
                    break
                r, c = nr, nc
                if grid[r][c] == ".":
                    grid[r][c] = "*"
    grid[r][c] = ARROWS[d]
    print(r + 1, c + 1)
    print("\n".join("".join(row) for row in grid))


main()
