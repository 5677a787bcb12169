def probe():
    s = svg_summary("results/figures/clusters.svg")
    if s is None:
        return None
    return {"svg": s["svg"], "points": s["tags"].get("circle.point", 0), "centroids": s["tags"].get("circle.centroid", 0)}
