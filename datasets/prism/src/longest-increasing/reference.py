from bisect import bisect_left


def solution(numbers):
    tails = []
    for x in numbers:
        i = bisect_left(tails, x)
        if i == len(tails):
            tails.append(x)
        else:
            tails[i] = x
    return len(tails)
