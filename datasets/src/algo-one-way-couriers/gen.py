import json
import random

rng = random.Random(int(input()))


def case(n, edges, queries):
    lines = [f"{n} {len(edges)}"] + [f"{u} {v} {w}" for u, v, w in edges]
    lines += [str(len(queries)), " ".join(map(str, queries))]
    return "\n".join(lines) + "\n"


def graph(n, m, wmax, every_node_leaves):
    edges = []
    if every_node_leaves:
        # Each junction gets at least one road out of it.
        for u in range(1, n + 1):
            edges.append((u, rng.randint(1, n), rng.randint(1, wmax)))
    while len(edges) < m:
        edges.append((rng.randint(1, n), rng.randint(1, n), rng.randint(1, wmax)))
    rng.shuffle(edges)
    return edges


def queries(n, q):
    return [rng.randint(1, n) for _ in range(q)]


tests = [
    case(4, [(1, 2, 4), (1, 3, 1), (3, 2, 2), (2, 4, 5), (4, 1, 3)], [4, 2, 3, 1]),
    case(5, [(1, 2, 7), (2, 3, 2), (3, 1, 4), (1, 3, 10), (4, 5, 1), (5, 4, 1)], [3, 5, 2]),
    case(3, [(1, 2, 1000000000), (2, 2, 7), (3, 1, 1)], [2, 3]),
    case(1, [], [1]),
    case(2, [], [2, 1]),
    case(3, [(1, 2, 5), (2, 3, 5)], [3, 2, 1]),
    case(3, [(1, 2, 5), (2, 3, 5), (3, 1, 5)], [3, 2, 1]),
    case(2, [(1, 2, 9), (1, 2, 3), (2, 1, 1), (2, 2, 1)], [2]),
    case(3, [(2, 1, 1), (3, 1, 1), (1, 1, 4)], [1, 2, 3]),
    case(4, [(1, 2, 600000000), (2, 3, 600000000), (3, 4, 1), (4, 4, 1)], [2, 3, 4]),
    case(5, [(1, 2, 1), (2, 3, 1), (3, 1, 1), (4, 5, 1), (5, 4, 1)], [5, 4, 3]),
]
# Every junction has a road out; short roads.
for _ in range(22):
    n = rng.randint(2, 60)
    tests.append(case(n, graph(n, rng.randint(n, 3 * n), 1000, True), queries(n, rng.randint(1, 12))))
# Every junction has a road out; roads up to 10^9 long.
for _ in range(30):
    n = rng.randint(2, 60)
    tests.append(case(n, graph(n, rng.randint(n, 3 * n), 10 ** 9, True), queries(n, rng.randint(1, 12))))
# Arbitrary road networks: some junctions are dead ends.
for _ in range(40):
    n = rng.randint(2, 60)
    tests.append(case(n, graph(n, rng.randint(1, 2 * n), rng.choice([1000, 10 ** 6, 10 ** 9]), False), queries(n, rng.randint(1, 12))))
print(json.dumps(tests))
