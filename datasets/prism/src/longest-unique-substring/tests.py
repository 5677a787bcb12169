import unittest

from solution import solution


class TestLongestUniqueSubstring(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("abcabcbb"), 3)

    def test_inner_repeat(self):
        self.assertEqual(solution("pwwkew"), 3)

    def test_empty(self):
        self.assertEqual(solution(""), 0)

    def test_all_same(self):
        self.assertEqual(solution("bbbbb"), 1)

    def test_all_unique(self):
        self.assertEqual(solution("abcdef"), 6)

    def test_jump_back(self):
        self.assertEqual(solution("abba"), 2)
