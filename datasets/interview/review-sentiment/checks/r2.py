def probe():
    rows = csv_rows("results/predictions.csv")
    if rows is None:
        return None
    body = [r for r in rows[1:] if len(r) >= 3]
    return {
        "header": rows[0],
        "positions": [num(r[0]) for r in body][:3] + [len(body)],
        "labels": sorted({r[2] for r in body}),
        "agreement": num(sum(1 for r in body if r[1] == r[2]) / len(body), 4) if body else None,
    }
