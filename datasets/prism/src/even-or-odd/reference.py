def solution(n):
    if n % 2 == 0:
        return "Even"
    return "Odd"
