import unittest

from solution import solution


class TestFibonacci(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(10), 55)

    def test_base_cases(self):
        self.assertEqual(solution(0), 0)
        self.assertEqual(solution(1), 1)

    def test_small(self):
        self.assertEqual(solution(2), 1)
        self.assertEqual(solution(7), 13)

    def test_large(self):
        self.assertEqual(solution(90), 2880067194370816120)

    def test_very_large(self):
        self.assertEqual(solution(300) % 1000000007, 644264086)
