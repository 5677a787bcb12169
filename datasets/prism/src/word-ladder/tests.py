import unittest

from solution import solution


class TestWordLadder(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("hit", "cog", ["hot", "dot", "dog", "lot", "log", "cog"]), 5)

    def test_unreachable(self):
        self.assertEqual(solution("hit", "cog", ["hot", "dot", "dog", "lot", "log"]), 0)

    def test_one_step(self):
        self.assertEqual(solution("a", "c", ["a", "b", "c"]), 2)

    def test_end_missing(self):
        self.assertEqual(solution("abc", "abd", []), 0)

    def test_shortest_of_two(self):
        self.assertEqual(solution("cat", "dog", ["cot", "cog", "dog", "bat", "bag", "bog"]), 4)
