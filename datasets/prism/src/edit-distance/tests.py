import unittest

from solution import solution


class TestEditDistance(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("horse", "ros"), 3)

    def test_second_example(self):
        self.assertEqual(solution("intention", "execution"), 5)

    def test_empty(self):
        self.assertEqual(solution("", ""), 0)
        self.assertEqual(solution("abc", ""), 3)
        self.assertEqual(solution("", "ab"), 2)

    def test_equal(self):
        self.assertEqual(solution("same", "same"), 0)

    def test_substitution(self):
        self.assertEqual(solution("cat", "cut"), 1)
