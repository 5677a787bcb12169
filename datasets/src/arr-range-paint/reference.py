import sys


def main():
    data = sys.stdin.read().split()
    n, m, q, need = int(data[0]), int(data[1]), int(data[2]), int(data[3])
    diff = [0] * (n + 2)
    pos = 4
    for _ in range(m):
        l, r, c = int(data[pos]), int(data[pos + 1]), int(data[pos + 2])
        pos += 3
        if l > r:
            l, r = r, l
        diff[l] += c
        diff[r + 1] -= c
    coats = [0] * (n + 1)
    pre = [0] * (n + 1)
    for i in range(1, n + 1):
        coats[i] = coats[i - 1] + diff[i]
        pre[i] = pre[i - 1] + coats[i]
    ready = sum(1 for i in range(1, n + 1) if coats[i] >= need)
    out = [str(ready)]
    for _ in range(q):
        x, y = int(data[pos]), int(data[pos + 1])
        pos += 2
        if x > y:
            x, y = y, x
        out.append(str(pre[y] - pre[x - 1]))
    print("\n".join(out))


main()
