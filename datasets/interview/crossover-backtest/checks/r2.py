def probe():
    rows = csv_rows("results/equity.csv")
    if rows is None:
        return None
    body = [r for r in rows[1:] if len(r) >= 3]
    return {"count": len(body), "first_date": body[0][0] if body else None, "positions": sorted({r[1] for r in body}), "final_equity": num(body[-1][2], 4) if body else None}
