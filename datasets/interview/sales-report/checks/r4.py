def probe():
    s = svg_summary("results/figures/revenue_by_region.svg")
    if s is None:
        return None
    return {"svg": s["svg"], "bars": s["tags"].get("rect.bar", 0), "labels": sorted(x for x in s["labels"] if x in ("North", "South", "East", "West"))}
