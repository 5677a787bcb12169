import sys

LIMIT = 10000


def main():
    data = sys.stdin.read().split()
    k = int(data[0])
    stamps = [int(x) for x in data[1:1 + k]]
    q = int(data[1 + k])
    amounts = [int(x) for x in data[2 + k:2 + k + q]]
    INF = float("inf")
    best = [INF] * LIMIT
    best[0] = 0
    for s in stamps:
        for x in range(len(best) - 1, s - 1, -1):
            if best[x - s] + 1 < best[x]:
                best[x] = best[x - s] + 1
    out = []
    for x in amounts:
        out.append(str(best[x]) if best[x] < INF else "-1")
    print("\n".join(out))


main()
