import unittest

from solution import solution


class TestLongestIncreasing(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([10, 9, 2, 5, 3, 7, 101, 18]), 4)

    def test_all_equal(self):
        self.assertEqual(solution([7, 7, 7]), 1)

    def test_empty(self):
        self.assertEqual(solution([]), 0)

    def test_increasing(self):
        self.assertEqual(solution([1, 2, 3, 4, 5]), 5)

    def test_decreasing(self):
        self.assertEqual(solution([5, 4, 3]), 1)

    def test_zigzag(self):
        self.assertEqual(solution([0, 8, 4, 12, 2, 10, 6, 14, 1, 9]), 4)
