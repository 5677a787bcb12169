def probe():
    return load_json("results/summary.json")
