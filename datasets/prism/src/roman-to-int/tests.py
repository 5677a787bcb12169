import unittest

from solution import solution


class TestRomanToInt(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("MCMXCIV"), 1994)

    def test_plain(self):
        self.assertEqual(solution("LVIII"), 58)

    def test_single(self):
        self.assertEqual(solution("I"), 1)

    def test_subtractive(self):
        self.assertEqual(solution("IV"), 4)
        self.assertEqual(solution("XC"), 90)

    def test_largest(self):
        self.assertEqual(solution("MMMCMXCIX"), 3999)
