def probe():
    return text("results/log.txt")
