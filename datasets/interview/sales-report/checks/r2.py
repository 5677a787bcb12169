def probe():
    rows = csv_rows("results/monthly_revenue.csv")
    if rows is None:
        return None
    return {"header": rows[0], "months": [r[0] for r in rows[1:]], "revenue": [num(r[1]) for r in rows[1:] if len(r) > 1]}
