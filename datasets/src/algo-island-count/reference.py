import sys


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    grid = data[2:2 + n]
    seen = [[False] * m for _ in range(n)]
    sizes = []
    for r in range(n):
        for c in range(m):
            if grid[r][c] != "#" or seen[r][c]:
                continue
            seen[r][c] = True
            stack = [(r, c)]
            area = 0
            while stack:
                cr, cc = stack.pop()
                area += 1
                for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                    nr, nc = cr + dr, cc + dc
                    if 0 <= nr < n and 0 <= nc < m and grid[nr][nc] == "#" and not seen[nr][nc]:
                        seen[nr][nc] = True
                        stack.append((nr, nc))
            sizes.append(area)
    largest = max(sizes) if sizes else 0
    print(len(sizes), largest)


main()
