"""Static measures of a Python program, computed with the `ast` module.

Run in the sandbox as a `call` program: entry `analyze`, argument: the source text.
"""

import ast

# Nodes that each add one decision point (McCabe): branches, loops, handlers, conditional
# expressions, match cases. Boolean operators add one per extra operand, comprehensions one
# per loop and per filter.
_BRANCHES = (ast.If, ast.For, ast.AsyncFor, ast.While, ast.IfExp, ast.ExceptHandler, ast.match_case)


def cyclomatic_complexity(tree):
    """1 + decision points, over the whole program (all functions and module code)."""
    points = 0
    for node in ast.walk(tree):
        if isinstance(node, _BRANCHES):
            points += 1
        elif isinstance(node, ast.BoolOp):
            points += len(node.values) - 1
        elif isinstance(node, ast.comprehension):
            points += 1 + len(node.ifs)
    return 1 + points


def lines_of_code(source):
    """Lines that are neither blank nor only a comment."""
    return sum(1 for line in source.splitlines() if line.strip() and not line.strip().startswith("#"))


def analyze(source):
    tree = ast.parse(source)
    return {"loc": lines_of_code(source), "complexity": cyclomatic_complexity(tree)}
