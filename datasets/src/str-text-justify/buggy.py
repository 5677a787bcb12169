import sys


def break_lines(words, width):
    lines = []
    cur = []
    cur_len = 0
    for word in words:
        if cur and cur_len + len(cur) + len(word) > width:
            lines.append(cur)
            cur = []
            cur_len = 0
        cur.append(word)
        cur_len += len(word)
    lines.append(cur)
    return lines


def justify(line, width):
    total = width - sum(len(word) for word in line)
    gaps = len(line) - 1
    base, extra = divmod(total, gaps)
    parts = []
    for i, word in enumerate(line[:-1]):
        parts.append(word + " " * (base + (1 if i >= gaps - extra else 0)))
    parts.append(line[-1])
    return "".join(parts)


def main():
    data = sys.stdin.read().split()
    width, n = int(data[0]), int(data[1])
    words = data[2:2 + n]
    lines = break_lines(words, width)
    out = []
    for idx, line in enumerate(lines):
        if idx == len(lines) - 1:
            out.append(" ".join(line))
        else:
            out.append(justify(line, width))
    print("\n".join(out))


main()
