def solution(a, b, c):
    best = a
    if b > best:
        best = b
    if c > best:
        best = c
    return best
