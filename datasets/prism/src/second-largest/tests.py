import unittest

from solution import solution


class TestSecondLargest(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([4, 1, 7, 7, 3]), 4)

    def test_all_equal(self):
        self.assertEqual(solution([5, 5]), None)

    def test_empty(self):
        self.assertEqual(solution([]), None)

    def test_two_values(self):
        self.assertEqual(solution([2, 9]), 2)

    def test_negatives(self):
        self.assertEqual(solution([-4, -1, -9]), -4)
