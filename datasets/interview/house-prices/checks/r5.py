def probe():
    rows = csv_rows("results/predictions.csv")
    if rows is None:
        return None
    body = [r for r in rows[1:] if len(r) >= 3]
    errors = [abs(num(r[1]) - num(r[2])) for r in body if num(r[1]) is not None and num(r[2]) is not None]
    return {"header": rows[0], "count": len(body), "mean_abs_error": num(sum(errors) / len(errors), 2) if errors else None}
