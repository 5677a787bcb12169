import unittest

from solution import solution


class TestKthSmallest(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([7, 10, 4, 3, 20, 15], 3), 7)

    def test_duplicates(self):
        self.assertEqual(solution([2, 1, 2], 2), 2)

    def test_smallest(self):
        self.assertEqual(solution([5, 4, 3], 1), 3)

    def test_largest(self):
        self.assertEqual(solution([5, 4, 3], 3), 5)

    def test_single(self):
        self.assertEqual(solution([42], 1), 42)

    def test_many(self):
        self.assertEqual(solution(list(range(1000, 0, -1)), 250), 250)
