import math
import sys


def waiting_time(s, k, t):
    """Time from t until the next departure of a route starting at s every k (None: no more buses)."""
    if t <= s:
        return s - t
    if k == 0:
        return None
    trips = math.ceil((t - s) / k)
    return s + trips * k - t


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    routes = [(int(data[2 + 2 * i]), int(data[3 + 2 * i])) for i in range(n)]
    times = [int(x) for x in data[2 + 2 * n:2 + 2 * n + q]]
    out = []
    for t in times:
        best = 10**9
        index = -1
        for i, (s, k) in enumerate(routes):
            w = waiting_time(s, k, t)
            if w is not None and w < best:
                best = w
                index = i + 1
        out.append("-1" if index == -1 else f"{best} {index}")
    print("\n".join(out))


main()
