import json
import random

rng = random.Random(int(input()))


def case(n, edges):
    return f"{n} {len(edges)}\n" + "".join(f"{a} {b}\n" for a, b in edges)


def chain_dag(n, extra):
    # A hidden chain through every task fixes the order completely; extra rules follow it.
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    edges = [(perm[i], perm[i + 1]) for i in range(n - 1)]
    for _ in range(extra):
        i, j = sorted(rng.sample(range(n), 2))
        edges.append((perm[i], perm[j]))
    rng.shuffle(edges)
    return edges


def loose_dag(n, m):
    perm = list(range(1, n + 1))
    rng.shuffle(perm)
    edges = []
    for _ in range(m):
        i, j = sorted(rng.sample(range(n), 2))
        edges.append((perm[i], perm[j]))
    return edges


def with_cycle(n, m, everything_blocked):
    edges = loose_dag(n, m)
    length = rng.randint(1, min(n, 6))
    cyc = rng.sample(range(1, n + 1), length)
    edges += [(cyc[i], cyc[(i + 1) % length]) for i in range(length)]
    if everything_blocked:
        # Every task waits for some task on the cycle.
        for v in range(1, n + 1):
            if v not in cyc:
                edges.append((rng.choice(cyc), v))
    rng.shuffle(edges)
    return edges


tests = [
    case(4, [(2, 3), (1, 4), (4, 3)]),
    case(3, [(1, 2), (2, 3), (3, 1)]),
    case(1, []),
    case(3, []),
    case(4, [(3, 1), (1, 2), (3, 4)]),
    case(2, [(1, 1)]),
    case(4, [(1, 2), (2, 3), (3, 2)]),
    case(5, [(5, 4), (4, 3), (3, 2), (2, 1)]),
    case(3, [(2, 1), (2, 1), (3, 1)]),
    case(4, [(3, 2), (1, 4)]),
    case(5, [(4, 1), (1, 2), (2, 4), (3, 5)]),
]
kinds = ["chain"] * 28 + ["loose"] * 36 + ["cycle"] * 24 + ["stuck"] * 6
rng.shuffle(kinds)
for kind in kinds:
    n = rng.randint(2, 60)
    if kind == "chain":
        tests.append(case(n, chain_dag(n, rng.randint(0, 2 * n))))
    elif kind == "loose":
        tests.append(case(n, loose_dag(n, rng.randint(1, 2 * n))))
    else:
        tests.append(case(n, with_cycle(n, rng.randint(0, 2 * n), kind == "stuck")))
print(json.dumps(tests))
