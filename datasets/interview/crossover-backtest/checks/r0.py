def probe():
    rows = csv_rows("results/returns.csv")
    if rows is None:
        return None
    body = [r for r in rows[1:] if len(r) >= 2]
    dates = [r[0] for r in body]
    return {"count": len(body), "first": body[0] if body else None, "ascending": dates == sorted(dates)}
