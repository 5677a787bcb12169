import unittest

from solution import solution


class TestCountVowels(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("Hello World"), 3)

    def test_no_vowels(self):
        self.assertEqual(solution("sky"), 0)

    def test_empty(self):
        self.assertEqual(solution(""), 0)

    def test_upper_case(self):
        self.assertEqual(solution("AEIOU"), 5)

    def test_mixed(self):
        self.assertEqual(solution("Programming in Python!"), 5)
