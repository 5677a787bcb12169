import json
import random

rng = random.Random(int(input()))


def case(n, ops):
    return f"{n} {len(ops)}\n" + "".join(op + "\n" for op in ops)


def random_ops(q, people, w_join, w_same, w_size):
    ops = []
    for _ in range(q):
        r = rng.random() * (w_join + w_same + w_size + 1)
        a, b = rng.choice(people), rng.choice(people)
        if r < w_join:
            ops.append(f"join {a} {b}")
        elif r < w_join + w_same:
            ops.append(f"same {a} {b}")
        elif r < w_join + w_same + w_size:
            ops.append(f"size {a}")
        else:
            ops.append("clubs")
    return ops


tests = [
    case(5, ["join 1 2", "size 2", "join 3 4", "same 1 3", "clubs", "join 2 1"]),
    case(6, ["join 1 2", "join 3 4", "join 1 3", "size 4", "same 2 4", "clubs", "size 5"]),
    case(1, ["clubs", "size 1", "join 1 1"]),
    case(4, ["join 1 2", "join 3 4", "join 1 3", "join 2 4", "clubs"]),
    case(3, ["same 1 2", "join 2 1", "same 1 2", "join 2 1", "clubs"]),
    case(2, ["join 1 2", "size 1", "size 2", "clubs"]),
    case(7, ["join 1 2", "join 3 4", "join 2 4", "join 5 6", "join 6 1", "join 3 5", "size 5", "clubs"]),
    case(5, ["clubs", "join 5 4", "size 4"]),
]
# Many students, few of them ever mentioned.
for _ in range(28):
    n = rng.randint(20, 1000)
    people = rng.sample(range(1, n), rng.randint(2, 12))
    tests.append(case(n, random_ops(rng.randint(5, 40), people, 0.5, 0.3, 0.3)))
# Everybody takes part.
for _ in range(30):
    n = rng.randint(2, 30)
    tests.append(case(n, random_ops(rng.randint(5, 60), list(range(1, n + 1)), 1.0, 0.5, 0.5)))
# Small crowds merged over and over.
for _ in range(36):
    n = rng.randint(30, 1000)
    people = rng.sample(range(1, n), rng.randint(6, 25))
    tests.append(case(n, random_ops(rng.randint(30, 120), people, 2.0, 0.4, 0.4)))
print(json.dumps(tests))
