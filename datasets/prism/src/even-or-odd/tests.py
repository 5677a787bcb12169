import unittest

from solution import solution


class TestEvenOrOdd(unittest.TestCase):
    def test_small_even(self):
        self.assertEqual(solution(4), "Even")

    def test_small_odd(self):
        self.assertEqual(solution(7), "Odd")

    def test_zero(self):
        self.assertEqual(solution(0), "Even")

    def test_negative(self):
        self.assertEqual(solution(-7), "Odd")
        self.assertEqual(solution(-2), "Even")

    def test_large(self):
        self.assertEqual(solution(10**9), "Even")
        self.assertEqual(solution(-(10**9) + 1), "Odd")
