import heapq


def solution(n, dependencies):
    after = [[] for _ in range(n)]
    waiting = [0] * n
    for a, b in dependencies:
        if not (0 <= a < n and 0 <= b < n):
            raise ValueError("unknown task")
        after[a].append(b)
        waiting[b] += 1
    ready = [t for t in range(n) if waiting[t] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        t = heapq.heappop(ready)
        order.append(t)
        for nxt in after[t]:
            waiting[nxt] -= 1
            if waiting[nxt] == 0:
                heapq.heappush(ready, nxt)
    if len(order) != n:
        raise ValueError("cycle")
    return order
