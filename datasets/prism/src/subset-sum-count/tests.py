import unittest

from solution import solution


class TestSubsetSumCount(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([1, 2, 3], 3), 2)

    def test_equal_values(self):
        self.assertEqual(solution([2, 2], 2), 2)

    def test_empty_set(self):
        self.assertEqual(solution([], 0), 1)
        self.assertEqual(solution([], 5), 0)

    def test_zero_target(self):
        self.assertEqual(solution([4, 5], 0), 1)

    def test_whole_set(self):
        self.assertEqual(solution([1, 2, 3, 4], 10), 1)

    def test_many(self):
        self.assertEqual(solution([1] * 10, 5), 252)
