def probe():
    m = load_json("results/user_means.json")
    if not isinstance(m, dict):
        return m
    return {"count": len(m), "1": num(m.get("1"), 4), "2": num(m.get("2"), 4), "30": num(m.get("30"), 4)}
