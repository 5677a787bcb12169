import unittest

from solution import solution


class TestTaskOrder(unittest.TestCase):
    def test_example(self):
        self.assertEqual(solution(4, [[1, 0], [2, 0], [3, 1]]), [2, 3, 1, 0])

    def test_no_dependencies(self):
        self.assertEqual(solution(3, []), [0, 1, 2])

    def test_no_tasks(self):
        self.assertEqual(solution(0, []), [])

    def test_chain(self):
        self.assertEqual(solution(3, [[2, 1], [1, 0]]), [2, 1, 0])

    def test_cycle(self):
        with self.assertRaises(ValueError):
            solution(2, [[0, 1], [1, 0]])

    def test_unknown_task(self):
        with self.assertRaises(ValueError):
            solution(2, [[0, 5]])
