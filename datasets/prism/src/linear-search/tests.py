import unittest

from solution import solution


class TestLinearSearch(unittest.TestCase):
    def test_first_of_duplicates(self):
        self.assertEqual(solution([4, 2, 7, 2], 2), 1)

    def test_missing(self):
        self.assertEqual(solution([1, 3], 5), -1)

    def test_empty(self):
        self.assertEqual(solution([], 1), -1)

    def test_first_element(self):
        self.assertEqual(solution([9, 8, 7], 9), 0)

    def test_last_element(self):
        self.assertEqual(solution([9, 8, 7], 7), 2)
