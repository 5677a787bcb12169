def probe():
    t = text("results/vocab.txt")
    if t is None:
        return None
    words = [w.strip() for w in t.splitlines() if w.strip()]
    return {"count": len(words), "sorted": words == sorted(words), "stopwords": sorted(set(words) & {"the", "and", "was", "with", "very"})}
