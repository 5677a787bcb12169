def probe():
    return load_json("results/stats.json")
