import unittest

from solution import solution


class TestPatternMatch(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("aab", "c*a*b"), True)

    def test_no_match(self):
        self.assertEqual(solution("mississippi", "mis*is*p*."), False)

    def test_dot_star(self):
        self.assertEqual(solution("ab", ".*"), True)

    def test_empty(self):
        self.assertEqual(solution("", ""), True)
        self.assertEqual(solution("", "a*b*"), True)
        self.assertEqual(solution("a", ""), False)

    def test_partial_is_not_enough(self):
        self.assertEqual(solution("aa", "a"), False)

    def test_star_repeats(self):
        self.assertEqual(solution("aaa", "a*a"), True)
