import unittest

from solution import solution


class TestMaxOfThree(unittest.TestCase):
    def test_middle_largest(self):
        self.assertEqual(solution(3, 9, 2), 9)

    def test_first_largest(self):
        self.assertEqual(solution(10, 9, 2), 10)

    def test_last_largest(self):
        self.assertEqual(solution(1, 2, 3), 3)

    def test_ties(self):
        self.assertEqual(solution(-1, -5, -1), -1)
        self.assertEqual(solution(7, 7, 7), 7)

    def test_negatives(self):
        self.assertEqual(solution(-3, -2, -9), -2)
