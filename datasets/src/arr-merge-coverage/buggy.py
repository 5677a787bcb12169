import sys
from bisect import bisect_left


def merge(segs):
    segs.sort()
    blocks = []
    for l, r in segs:
        if blocks and l <= blocks[-1][1]:
            if r > blocks[-1][1]:
                blocks[-1][1] = r
        else:
            blocks.append([l, r])
    return blocks


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    segs = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)]
    blocks = merge(segs)
    starts = [b[0] for b in blocks]
    out = [str(len(blocks))]
    for j in range(q):
        p = int(data[2 + 2 * n + j])
        i = bisect_left(starts, p) - 1
        if i >= 0 and p <= blocks[i][1]:
            out.append(f"{blocks[i][0]} {blocks[i][1]}")
        else:
            out.append("NONE")
    print("\n".join(out))


main()
