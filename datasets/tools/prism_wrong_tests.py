"""Wrong test suites for the Prism bank: a copy of a unittest module with one expected value changed.

Run in the sandbox as a `call` program: entry `wrong_tests`, arguments (source, limit). Each
variant changes the literal expected value of one assertEqual / assertAlmostEqual call (the
argument that is a constant), the way a test writer gets one expectation wrong.
"""

import ast


def _changed(value):
    """A different value of the same kind, as a slip of the pen would give."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, float):
        return value + 0.5
    if isinstance(value, str):
        return value + "x" if value else "x"
    if isinstance(value, list):
        return value[:-1] if value else [0]
    if isinstance(value, tuple):
        return value[:-1] if value else (0,)
    if value is None:
        return 0
    if isinstance(value, dict):
        return {**value, "extra": 0}
    if isinstance(value, set):
        return value | {-1}
    return None


def wrong_tests(source, limit=3):
    tree = ast.parse(source)
    lines = source.splitlines(keepends=True)
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))

    def offset(lineno, col):
        return starts[lineno - 1] + len(lines[lineno - 1].encode("utf-8")[:col].decode("utf-8", "ignore"))

    out = []
    for node in ast.walk(tree):
        if len(out) >= limit:
            break
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in ("assertEqual", "assertAlmostEqual") and len(node.args) >= 2):
            continue
        for arg in reversed(node.args[:2]):
            try:
                value = ast.literal_eval(arg)
            except (ValueError, SyntaxError, TypeError):
                continue
            new = _changed(value)
            if new is None or new == value:
                continue
            start, end = offset(arg.lineno, arg.col_offset), offset(arg.end_lineno, arg.end_col_offset)
            text = source[:start] + repr(new) + source[end:]
            out.append({"source": text, "what": f"line {arg.lineno}: expects {repr(new)[:60]} instead of {repr(value)[:60]}", "line": arg.lineno})
            break
    out.sort(key=lambda v: v["line"])
    return [{"source": v["source"], "what": v["what"]} for v in out]
