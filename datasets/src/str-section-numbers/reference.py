import sys


def heading_level(line):
    level = 0
    while level < len(line) and line[level] == "#":
        level += 1
    if 1 <= level <= 6 and level < len(line) and line[level] == " ":
        return level
    return 0


def main():
    lines = sys.stdin.read().split("\n")
    n = int(lines[0])
    counters = []
    in_code = False
    out = []
    for line in lines[1:n + 1]:
        if line.startswith("```"):
            in_code = not in_code
            out.append(line)
            continue
        level = 0 if in_code else heading_level(line)
        if level == 0:
            out.append(line)
            continue
        while len(counters) < level:
            counters.append(0)
        counters[level - 1] += 1
        for d in range(level, len(counters)):
            counters[d] = 0
        number = ".".join(str(c) for c in counters[:level])
        out.append("#" * level + " " + number + " " + line[level + 1:])
    print("\n".join(out))


main()
