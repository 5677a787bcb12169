def solution(base, exponent, modulus):
    if exponent == 0:
        return 1 % modulus
    half = solution(base, exponent // 2, modulus)
    result = half * half % modulus
    if exponent % 2 == 1:
        result = result * base % modulus
    return result
