def probe():
    m = load_json("models/logreg.json")
    if not isinstance(m, dict):
        return m
    weights = m.get("weights")
    return {"features": m.get("features"), "weights": len(weights) if isinstance(weights, list) else None, "bias": num(m.get("bias")) is not None}
