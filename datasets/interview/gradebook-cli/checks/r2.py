def probe():
    one, top = text("results/student_S07.txt"), text("results/top3.txt")
    return {"student": one.strip() if one is not None else None, "top": [l.strip() for l in top.splitlines() if l.strip()] if top is not None else None}
