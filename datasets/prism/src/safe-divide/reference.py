def solution(a, b):
    if b == 0:
        raise ValueError("division by zero")
    return a // b
