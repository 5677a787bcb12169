import unittest

from solution import solution


class TestBubbleSort(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution([5, 1, 4, 2]), [1, 2, 4, 5])

    def test_duplicates_and_negatives(self):
        self.assertEqual(solution([3, 3, -1]), [-1, 3, 3])

    def test_empty(self):
        self.assertEqual(solution([]), [])

    def test_sorted_input(self):
        self.assertEqual(solution([1, 2, 3, 4]), [1, 2, 3, 4])

    def test_reversed_input(self):
        self.assertEqual(solution([9, 7, 5, 3, 1]), [1, 3, 5, 7, 9])

    def test_input_unchanged(self):
        data = [2, 1]
        solution(data)
        self.assertEqual(data, [2, 1])
