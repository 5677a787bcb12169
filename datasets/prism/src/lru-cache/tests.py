import unittest

from solution import solution


class TestLruCache(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(2, [1, 2, 1, 3, 2]), 1)

    def test_zero_capacity(self):
        self.assertEqual(solution(0, [1, 1]), 0)

    def test_repeat(self):
        self.assertEqual(solution(1, [5, 5, 5]), 2)

    def test_recency_matters(self):
        self.assertEqual(solution(2, [1, 2, 1, 3, 1]), 2)

    def test_no_requests(self):
        self.assertEqual(solution(3, []), 0)
