import unittest

from solution import solution


class TestMinimumWindow(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("ADOBECODEBANC", "ABC"), "BANC")

    def test_impossible(self):
        self.assertEqual(solution("a", "aa"), "")

    def test_whole_text(self):
        self.assertEqual(solution("a", "a"), "a")

    def test_empty_pattern(self):
        self.assertEqual(solution("abc", ""), "")

    def test_multiplicity(self):
        self.assertEqual(solution("aabbaab", "aab"), "aab")

    def test_leftmost(self):
        self.assertEqual(solution("abcab", "ab"), "ab")
