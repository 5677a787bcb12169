import sys


def rotate_cw(grid):
    rows, cols = len(grid), len(grid[0])
    return ["".join(grid[rows - 1 - r][c] for r in range(rows)) for c in range(cols)]


def rotate_ccw(grid):
    rows, cols = len(grid), len(grid[0])
    return ["".join(grid[r][cols - 1 - c] for r in range(rows)) for c in range(cols)]


def main():
    data = sys.stdin.read().split()
    rows = int(data[0])
    grid = data[2:2 + rows]
    commands = data[2 + rows]
    for ch in commands:
        if ch == "R":
            grid = rotate_cw(grid)
        elif ch == "L":
            grid = rotate_ccw(grid)
        elif ch == "H":
            grid = [row[::-1] for row in grid]
        elif ch == "V":
            grid = grid[::-1]
    print(len(grid), len(grid[0]))
    print("\n".join(grid))


main()
