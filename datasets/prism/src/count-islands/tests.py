import unittest

from solution import solution


class TestCountIslands(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(["11000", "11000", "00100", "00011"]), 3)

    def test_ring(self):
        self.assertEqual(solution(["111", "010", "111"]), 1)

    def test_empty(self):
        self.assertEqual(solution([]), 0)

    def test_all_water(self):
        self.assertEqual(solution(["000", "000"]), 0)

    def test_diagonal_not_connected(self):
        self.assertEqual(solution(["10", "01"]), 2)

    def test_column(self):
        self.assertEqual(solution(["1", "0", "1", "1"]), 2)
