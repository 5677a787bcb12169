def probe():
    t = text("results/top_words.txt")
    if t is None:
        return None
    out = {}
    for line in t.splitlines():
        name, _, words = line.partition(":")
        if words:
            out[name.strip().lower()] = [w.strip() for w in words.split(",") if w.strip()]
    return out
