def probe():
    m = load_json("models/linear_model.json")
    if not isinstance(m, dict):
        return m
    c = m.get("coefficients") or {}
    return {"intercept": num(m.get("intercept"), 3), "coefficients": {k: num(v, 4) for k, v in c.items()} if isinstance(c, dict) else c}
