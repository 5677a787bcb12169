def probe():
    s = load_json("models/item_similarity.json")
    if not isinstance(s, dict):
        return s
    first = s.get("1") or []
    return {"movies": len(s), "sizes": sorted({len(v) for v in s.values() if isinstance(v, list)}), "movie_1": [[int(num(p[0]) or 0), num(p[1], 3)] for p in first if isinstance(p, list) and len(p) == 2]}
