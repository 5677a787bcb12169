"""Tamper evidence for unittest runs (docs/execution.md, "unittest verdicts").

A test suite runs in the same interpreter as the code it tests, so either could try to make
failing tests count as passing: patch `unittest` (an assertion that never fails, a result
that drops failures), patch the harness that counts, override a TestCase's assertion or
running methods, swallow its own failed assertions, mark its tests @expectedFailure, or jump
over assertions from a trace hook. Each of these is detected here and reported as a finding;
a run with a finding earns no pass.

What is recorded before any untrusted code runs: every name and value of `unittest`'s modules,
of their classes and of `builtins`, and for every function among them (and the harness's own
counting functions) its code, defaults and closure. The comparison after a run is by identity.
"""

import builtins
import sys
import types
import unittest
import unittest.case
import unittest.loader
import unittest.result
import unittest.runner
import unittest.suite
import unittest.util

FINDINGS_CAP = 20

# TestCase methods that run a test or decide its outcome: a suite's class may not redefine them.
MACHINERY = frozenset({
    "run", "__call__", "debug", "_callTestMethod", "_callSetUp", "_callTearDown", "_callCleanup",
    "doCleanups", "fail", "defaultTestResult", "_addSkip", "skipTest", "subTest", "_formatMessage",
    "_getAssertEqualityFunc", "_baseAssertEqual", "_truncateMessage", "addTypeEqualityFunc",
})


def _function_parts(fn):
    """The parts of a function that decide what it does (compared by identity)."""
    fn = getattr(fn, "__func__", fn)  # classmethod, staticmethod, bound method
    if not isinstance(fn, types.FunctionType):
        return None
    cells = tuple(c.cell_contents if _has_contents(c) else None for c in (fn.__closure__ or ()))
    return (fn.__code__, fn.__defaults__, fn.__kwdefaults__, fn.__globals__, *cells)


def _has_contents(cell):
    try:
        cell.cell_contents
        return True
    except ValueError:
        return False


class Record:
    """What the unittest machinery (and the harness's counting) was when recorded."""

    def __init__(self, extra_functions=()):
        modules = (unittest, unittest.case, unittest.loader, unittest.result, unittest.runner, unittest.suite, unittest.util)
        self.spaces = []  # (label, namespace, its items, whether new names count)
        self.functions = []  # (label, function, parts)
        # The harness sets __import__ for every test; a module may gain names (unittest imports lazily).
        self._space("builtins", builtins.__dict__, skip=("__import__",))
        self._space("unittest.defaultTestLoader", vars(unittest.defaultTestLoader), strict=True)
        for module in modules:
            self._space(module.__name__, module.__dict__)
            for name, value in list(module.__dict__.items()):
                if isinstance(value, type) and value.__module__.startswith("unittest"):
                    label = f"{value.__module__}.{value.__qualname__}"
                    self._space(label, value.__dict__, strict=True)
                    for attr, member in list(value.__dict__.items()):
                        self._function(f"{label}.{attr}", member)
                else:
                    self._function(f"{module.__name__}.{name}", value)
        for label, fn in extra_functions:
            self._function(label, fn)
        for label, fn in (("Record.changes", Record.changes), ("suite_findings", suite_findings), ("hooks_in_use", hooks_in_use)):
            self._function(f"tamper.{label}", fn)
        self._space("tamper", sys.modules[__name__].__dict__)
        self.spaces = tuple(self.spaces)
        self.functions = tuple(self.functions)

    def _space(self, label, namespace, strict=False, skip=()):
        """strict: a new name is a change too (in a class it can override a base's method)."""
        items = tuple((k, v) for k, v in namespace.items() if k not in skip)
        self.spaces.append((label, namespace, items, strict))

    def _function(self, label, fn):
        parts = _function_parts(fn)
        if parts is not None:
            self.functions.append((label, getattr(fn, "__func__", fn), parts))

    def changes(self):
        """Names whose value, or whose function's code, defaults or closure, changed since the record."""
        found = []
        for label, namespace, items, strict in self.spaces:
            if strict and len(namespace) != len(items):
                found.append(f"{label}: names added or removed")
            for name, value in items:
                if namespace.get(name, items) is not value:
                    found.append(f"{label}.{name}")
            if len(found) >= FINDINGS_CAP:
                return found[:FINDINGS_CAP]
        for label, fn, parts in self.functions:
            now = _function_parts(fn)
            if now is None or len(now) != len(parts) or any(a is not b for a, b in zip(now, parts)):
                found.append(f"{label} (its code, defaults or closure)")
                if len(found) >= FINDINGS_CAP:
                    break
        return found


def suite_findings(classes):
    """What a suite's own TestCase classes do to the machinery: redefine how a test runs or an
    assertion decides (TestCase's assert*/fail* methods and MACHINERY)."""
    base = unittest.TestCase.__dict__
    found = []
    for cls in classes:
        for klass in cls.__mro__:
            if klass is unittest.TestCase or not issubclass(klass, unittest.TestCase):
                continue
            for name, value in klass.__dict__.items():
                if name in base and callable(value) and (name in MACHINERY or name.startswith(("assert", "fail"))):
                    found.append(f"{klass.__qualname__} redefines TestCase.{name}")
    return sorted(set(found))[:FINDINGS_CAP]


def hooks_in_use(keep_tool=None):
    """Trace and profile hooks and monitoring tools left active by a run (they can skip lines)."""
    found = []
    if sys.gettrace() is not None:
        found.append("a trace function (sys.settrace) was active")
    if sys.getprofile() is not None:
        found.append("a profile function (sys.setprofile) was active")
    monitoring = getattr(sys, "monitoring", None)
    if monitoring is not None:
        for tool in range(6):
            if tool != keep_tool and monitoring.get_tool(tool) is not None:
                found.append(f"sys.monitoring tool {tool} was in use")
    return found


class Tampering(Exception):
    """Raised by the harness, after a run, when the machinery that judges it was changed."""


class Witnessed(AssertionError):
    """The failureException of TestCase while a suite runs: each failed assertion is counted,
    so a test that catches its own failed assertion and passes is caught too. Reported under
    the name a failed assertion always has."""

    count = 0

    def __init__(self, *args):
        Witnessed.count += 1
        super().__init__(*args)


Witnessed.__module__ = "builtins"
Witnessed.__name__ = Witnessed.__qualname__ = "AssertionError"
