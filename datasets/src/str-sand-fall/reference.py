import sys


def settle(grid, r, c, rows, cols):
    grid[r][c] = "."
    while r + 1 < rows:
        if grid[r + 1][c] == ".":
            r += 1
        elif c - 1 >= 0 and grid[r + 1][c - 1] == ".":
            r, c = r + 1, c - 1
        elif c + 1 < cols and grid[r + 1][c + 1] == ".":
            r, c = r + 1, c + 1
        else:
            break
    grid[r][c] = "o"


def main():
    data = sys.stdin.read().split()
    rows, cols = int(data[0]), int(data[1])
    grid = [list(data[2 + i]) for i in range(rows)]
    for r in range(rows - 1, -1, -1):
        for c in range(cols):
            if grid[r][c] == "o":
                settle(grid, r, c, rows, cols)
    print("\n".join("".join(row) for row in grid))


main()
