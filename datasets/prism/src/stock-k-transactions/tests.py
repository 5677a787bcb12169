import unittest

from solution import solution


class TestStockKTransactions(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(2, [3, 2, 6, 5, 0, 3]), 7)

    def test_falling(self):
        self.assertEqual(solution(1, [5, 4, 3]), 0)

    def test_no_trades(self):
        self.assertEqual(solution(0, [1, 5]), 0)

    def test_no_prices(self):
        self.assertEqual(solution(3, []), 0)

    def test_one_trade(self):
        self.assertEqual(solution(1, [2, 4, 1, 7]), 6)

    def test_many_trades(self):
        self.assertEqual(solution(3, [1, 3, 1, 3, 1, 3, 1, 3]), 6)
