def probe():
    rows = csv_rows("results/predictions.csv")
    if rows is None:
        return None
    body = [r for r in rows[1:] if len(r) >= 3]
    return {"header": rows[0], "count": len(body), "first": [r[2] for r in body[:10]], "agreement": num(sum(r[1] == r[2] for r in body) / len(body), 3) if body else None}
