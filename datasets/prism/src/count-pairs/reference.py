def solution(colours):
    counts = {}
    for c in colours:
        counts[c] = counts.get(c, 0) + 1
    pairs = 0
    for n in counts.values():
        pairs += n // 2
    return pairs
