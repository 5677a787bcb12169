def probe():
    rows = csv_rows("results/scaled_points.csv")
    if rows is None:
        return None
    pts = [(num(r[0]), num(r[1])) for r in rows[1:] if len(r) >= 2]
    xs = [p[0] for p in pts if p[0] is not None]
    ys = [p[1] for p in pts if p[1] is not None]
    return {"header": rows[0], "count": len(pts), "x": [num(min(xs), 6), num(max(xs), 6)] if xs else None, "y": [num(min(ys), 6), num(max(ys), 6)] if ys else None}
