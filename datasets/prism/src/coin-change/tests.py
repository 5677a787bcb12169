import unittest

from solution import solution


class TestCoinChange(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([1, 2, 5], 11), 3)

    def test_impossible(self):
        self.assertEqual(solution([2], 3), -1)

    def test_zero_amount(self):
        self.assertEqual(solution([1], 0), 0)

    def test_greedy_fails(self):
        self.assertEqual(solution([1, 3, 4], 6), 2)

    def test_large(self):
        self.assertEqual(solution([186, 419, 83, 408], 6249), 20)
