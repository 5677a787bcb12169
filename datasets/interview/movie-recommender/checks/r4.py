def probe():
    rec = load_json("results/recommendations.json")
    if not isinstance(rec, dict):
        return rec
    titles = {r[0]: r[1] for r in (csv_rows("data/movies.csv") or [])[1:]}
    rated = {}
    for r in (csv_rows("data/ratings.csv") or [])[1:]:
        rated.setdefault(r[0], set()).add(titles.get(r[1]))
    violations = sum(1 for u, films in rec.items() if isinstance(films, list) for t in films if t in rated.get(u, set()))
    unknown = sum(1 for films in rec.values() if isinstance(films, list) for t in films if t not in titles.values())
    return {"users": len(rec), "sizes": sorted({len(v) for v in rec.values() if isinstance(v, list)}), "already_rated": violations, "unknown_titles": unknown, "user_1": rec.get("1")}
