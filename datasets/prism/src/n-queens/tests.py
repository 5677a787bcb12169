import unittest

from solution import solution


class TestNQueens(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(4), 2)

    def test_one(self):
        self.assertEqual(solution(1), 1)

    def test_no_solution(self):
        self.assertEqual(solution(2), 0)
        self.assertEqual(solution(3), 0)

    def test_six(self):
        self.assertEqual(solution(6), 4)

    def test_seven(self):
        self.assertEqual(solution(7), 40)
