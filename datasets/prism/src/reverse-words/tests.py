import unittest

from solution import solution


class TestReverseWords(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("the sky is blue"), "blue is sky the")

    def test_extra_spaces(self):
        self.assertEqual(solution("  hello   world  "), "world hello")

    def test_single_word(self):
        self.assertEqual(solution("alone"), "alone")

    def test_empty(self):
        self.assertEqual(solution(""), "")

    def test_only_spaces(self):
        self.assertEqual(solution("    "), "")

    def test_two_words(self):
        self.assertEqual(solution("a b"), "b a")
