import unittest

from solution import solution


class TestParseConfig(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution("name = demo\n# comment\nport=8080"), {"name": "demo", "port": "8080"})

    def test_empty(self):
        self.assertEqual(solution(""), {})

    def test_value_with_equals(self):
        self.assertEqual(solution("url = a=b"), {"url": "a=b"})

    def test_missing_equals(self):
        with self.assertRaises(ValueError):
            solution("debug")

    def test_empty_key(self):
        with self.assertRaises(ValueError):
            solution(" = 3")

    def test_duplicate(self):
        with self.assertRaises(ValueError):
            solution("a=1\na=2")
