import unittest

from solution import solution


class TestMergeIntervals(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([[1, 3], [8, 10], [2, 6], [15, 18]]), [[1, 6], [8, 10], [15, 18]])

    def test_touching(self):
        self.assertEqual(solution([[1, 4], [4, 5]]), [[1, 5]])

    def test_empty(self):
        self.assertEqual(solution([]), [])

    def test_contained(self):
        self.assertEqual(solution([[1, 10], [2, 3], [4, 5]]), [[1, 10]])

    def test_disjoint_unsorted(self):
        self.assertEqual(solution([[5, 6], [1, 2]]), [[1, 2], [5, 6]])

    def test_single(self):
        self.assertEqual(solution([[3, 3]]), [[3, 3]])
