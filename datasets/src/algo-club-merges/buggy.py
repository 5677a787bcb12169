import sys


def find(parent, x):
    while parent[x] != x:
        x = parent[x]
    return x


def main():
    data = sys.stdin.read().split()
    n, q = int(data[0]), int(data[1])
    parent = list(range(n))
    size = [1] * n
    clubs = n
    out = []
    pos = 2
    for _ in range(q):
        op = data[pos]
        if op == "join":
            a, b = int(data[pos + 1]), int(data[pos + 2])
            pos += 3
            if parent[a] == parent[b]:
                out.append("SAME")
                continue
            ra, rb = find(parent, a), find(parent, b)
            if size[ra] < size[rb]:
                ra, rb = rb, ra
            parent[rb] = ra
            size[ra] += size[rb]
            clubs -= 1
        elif op == "same":
            a, b = int(data[pos + 1]), int(data[pos + 2])
            pos += 3
            out.append("YES" if find(parent, a) == find(parent, b) else "NO")
        elif op == "size":
            out.append(str(size[find(parent, int(data[pos + 1]))]))
            pos += 2
        else:
            out.append(str(clubs))
            pos += 1
    print("\n".join(out))


main()
