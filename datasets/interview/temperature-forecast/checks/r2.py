def probe():
    rows = csv_rows("results/moving_average.csv")
    if rows is None:
        return None
    body = [r for r in rows[1:] if len(r) >= 2]
    return {"count": len(body), "first": body[0][0] if body else None, "last_value": num(body[-1][1], 3) if body else None}
