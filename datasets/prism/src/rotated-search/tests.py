import unittest

from solution import solution


class TestRotatedSearch(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([4, 5, 6, 7, 0, 1, 2], 0), 4)

    def test_missing(self):
        self.assertEqual(solution([4, 5, 6, 7, 0, 1, 2], 3), -1)

    def test_empty(self):
        self.assertEqual(solution([], 1), -1)

    def test_not_rotated(self):
        self.assertEqual(solution([1, 2, 3, 4, 5], 4), 3)

    def test_left_half(self):
        self.assertEqual(solution([6, 7, 8, 1, 2, 3], 7), 1)

    def test_two_elements(self):
        self.assertEqual(solution([3, 1], 1), 1)
