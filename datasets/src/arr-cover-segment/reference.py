import sys


def min_lamps(segs, length):
    segs.sort()
    n = len(segs)
    cur = 0
    i = 0
    used = 0
    while cur < length:
        reach = cur
        while i < n and segs[i][0] <= cur:
            if segs[i][1] > reach:
                reach = segs[i][1]
            i += 1
        if reach == cur:
            return -1
        cur = reach
        used += 1
    return used


def main():
    data = sys.stdin.read().split()
    pos = 1
    out = []
    for _ in range(int(data[0])):
        n, length = int(data[pos]), int(data[pos + 1])
        pos += 2
        segs = []
        for _ in range(n):
            p, r = int(data[pos]), int(data[pos + 1])
            pos += 2
            if r == 0:
                continue
            segs.append((p - r, p + r))
        out.append(str(min_lamps(segs, length)))
    print("\n".join(out))


main()
