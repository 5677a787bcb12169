import json
import random

rng = random.Random(int(input()))


def case(ops):
    return f"{len(ops)}\n" + "".join(op + "\n" for op in ops)


def random_ops(q, weights, p_add, p_remove, p_max):
    ops = []
    for _ in range(q):
        r = rng.random()
        x = rng.choice(weights)
        if r < p_add:
            ops.append(f"add {x}")
        elif r < p_add + p_remove:
            ops.append(f"remove {x}")
        elif r < p_add + p_remove + p_max:
            ops.append("max")
        else:
            ops.append(f"count {x}")
    return ops


tests = [
    case(["max"]),
    case(["add 5", "max", "count 5"]),
    case(["remove 3"]),
    case(["add 7", "remove 7", "max"]),
    case(["add 7", "remove 7", "remove 7", "count 7"]),
    case(["add 1000000000", "add 1", "max", "remove 1000000000", "max"]),
    case(["add 2", "add 2", "remove 2", "count 2", "max"]),
]
# Only additions and queries: nothing is ever removed.
for _ in range(25):
    weights = [rng.randint(1, 10**9) for _ in range(rng.randint(1, 20))]
    tests.append(case(random_ops(rng.randint(1, 60), weights, 0.5, 0.0, 0.25)))
# Removals of boxes that are present, among few weights.
for _ in range(45):
    weights = [rng.randint(1, 50) for _ in range(rng.randint(1, 6))]
    tests.append(case(random_ops(rng.randint(5, 80), weights, 0.45, 0.3, 0.15)))
# Longer mixes.
for _ in range(33):
    weights = [rng.randint(1, 10**6) for _ in range(rng.randint(5, 200))]
    tests.append(case(random_ops(rng.randint(100, 300), weights, 0.4, 0.3, 0.15)))
print(json.dumps(tests))
