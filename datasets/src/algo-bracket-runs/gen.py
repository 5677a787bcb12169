import json
import random

rng = random.Random(int(input()))
PAIRS = ["()", "[]", "{}"]


def balanced(n, kinds):
    # A random correct sequence with n pairs.
    out, stack = [], []
    opens = n
    while opens or stack:
        if opens and (not stack or rng.random() < 0.5):
            p = rng.choice(kinds)
            out.append(p[0])
            stack.append(p[1])
            opens -= 1
        else:
            out.append(stack.pop())
    return "".join(out)


def noise(kinds):
    return rng.choice(kinds)[rng.randint(0, 1)]


def mixed(length, kinds, p_block):
    parts = []
    total = 0
    while total < length:
        if rng.random() < p_block:
            part = balanced(rng.randint(1, 6), kinds)
        else:
            part = noise(kinds)
        parts.append(part)
        total += len(part)
    return "".join(parts)[:length] or noise(kinds)


def ends_closed(s, kinds):
    # Make sure the last character is a closing bracket.
    return s[:-1] + rng.choice(kinds)[1] if s[-1] in "([{" else s


def hopeless(length, kinds):
    # No two adjacent characters form a pair, so nothing is balanced.
    choice = rng.randint(0, 2)
    if choice == 0:
        return "".join(rng.choice(kinds)[0] for _ in range(length))
    if choice == 1:
        return "".join(rng.choice(kinds)[1] for _ in range(length))
    k = rng.randint(0, length)
    return "".join(rng.choice(kinds)[1] for _ in range(k)) + "".join(rng.choice(kinds)[0] for _ in range(length - k))


def case(strings):
    return f"{len(strings)}\n" + "".join(s + "\n" for s in strings)


tests = [
    case(["(()[]){", "]([)]()"]),
    case(["{[]}(()", "()[]){}{}]"]),
    case(["(]", ")()())("]),
    case([")"]),
    case(["(("]),
    case(["()"]),
    case(["{[()]}"]),
    case(["()()()"]),
    case(["([)]"]),
    case([")(", "]["]),
    case(["(()", "())", "()(()"]),
    case(["}{}{"]),
    case(["[[]][[]]}(())"]),
]
ALL = PAIRS
for _ in range(24):
    kinds = rng.sample(ALL, rng.randint(1, 3))
    tests.append(case([ends_closed(mixed(rng.randint(2, 300), kinds, rng.uniform(0.3, 0.8)), kinds) for _ in range(rng.randint(1, 4))]))
for _ in range(24):
    kinds = rng.sample(ALL, rng.randint(1, 3))
    strings = [mixed(rng.randint(2, 300), kinds, rng.uniform(0.3, 0.8)) for _ in range(rng.randint(1, 4))]
    tests.append(case(strings))
for _ in range(16):
    # A closing bracket at the very start, its opening partner at the very end.
    kinds = rng.sample(ALL, rng.randint(1, 3))
    strings = [ends_closed(mixed(rng.randint(2, 200), kinds, 0.5), kinds) for _ in range(rng.randint(0, 2))]
    p = rng.choice(kinds)
    strings.insert(rng.randint(0, len(strings)), p[1] + mixed(rng.randint(2, 250), kinds, 0.6) + p[0])
    tests.append(case(strings))
for _ in range(28):
    kinds = rng.sample(ALL, rng.randint(1, 3))
    strings = [ends_closed(mixed(rng.randint(2, 200), kinds, 0.5), kinds) for _ in range(rng.randint(0, 3))]
    strings.insert(rng.randint(0, len(strings)), hopeless(rng.randint(1, 40), kinds))
    tests.append(case(strings))
print(json.dumps(tests))
