def solution(numbers, target):
    def count(i, remaining):
        if i == len(numbers):
            return 1 if remaining == 0 else 0
        total = count(i + 1, remaining)
        if numbers[i] <= remaining:
            total += count(i + 1, remaining - numbers[i])
        return total

    return count(0, target)
