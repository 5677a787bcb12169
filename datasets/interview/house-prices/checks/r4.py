def probe():
    s = svg_summary("results/figures/residuals.svg")
    if s is None:
        return None
    return {"svg": s["svg"], "residuals": s["tags"].get("circle.residual", 0), "zero_line": s["tags"].get("line.zero", 0)}
