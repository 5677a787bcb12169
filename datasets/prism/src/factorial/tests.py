import unittest

from solution import solution


class TestFactorial(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(5), 120)

    def test_zero(self):
        self.assertEqual(solution(0), 1)

    def test_one_and_two(self):
        self.assertEqual(solution(1), 1)
        self.assertEqual(solution(2), 2)

    def test_ten(self):
        self.assertEqual(solution(10), 3628800)

    def test_twenty(self):
        self.assertEqual(solution(20), 2432902008176640000)
