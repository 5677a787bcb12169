import sys
import heapq


def main():
    data = sys.stdin.read().split()
    n, m = int(data[0]), int(data[1])
    adj = {v: [] for v in range(1, n + 1)}
    pos = 2
    for _ in range(m):
        u, v, w = int(data[pos]), int(data[pos + 1]), int(data[pos + 2])
        pos += 3
        adj[u].append((v, w))
    INF = float("inf")
    dist = [INF] * (n + 1)
    dist[1] = 0
    heap = [(0, 1)]
    while heap:
        d, u = heapq.heappop(heap)
        if d > dist[u]:
            continue
        for v, w in adj[u]:
            nd = d + w
            if nd < dist[v]:
                dist[v] = nd
                heapq.heappush(heap, (nd, v))
    q = int(data[pos])
    out = []
    for t in data[pos + 1:pos + 1 + q]:
        d = dist[int(t)]
        out.append(str(d) if d < INF else "-1")
    print("\n".join(out))


main()
