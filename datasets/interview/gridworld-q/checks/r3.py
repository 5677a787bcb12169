def probe():
    return load_json("results/metrics.json")
