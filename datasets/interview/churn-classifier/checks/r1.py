def probe():
    s = load_json("results/scaler.json")
    if not isinstance(s, dict):
        return s
    return {part: {k: num(v, 4) for k, v in (s.get(part) or {}).items()} for part in ("mean", "std")}
