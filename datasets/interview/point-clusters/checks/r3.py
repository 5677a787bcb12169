def probe():
    m = load_json("results/metrics.json")
    if not isinstance(m, dict):
        return m
    return {"inertia": num(m.get("inertia"), 4), "cluster_sizes": m.get("cluster_sizes")}
