import sys


def at_most(a, k):
    if k <= 0:
        return 0
    cnt = {}
    left = 0
    total = 0
    for right, x in enumerate(a):
        cnt[x] = cnt.get(x, 0) + 1
        if len(cnt) > k:
            y = a[left]
            cnt[y] -= 1
            if cnt[y] == 0:
                del cnt[y]
            left += 1
        total += right - left + 1
    return total


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    a = [int(x) for x in data[2:2 + n]]
    distinct = len(set(a))
    out = []
    for j in range(q):
        k = int(data[2 + n + j])
        if k > distinct:
            out.append("0")
            break
        out.append(str(at_most(a, k) - at_most(a, k - 1)))
    print("\n".join(out))


main()
