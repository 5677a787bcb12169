"""Realistic mutations of a correct Python program, for instance synthesis.

Run in the sandbox as a `call` program: entry `mutants`, arguments (source, max_pairs, seed).
Each mutation is a small text edit located with `ast` (the rest of the program keeps its
formatting), named after the mistake it imitates:

  comparison-flip   `<` ↔ `<=`, `>` ↔ `>=`, `==` ↔ `!=`
  range-bound       off by one in a `range()` bound
  index-shift       off by one in a subscript index
  initial-value     a wrong starting value (0 ↔ 1, -1 → 0, ±inf → a number)
  drop-condition    one operand of `and` / `or` left out
  drop-branch       an `if` / `elif` branch that never runs
  swap-operands     `a - b` → `b - a` (and for `/`, `//`), neither side a constant
  min-max           `min` ↔ `max`
  division          `/` ↔ `//`
  early-break       a `break` at the end of an `if` inside a loop
"""

import ast
import random


class Edit:
    __slots__ = ("op", "line", "start", "end", "text", "what")

    def __init__(self, op, line, start, end, text, what):
        self.op, self.line, self.start, self.end, self.text, self.what = op, line, start, end, text, what


class _Source:
    """Maps ast positions (line, UTF-8 byte column) to offsets in the text."""

    def __init__(self, source):
        self.source = source
        self.lines = source.splitlines(keepends=True)
        self.starts = [0]
        for line in self.lines:
            self.starts.append(self.starts[-1] + len(line))

    def offset(self, lineno, col):
        line = self.lines[lineno - 1]
        return self.starts[lineno - 1] + len(line.encode("utf-8")[:col].decode("utf-8", "ignore"))

    def span(self, node):
        return self.offset(node.lineno, node.col_offset), self.offset(node.end_lineno, node.end_col_offset)

    def text(self, node):
        a, b = self.span(node)
        return self.source[a:b]


_ATOMIC = (ast.Name, ast.Constant, ast.Attribute, ast.Subscript, ast.Call)
_FLIPS = {ast.Lt: ("<", "<="), ast.LtE: ("<=", "<"), ast.Gt: (">", ">="), ast.GtE: (">=", ">"), ast.Eq: ("==", "!="), ast.NotEq: ("!=", "==")}
_SWAPPABLE = (ast.Sub, ast.Div, ast.FloorDiv)


def _shifted(src, node, delta):
    """The expression moved by delta, written as a person would: n - 1 → n - 2 or n."""
    text = src.text(node)
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return str(node.value + delta)
    if (isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Add, ast.Sub)) and isinstance(node.right, ast.Constant)
            and type(node.right.value) is int):
        c = node.right.value * (1 if isinstance(node.op, ast.Add) else -1) + delta
        left = src.text(node.left)
        return left if c == 0 else f"{left} {'+' if c > 0 else '-'} {abs(c)}"
    body = text if isinstance(node, _ATOMIC) else f"({text})"
    return f"{body} {'+' if delta > 0 else '-'} {abs(delta)}"


def _between(src, left, right):
    """Offsets of the text between two sibling nodes (where an operator token sits)."""
    return src.offset(left.end_lineno, left.end_col_offset), src.offset(right.lineno, right.col_offset)


def _token_edit(src, op, node, left, right, old, new, what):
    a, b = _between(src, left, right)
    gap = src.source[a:b]
    i = gap.find(old)
    if i < 0:
        return None
    return Edit(op, node.lineno, a + i, a + i + len(old), new, what)


def _is_inf(node):
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "float"
            and len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and str(node.args[0].value).lstrip("+-") == "inf")


