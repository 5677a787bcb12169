def probe():
    return load_json("results/split.json")
