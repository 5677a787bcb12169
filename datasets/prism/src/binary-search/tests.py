import unittest

from solution import solution


class TestBinarySearch(unittest.TestCase):
    def test_found(self):
        self.assertEqual(solution([-1, 0, 3, 5, 9, 12], 9), 4)

    def test_missing(self):
        self.assertEqual(solution([-1, 0, 3, 5, 9, 12], 2), -1)

    def test_empty(self):
        self.assertEqual(solution([], 3), -1)

    def test_first_and_last(self):
        self.assertEqual(solution([1, 4, 8, 10], 1), 0)
        self.assertEqual(solution([1, 4, 8, 10], 10), 3)

    def test_single(self):
        self.assertEqual(solution([7], 7), 0)
        self.assertEqual(solution([7], 8), -1)

    def test_large(self):
        data = list(range(0, 200000, 2))
        self.assertEqual(solution(data, 123456), 61728)
