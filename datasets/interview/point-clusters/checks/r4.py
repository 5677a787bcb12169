def probe():
    rows = csv_rows("results/assignments.csv")
    if rows is None:
        return None
    body = rows[1:]
    clusters = [r[1] for r in body if len(r) >= 2]
    return {"header": rows[0], "first_index": body[0][0] if body else None, "count": len(body), "sizes": [clusters.count(str(k)) for k in range(3)], "first": clusters[:10]}
