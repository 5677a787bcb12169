def probe():
    rows = csv_rows("results/revenue_by_region.csv")
    if rows is None:
        return None
    return {"header": rows[0], "regions": [r[0] for r in rows[1:]], "revenue": [num(r[1]) for r in rows[1:] if len(r) > 1]}
