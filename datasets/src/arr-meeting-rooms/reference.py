import sys


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    starts = [int(x) for x in data[2:2 + 2 * n:2]]
    ends = [int(x) for x in data[3:3 + 2 * n:2]]
    last = max(ends)
    diff = [0] * (last + 2)
    for s, e in zip(starts, ends):
        diff[s] += 1
        diff[e] -= 1
    busy = [0] * last
    running = 0
    for t in range(last):
        running += diff[t]
        busy[t] = running
    peak, when = 0, 0
    for t in range(last):
        if busy[t] > peak:
            peak, when = busy[t], t
    out = [f"{peak} {when}"]
    pos = 2 + 2 * n
    for _ in range(q):
        t = int(data[pos])
        pos += 1
        if t >= last:
            out.append("0")
        else:
            out.append(str(busy[t]))
    print("\n".join(out))


main()
