def probe():
    m = load_json("results/metrics.json")
    if not isinstance(m, dict):
        return m
    per = m.get("per_class") if isinstance(m.get("per_class"), dict) else {}
    return {"accuracy": num(m.get("accuracy"), 3), "classes": len(per), "per_class": {k: num(v, 3) for k, v in per.items()}}
