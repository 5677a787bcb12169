import sys
import heapq


def main():
    data = sys.stdin.read().split()
    q = int(data[0])
    pos = 1
    counts = {}
    heap = []
    out = []
    for _ in range(q):
        op = data[pos]
        pos += 1
        if op == "add":
            x = int(data[pos])
            pos += 1
            counts[x] = counts.get(x, 0) + 1
            heapq.heappush(heap, -x)
        elif op == "remove":
            x = int(data[pos])
            pos += 1
            if counts.get(x, 0) == 0:
                out.append("ERROR")
            else:
                counts[x] -= 1
        elif op == "max":
            while heap and counts.get(-heap[0], 0) == 0:
                heapq.heappop(heap)
            out.append(str(-heap[0]) if heap else "EMPTY")
        else:
            x = int(data[pos])
            pos += 1
            out.append(str(counts.get(x, 0)))
    print("\n".join(out))


main()
