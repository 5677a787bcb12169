def solution(n):
    if n < 2:
        return 1
    return n * solution(n - 1)
