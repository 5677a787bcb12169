def solution(text):
    if text == "":
        return (0, 0)
    total = 0
    invalid = 0
    for token in text.split(","):
        try:
            total += int(token.strip())
        except ValueError:
            invalid += 1
    return (total, invalid)
