import sys


def enough(lengths, size, k):
    total = 0
    for x in lengths:
        total += x // size
        if total >= k:
            return True
    return False


def main():
    data = sys.stdin.read().split()
    n = int(data[0])
    lengths = [int(x) for x in data[1:1 + n]]
    q = int(data[1 + n])
    memo = {}
    out = []
    for k in map(int, data[2 + n:2 + n + q]):
        if k in memo:
            out.append(memo[k])
            continue
        lo, hi = 1, max(lengths) + 1
        # Find the smallest piece length that yields fewer than k pieces.
        while lo < hi:
            mid = (lo + hi) // 2
            if enough(lengths, mid, k):
                lo = mid + 1
            else:
                hi = mid
        memo[k] = str(lo - 1)
        out.append(memo[k])
    print("\n".join(out))


main()