def single_edits(source):
    src = _Source(source)
    tree = ast.parse(source)
    edits = []
    add = edits.append
    for node in ast.walk(tree):
        line = getattr(node, "lineno", 0)
        if isinstance(node, ast.Compare) and len(node.ops) == 1 and type(node.ops[0]) in _FLIPS:
            old, new = _FLIPS[type(node.ops[0])]
            e = _token_edit(src, "comparison-flip", node, node.left, node.comparators[0], old, new, f"`{old}` became `{new}`")
            if e:
                add(e)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range" and 1 <= len(node.args) <= 2 and not node.keywords:
            stop = node.args[-1]
            for delta in (-1, 1):
                a, b = src.span(stop)
                add(Edit("range-bound", line, a, b, _shifted(src, stop, delta), f"the range bound `{src.text(stop)}` became `{_shifted(src, stop, delta)}`"))
            if len(node.args) == 2:
                start = node.args[0]
                a, b = src.span(start)
                add(Edit("range-bound", line, a, b, _shifted(src, start, 1), f"the range start `{src.text(start)}` became `{_shifted(src, start, 1)}`"))
        elif isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and isinstance(node.slice, (ast.Name, ast.BinOp)):
            a, b = src.span(node.slice)
            for delta in (-1, 1):
                add(Edit("index-shift", line, a, b, _shifted(src, node.slice, delta), f"the index `{src.text(node.slice)}` became `{_shifted(src, node.slice, delta)}`"))
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = node.value
            a, b = src.span(value)
            old = src.text(value)
            new = None
            if isinstance(value, ast.Constant) and type(value.value) is int and value.value in (0, 1):
                new = str(1 - value.value)
            elif isinstance(value, ast.UnaryOp) and isinstance(value.op, ast.USub) and isinstance(value.operand, ast.Constant) and value.operand.value == 1:
                new = "0"
            elif _is_inf(value):
                new = "0" if "-" in old else "10**9"
            if new is not None:
                add(Edit("initial-value", line, a, b, new, f"`{node.targets[0].id}` starts at `{new}` instead of `{old}`"))
        elif isinstance(node, ast.BoolOp) and len(node.values) == 2:
            a, b = src.span(node)
            word = "and" if isinstance(node.op, ast.And) else "or"
            for keep, drop in ((node.values[0], node.values[1]), (node.values[1], node.values[0])):
                add(Edit("drop-condition", line, a, b, src.text(keep), f"the condition `{src.text(drop)}` was left out of `{word}`"))
        elif isinstance(node, ast.If):
            a, b = src.span(node.test)
            add(Edit("drop-branch", node.test.lineno, a, b, "False", f"the branch `if {src.text(node.test)}` never runs"))
            body = node.body
            in_loop = any(isinstance(p, (ast.For, ast.While)) and _contains(p, node) for p in ast.walk(tree))
            last = body[-1]
            if in_loop and not isinstance(last, (ast.Break, ast.Continue, ast.Return, ast.Raise)):
                indent = src.lines[body[0].lineno - 1][: body[0].col_offset]
                end = src.starts[last.end_lineno]
                add(Edit("early-break", last.end_lineno + 1, end, end, f"{indent}break\n", f"the loop stops at the first `if {src.text(node.test)}`"))
        elif (isinstance(node, ast.BinOp) and isinstance(node.op, _SWAPPABLE) and isinstance(node.left, _ATOMIC)
              and isinstance(node.right, _ATOMIC) and not isinstance(node.left, ast.Constant) and not isinstance(node.right, ast.Constant)):
            a, b = src.span(node)
            gap = src.source[_between(src, node.left, node.right)[0]:_between(src, node.left, node.right)[1]]
            add(Edit("swap-operands", line, a, b, f"{src.text(node.right)}{gap}{src.text(node.left)}", f"`{src.text(node)}` became `{src.text(node.right)}{gap}{src.text(node.left)}`"))
        if isinstance(node, ast.BinOp) and isinstance(node.op, (ast.Div, ast.FloorDiv)):
            old, new = ("/", "//") if isinstance(node.op, ast.Div) else ("//", "/")
            e = _token_edit(src, "division", node, node.left, node.right, old, new, f"`{old}` became `{new}`")
            if e:
                add(e)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("min", "max"):
            a, b = src.span(node.func)
            other = "max" if node.func.id == "min" else "min"
            add(Edit("min-max", line, a, b, other, f"`{node.func.id}` became `{other}`"))
    return edits


def _contains(parent, node):
    return parent is not node and any(n is node for n in ast.walk(parent))


def apply(source, edits):
    out = source
    for e in sorted(edits, key=lambda e: e.start, reverse=True):
        out = out[: e.start] + e.text + out[e.end:]
    return out


def _compiles(source):
    try:
        compile(source, "<mutant>", "exec")
        return True
    except (SyntaxError, ValueError):
        return False


def mutants(source, max_pairs=40, seed=0):
    """Single mutations, then up to max_pairs pairs on different lines. JSON-ready dicts."""
    edits = single_edits(source)
    rng = random.Random(seed)
    pairs = [(a, b) for i, a in enumerate(edits) for b in edits[i + 1:]
             if a.line != b.line and (a.end <= b.start or b.end <= a.start)]
    rng.shuffle(pairs)
    seen = {source}
    out = []
    for group in [[e] for e in edits] + [list(p) for p in pairs[:max_pairs]]:
        text = apply(source, group)
        if text in seen or not _compiles(text):
            continue
        seen.add(text)
        out.append({
            "operators": [e.op for e in group],
            "descriptions": [f"line {e.line}: {e.what}" for e in group],
            "source": text,
        })
    return out
