import sys


def best_window(pre, n, k):
    sums = [pre[i + k] - pre[i] for i in range(n - k + 1)]
    best = max(sums)
    start = 0
    for i, s in enumerate(sums):
        if s == best:
            start = i + 1
            break
    return best, start


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    a = [int(x) for x in data[2:2 + n]]
    pre = [0] * (n + 1)
    for i in range(n):
        pre[i + 1] = pre[i] + a[i]
    out = []
    for j in range(q):
        k = int(data[2 + n + j])
        if k > n:
            out.append("NONE")
            continue
        best, start = best_window(pre, n, k)
        out.append(f"{best} {start}")
    print("\n".join(out))


main()
