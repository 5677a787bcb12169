import unittest

from solution import solution


class TestMedianTwoSorted(unittest.TestCase):
    def test_odd_total(self):
        self.assertAlmostEqual(solution([1, 3], [2]), 2.0)

    def test_even_total(self):
        self.assertAlmostEqual(solution([1, 2], [3, 4]), 2.5)

    def test_one_empty(self):
        self.assertAlmostEqual(solution([], [5]), 5.0)
        self.assertAlmostEqual(solution([1, 2, 3, 4], []), 2.5)

    def test_interleaved(self):
        self.assertAlmostEqual(solution([1, 5, 9], [2, 6, 10, 11]), 6.0)

    def test_duplicates(self):
        self.assertAlmostEqual(solution([2, 2], [2, 2]), 2.0)
