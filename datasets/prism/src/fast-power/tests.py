import unittest

from solution import solution


class TestFastPower(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(2, 10, 1000), 24)

    def test_zero_exponent(self):
        self.assertEqual(solution(7, 0, 13), 1)

    def test_modulus_one(self):
        self.assertEqual(solution(5, 3, 1), 0)

    def test_odd_exponent(self):
        self.assertEqual(solution(3, 5, 1000), 243)

    def test_huge_exponent(self):
        self.assertEqual(solution(2, 10**18, 1000000007), 719476260)
