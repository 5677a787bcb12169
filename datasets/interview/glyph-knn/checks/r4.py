def probe():
    t = text("results/figures/misclassified.pgm")
    if t is None:
        return None
    tokens = t.split()
    if len(tokens) < 4:
        return {"magic": tokens[0] if tokens else None}
    values = tokens[4:]
    return {"magic": tokens[0], "size": [int(num(tokens[1]) or 0), int(num(tokens[2]) or 0)], "maxval": tokens[3], "values": len(values), "levels": sorted(set(values))[:5], "ink": values.count("0")}
