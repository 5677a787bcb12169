def probe():
    rows = csv_rows("results/error_rate.csv")
    if rows is None:
        return None
    body = [r for r in rows[1:] if len(r) >= 4]
    return {"header": rows[0], "counts": [[r[0], r[1], r[2]] for r in body], "rates": [num(r[3], 4) for r in body]}
