import json
import random

rng = random.Random(int(input()))


def case(versions):
    return f"{len(versions)}\n" + "".join(v + "\n" for v in versions)


def version(max_parts, max_value, p_prefix=0.2):
    parts = [str(rng.randint(0, max_value)) for _ in range(rng.randint(1, max_parts))]
    text = ".".join(parts)
    return (rng.choice("vV") + text) if rng.random() < p_prefix else text


def variant(v):
    # Same version written differently: prefix toggled, trailing zeros added or removed.
    body = v[1:] if v[0] in "vV" else v
    while body.endswith(".0") and rng.random() < 0.5:
        body = body[:-2]
    body += ".0" * rng.choice([0, 0, 1, 2])
    return (rng.choice(["", "v", "V"])) + body


tests = [
    case(["1.2.10", "1.2.9", "v1.3", "1.2", "0.9.9"]),
    case(["2.0", "v2", "1.10", "2.0.0", "1.9"]),
    case(["7"]),
    case(["3.1", "3.1"]),
    case(["0", "0.0.0", "v0"]),
    case(["10", "9", "100", "v11"]),
    case(["1.0.1", "1.0.0.1", "1.1"]),
    case(["4.2.0", "v4.2", "4.2.0.0", "4.1.99"]),
]
# Single-digit components, all distinct.
for _ in range(30):
    n = rng.randint(1, 20)
    seen, versions = set(), []
    while len(versions) < n:
        v = version(4, 9)
        body = v.lstrip("vV").split(".")
        while len(body) > 1 and body[-1] == "0":
            body.pop()
        if tuple(body) not in seen:
            seen.add(tuple(body))
            versions.append(v)
    tests.append(case(versions))
# Multi-digit components.
for _ in range(30):
    tests.append(case([version(4, rng.choice([20, 120, 5000])) for _ in range(rng.randint(2, 40))]))
# Small components with repeats and equal spellings.
for _ in range(34):
    base = [version(3, 9) for _ in range(rng.randint(1, 10))]
    versions = [variant(rng.choice(base)) for _ in range(rng.randint(2, 30))]
    tests.append(case(versions))
print(json.dumps(tests))
