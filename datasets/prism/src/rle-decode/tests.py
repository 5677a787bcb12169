import unittest

from solution import solution


class TestRleDecode(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("3a2b1c"), "aaabbc")

    def test_empty(self):
        self.assertEqual(solution(""), "")

    def test_multi_digit(self):
        self.assertEqual(solution("12x"), "x" * 12)

    def test_missing_count(self):
        with self.assertRaises(ValueError):
            solution("a2b")

    def test_zero_count(self):
        with self.assertRaises(ValueError):
            solution("0a")

    def test_trailing_count(self):
        with self.assertRaises(ValueError):
            solution("2a3")
