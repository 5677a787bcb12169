def solution(numeral):
    values = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}
    total = 0
    for i, ch in enumerate(numeral):
        value = values[ch]
        if i + 1 < len(numeral) and values[numeral[i + 1]] > value:
            total -= value
        else:
            total += value
    return total
