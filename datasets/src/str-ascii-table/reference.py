import sys


def is_number(s):
    body = s[1:] if s.startswith("-") else s
    return body.isdigit()


def border(widths):
    return "+" + "+".join("-" * (w + 2) for w in widths) + "+"


def render(cells, widths, align):
    parts = []
    for i, w in enumerate(widths):
        cell = cells[i] if i < len(cells) else ""
        if align and is_number(cell):
            parts.append(" " + cell.rjust(w) + " ")
        else:
            parts.append(" " + cell.ljust(w) + " ")
    return "|" + "|".join(parts) + "|"


def main():
    lines = sys.stdin.read().split("\n")
    n = int(lines[0])
    rows = [line.split(",") for line in lines[1:n + 1]]
    header, body = rows[0], rows[1:]
    widths = [len(h) for h in header]
    for row in body:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(cell))
    out = [border(widths), render(header, widths, False), border(widths)]
    for row in body:
        out.append(render(row, widths, True))
    out.append(border(widths))
    print("\n".join(out))


main()
