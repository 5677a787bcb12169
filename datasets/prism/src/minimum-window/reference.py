def solution(text, pattern):
    if not pattern:
        return ""
    need = {}
    for ch in pattern:
        need[ch] = need.get(ch, 0) + 1
    missing = len(pattern)
    left = 0
    best = (0, 0)
    for right, ch in enumerate(text, 1):
        if need.get(ch, 0) > 0:
            missing -= 1
        need[ch] = need.get(ch, 0) - 1
        if missing == 0:
            while need[text[left]] < 0:
                need[text[left]] += 1
                left += 1
            if best == (0, 0) or right - left < best[1] - best[0]:
                best = (left, right)
            need[text[left]] += 1
            missing += 1
            left += 1
    return text[best[0]:best[1]]
