import sys


def plate(pts):
    """Twice the signed area and the two first moments (times 6) of a polygon."""
    n = len(pts)
    a2 = sx = sy = 0
    for i in range(n):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % n]
        cross = x1 * y2 - x2 * y1
        a2 += cross
        sx += (x1 + x2) * cross
        sy += (y1 + y2) * cross
    return a2, sx, sy


def show(v):
    """Six decimals, without printing a negative zero."""
    return f"{0.0 if abs(v) < 5e-7 else v:.6f}"


def main():
    data = sys.stdin.read().split()
    t = int(data[0])
    pos = 1
    out = []
    total_area = total_mx = total_my = 0.0
    for _ in range(t):
        n = int(data[pos])
        pts = [(int(data[pos + 1 + 2 * i]), int(data[pos + 2 + 2 * i])) for i in range(n)]
        pos += 1 + 2 * n
        a2, sx, sy = plate(pts)
        if n < 3:
            out.append("DEGENERATE")
            continue
        area2 = abs(a2)
        area = area2 / 2
        cx = sx / (3 * area2)
        cy = sy / (3 * area2)
        orientation = "CCW" if a2 > 0 else "CW"
        out.append(f"{show(area)} {show(cx)} {show(cy)} {orientation}")
        total_area += area
        total_mx += area * cx
        total_my += area * cy
    if total_area == 0:
        out.append("DEGENERATE")
    else:
        out.append(f"{show(total_area)} {show(total_mx / total_area)} {show(total_my / total_area)}")
    print("\n".join(out))


main()
