import json
import random

rng = random.Random(int(input()))
ALPHA = "abcdefghijklmnopqrstuvwxyz"


def case(ops):
    return f"{len(ops)}\n" + "".join(f"{op} {arg}\n" for op, arg in ops)


def rand_plain(length, letters, min_run=1):
    # A string of about `length` letters made of runs at least min_run long.
    s = ""
    while len(s) < length:
        s += rng.choice(letters) * rng.choice([min_run, min_run, 2, 3, rng.randint(min_run, 15)])
    return s[:length] if min_run == 1 else s


def pack(s):
    out = []
    i = 0
    while i < len(s):
        j = i
        while j < len(s) and s[j] == s[i]:
            j += 1
        out.append(s[i] if j - i == 1 else s[i] + str(j - i))
        i = j
    return "".join(out)


def has_single(t):
    return any(t[i].isalpha() and (i + 1 == len(t) or t[i + 1].isalpha()) for i in range(len(t)))


def packed(length, letters, long_runs):
    # long_runs: every run has length at least 2, so every letter carries a count;
    # otherwise at least one letter stands alone.
    while True:
        t = pack(rand_plain(length, letters, 2 if long_runs else 1))
        if long_runs or has_single(t):
            return t


tests = [
    case([("pack", "aaabccdddd"), ("unpack", "x3yz2")]),
    case([("unpack", "a12b3"), ("pack", "q")]),
    case([("pack", "a")]),
    case([("unpack", "a")]),
    case([("pack", "zzzzzzzzzzzz")]),
    case([("unpack", "m100")]),
    case([("unpack", "abc")]),
    case([("pack", "abcabc"), ("unpack", "a2b2c2d")]),
    case([("unpack", "k10j2")]),
]
# Only unpacking of texts where every letter carries a count.
for _ in range(36):
    letters = rng.choice(["ab", "abc", "xyz", ALPHA])
    tests.append(case([("unpack", packed(rng.randint(2, 60), letters, True)) for _ in range(rng.randint(1, 6))]))
# Only unpacking, some letters without a count.
for _ in range(14):
    letters = rng.choice(["ab", "abc", "xyz", ALPHA])
    tests.append(case([("unpack", packed(rng.randint(1, 60), letters, rng.random() < 0.5)) for _ in range(rng.randint(1, 5))]))
# Only packing.
for _ in range(22):
    letters = rng.choice(["a", "ab", "abc", "xyz", ALPHA])
    tests.append(case([("pack", rand_plain(rng.randint(1, 80), letters)) for _ in range(rng.randint(1, 6))]))
# Mixed.
for _ in range(24):
    letters = rng.choice(["ab", "abc", "xyz", "abcdefghij"])
    ops = []
    for _ in range(rng.randint(2, 10)):
        if rng.random() < 0.5:
            ops.append(("pack", rand_plain(rng.randint(1, 120), letters)))
        else:
            ops.append(("unpack", packed(rng.randint(1, 120), letters, rng.random() < 0.5)))
    tests.append(case(ops))
print(json.dumps(tests))
