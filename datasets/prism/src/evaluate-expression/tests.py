import unittest

from solution import solution


class TestEvaluateExpression(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("2 + 3 * (4 - 1)"), 11)

    def test_precedence(self):
        self.assertEqual(solution("10 - 2 * 3"), 4)

    def test_division_towards_zero(self):
        self.assertEqual(solution("(0 - 7) / 2"), -3)

    def test_nested(self):
        self.assertEqual(solution("((1 + 2) * (3 + 4))"), 21)

    def test_missing_operand(self):
        with self.assertRaises(ValueError):
            solution("7 / -")

    def test_unbalanced(self):
        with self.assertRaises(ValueError):
            solution("(1 + 2")

    def test_division_by_zero(self):
        with self.assertRaises(ValueError):
            solution("4 / (2 - 2)")
