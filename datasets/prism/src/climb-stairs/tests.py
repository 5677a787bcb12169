import unittest

from solution import solution


class TestClimbStairs(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(3), 3)

    def test_one(self):
        self.assertEqual(solution(1), 1)

    def test_two(self):
        self.assertEqual(solution(2), 2)

    def test_five(self):
        self.assertEqual(solution(5), 8)

    def test_large(self):
        self.assertEqual(solution(80), 37889062373143906)
