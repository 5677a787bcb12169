import sys


def main():
    data = sys.stdin.read().split()
    n, k = int(data[0]), int(data[1])
    heights = list(map(int, data[2:2 + n]))
    cracked = [c == "#" for c in data[2 + n]]
    dp = [None] * n
    dp[0] = 0
    for i in range(1, n):
        if cracked[i]:
            continue
        best = None
        for j in range(max(0, i - k), i):
            if dp[j] is None:
                continue
            cost = dp[j] + abs(heights[i] - heights[j])
            if best is None or cost < best:
                best = cost
        dp[i] = best
    print(dp[n - 1] if dp[n - 1] is not None else -1)


main()
