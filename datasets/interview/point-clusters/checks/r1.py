def probe():
    t = text("results/kmeans_log.txt")
    m = re.search(r"converged after (\d+) iterations?", t or "")
    return {"iterations": int(m.group(1)) if m else None}
