def probe():
    t = text("results/figures/histogram.svg")
    if t is None:
        return None
    bins = re.findall(r'<rect\b[^>]*class="bin"[^>]*>', t)
    return {"bins": len(bins), "counts": [int(m.group(1)) if m else None for m in (re.search(r'data-count="(\d+)"', b) for b in bins)]}
