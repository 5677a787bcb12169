import unittest

from solution import solution


class TestSumValidNumbers(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("1, 2, x, 4"), (7, 1))

    def test_empty_token(self):
        self.assertEqual(solution("-3,abc,,5"), (2, 2))

    def test_empty(self):
        self.assertEqual(solution(""), (0, 0))

    def test_all_valid(self):
        self.assertEqual(solution("10,20,+30"), (60, 0))

    def test_all_invalid(self):
        self.assertEqual(solution("a,b,1.5"), (0, 3))
