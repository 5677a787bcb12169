import unittest

from solution import solution


class TestSafeDivide(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(17, 5), 3)

    def test_exact(self):
        self.assertEqual(solution(20, 4), 5)

    def test_negative_floors(self):
        self.assertEqual(solution(-7, 2), -4)

    def test_zero_numerator(self):
        self.assertEqual(solution(0, 9), 0)

    def test_zero_divisor(self):
        with self.assertRaises(ValueError):
            solution(4, 0)
