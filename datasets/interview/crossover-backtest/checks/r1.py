def probe():
    rows = csv_rows("results/indicators.csv")
    if rows is None:
        return None
    body = [r for r in rows[1:] if len(r) >= 3]
    return {"header": rows[0], "count": len(body), "first": [body[0][0], num(body[0][1], 2), num(body[0][2], 2)] if body else None, "last": [body[-1][0], num(body[-1][1], 2), num(body[-1][2], 2)] if body else None}
