def solution(numbers):
    distinct = sorted(set(numbers), reverse=True)
    if len(distinct) < 2:
        return None
    return distinct[1]
