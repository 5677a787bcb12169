import sys


def plan(talks, arrive, leave, gap):
    usable = []
    for s, e, idx in talks:
        if s < arrive or e > leave:
            continue
        usable.append((s, e, idx))
    usable.sort(key=lambda t: (t[1], t[2]))
    chosen = []
    free_at = None
    for s, e, idx in usable:
        if free_at is None or s >= free_at:
            chosen.append(idx)
            free_at = e + gap
    return chosen


def main():
    data = sys.stdin.read().split()
    pos = 1
    out = []
    for _ in range(int(data[0])):
        n, arrive, leave, gap = map(int, data[pos:pos + 4])
        pos += 4
        talks = []
        for i in range(n):
            talks.append((int(data[pos]), int(data[pos + 1]), i + 1))
            pos += 2
        chosen = plan(talks, arrive, leave, gap)
        out.append(str(len(chosen)))
        if chosen:
            out.append(" ".join(map(str, chosen)))
    print("\n".join(out))


main()
