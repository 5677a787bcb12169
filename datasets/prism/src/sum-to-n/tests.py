import unittest

from solution import solution


class TestSumToN(unittest.TestCase):
    def test_examples(self):
        self.assertEqual(solution(4), 10)
        self.assertEqual(solution(1), 1)

    def test_zero(self):
        self.assertEqual(solution(0), 0)

    def test_ten(self):
        self.assertEqual(solution(10), 55)

    def test_large(self):
        self.assertEqual(solution(100000), 5000050000)
