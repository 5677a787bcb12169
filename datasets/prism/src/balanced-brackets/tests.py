import unittest

from solution import solution


class TestBalancedBrackets(unittest.TestCase):
    def test_nested(self):
        self.assertEqual(solution("{[()()]}"), True)

    def test_interleaved(self):
        self.assertEqual(solution("([)]"), False)

    def test_empty(self):
        self.assertEqual(solution(""), True)

    def test_unclosed(self):
        self.assertEqual(solution("(("), False)

    def test_extra_closer(self):
        self.assertEqual(solution("())"), False)

    def test_other_characters(self):
        self.assertEqual(solution("a(b[c]d)e"), True)
