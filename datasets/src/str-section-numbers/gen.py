import json
import random

rng = random.Random(int(input()))
WORDS = "alpha beta gamma delta results method setup notes intro summary data model plan risks scope goals".split()


def case(lines):
    return f"{len(lines)}\n" + "".join(line + "\n" for line in lines)


def title():
    return " ".join(rng.choice(WORDS).capitalize() if i == 0 else rng.choice(WORDS) for i in range(rng.randint(1, 3)))


def filler():
    r = rng.random()
    if r < 0.5:
        return " ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 8)))
    if r < 0.6:
        return ""
    if r < 0.7:
        return "#" + rng.choice(WORDS)
    if r < 0.78:
        return "#" * 7 + " " + title()
    if r < 0.86:
        return "- #" + str(rng.randint(1, 99)) + " " + rng.choice(WORDS)
    return rng.choice(WORDS) + " # " + rng.choice(WORDS)


def code_block():
    body = []
    for _ in range(rng.randint(1, 4)):
        body.append(rng.choice(["# " + title(), "x = " + str(rng.randint(0, 9)), "## " + title(), "print(x)"]))
    return ["```"] + body + ["```"]


def document(levels, extras=0.4):
    lines = []
    for lv in levels:
        while rng.random() < extras:
            lines.extend(code_block() if rng.random() < 0.15 else [filler()])
        lines.append("#" * lv + " " + title())
    if rng.random() < 0.5:
        lines.append(filler())
    return lines


def well_formed(count, top=1, deepest=4):
    levels, cur = [], top - 1
    for _ in range(count):
        cur = rng.randint(top, min(deepest, cur + 1))
        levels.append(cur)
    return levels


def one_branch(count):
    # Levels never decrease: a single chain of ever deeper or sibling sections.
    levels, cur = [], 1
    for _ in range(count):
        cur = min(6, cur + rng.choice([0, 0, 1]))
        levels.append(cur)
    return levels


tests = [
    case(["# Intro", "some text", "## Goals", "## Scope", "# Design", "## Data", "text"]),
    case(["## Late start", "#notaheading", "```", "# inside code", "```", "### Deep"]),
    case(["plain text only"]),
    case(["# One"]),
    case(["###### Six"]),
    case(["# A", "## B", "### C", "# D", "## E", "### F"]),
    case(["# A", "### B", "## C", "### D"]),
    case(["```", "# not a heading", "```", "# Real", "####### seven", "# Again"]),
    case(["# A", "# B", "# C", "", "# D"]),
]
for _ in range(33):
    kind = rng.random()
    if kind < 0.5:
        levels = one_branch(rng.randint(1, 12))
    else:
        levels = [rng.randint(1, 3)] * rng.randint(1, 10)
        if levels[0] > 1:
            levels = [1] * rng.randint(1, 3) + levels if levels[0] == 2 else levels
        if levels[0] > 2:
            levels = [1, 2] + levels
    tests.append(case(document(levels)))
for _ in range(42):
    tests.append(case(document(well_formed(rng.randint(4, 30)))))
for _ in range(24):
    levels = well_formed(rng.randint(2, 25), 1, 6)
    levels[rng.randrange(len(levels))] = rng.randint(3, 6)
    if rng.random() < 0.4:
        levels[0] = rng.randint(2, 3)
    tests.append(case(document(levels)))
print(json.dumps(tests))
