import unittest

from solution import solution


class TestCountPairs(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([10, 20, 20, 10, 10, 30, 50, 10, 20]), 3)

    def test_no_pairs(self):
        self.assertEqual(solution([1, 2, 3]), 0)

    def test_empty(self):
        self.assertEqual(solution([]), 0)

    def test_odd_count(self):
        self.assertEqual(solution([4, 4, 4]), 1)

    def test_many(self):
        self.assertEqual(solution([1] * 1001), 500)
