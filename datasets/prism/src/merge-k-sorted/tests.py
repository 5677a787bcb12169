import unittest

from solution import solution


class TestMergeKSorted(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([[1, 4, 5], [1, 3, 4], [2, 6]]), [1, 1, 2, 3, 4, 4, 5, 6])

    def test_empty_lists(self):
        self.assertEqual(solution([[], [0]]), [0])

    def test_no_lists(self):
        self.assertEqual(solution([]), [])

    def test_single(self):
        self.assertEqual(solution([[1, 2, 3]]), [1, 2, 3])

    def test_negatives(self):
        self.assertEqual(solution([[-5, 0], [-7, -6, 10]]), [-7, -6, -5, 0, 10])
