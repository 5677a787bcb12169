"""Workspaces: a multi-file project, run step by step in a directory of its own.

A workspace job's program is JSON, {"files": {"path": "text", ...}}: the files are written
under WORKSPACE_ROOT before any step runs. Each test of the job is one step, run with the
workspace as the current directory and first on sys.path:

- {"kind": "script", "argv": ["main.py", "--n", "3"]} runs a file as __main__ (as
  `python main.py --n 3` would, with the file's own folder first on sys.path); {"argv": ["-m", "pkg.mod", ...]} runs a module; with
  "skipAfterFailure": true it is not run once an earlier script step of the job failed (a run
  script's `set -e`), and its result says so ("skipped");
- {"kind": "unittest", "module": "test_app"} imports a test module from the workspace and
  runs its TestCase classes, reporting every case;
- {"kind": "probe", "code": "def probe(): ..."} runs trusted code that observes the workspace
  and returns a JSON value (expected values never come in: the host judges the value). A
  probe reads the workspace's files but does not import its modules: the workspace is not on
  its sys.path, so a project file named like a standard module (json.py) cannot stand in for it;
- {"kind": "files"} lists the workspace's files (sizes, and the text of small ones).

Files persist from step to step within the job (a script's output is the next one's input);
only the workspace does: the harness cleans /tmp after every step, as after every test. The
workspace is removed when the job ends. Every step carries its position ("index"): when the
interpreter had to be replaced mid-job, the steps after it run in a workspace rebuilt from the
job's files, and their results say so.
"""

import json
import os
import shutil
import stat
import sys

import harness
import tamper

WORKSPACE_ROOT = "/workspace"
FILE_TEXT_CAP = 64 * 1024  # bytes of a file's text returned by a "files" step
FILES_CAP = 200  # files listed by a "files" step
CASES_CAP = 1000  # unittest cases reported per step
CASE_NAME_CAP = 300


def safe_path(path):
    """A workspace-relative path in normal form, or ValueError: no absolute paths, no '..'."""
    if not isinstance(path, str) or not path or "\\" in path or "\x00" in path:
        raise ValueError(f"bad workspace path: {path!r}")
    if path.startswith("/"):
        raise ValueError(f"workspace paths are relative: {path!r}")
    parts = [p for p in path.split("/") if p not in ("", ".")]
    if not parts or any(p == ".." for p in parts):
        raise ValueError(f"workspace paths stay inside the workspace: {path!r}")
    return "/".join(parts)


def _step_of(payload):
    """A step's JSON object, or {} when the payload is not one (the step then reports the error)."""
    try:
        step = json.loads(payload)
    except ValueError:
        return {}
    return step if isinstance(step, dict) else {}


def _in_workspace(filename):
    return isinstance(filename, str) and filename.startswith(WORKSPACE_ROOT + "/")


class Workspace(harness.Program):
    """The harness's Program for workspace jobs: the same per-step isolation, capture and limits."""

    def __init__(self, source, timeouts=0, resume=None):
        """resume: {"next": index, "scriptFailed": bool} when the worker carried the workspace's
        files over from the job's earlier part (already written under WORKSPACE_ROOT)."""
        self.base = harness.init()
        self.kind = "workspace"
        self.entry = None
        self.compile_error = None
        self.code = None
        self.tracer = None
        self.timeouts = timeouts
        self.next_index = resume["next"] if resume else 0
        self.step = None
        self.script_failed = bool(resume and resume.get("scriptFailed"))
        try:
            files = json.loads(source)["files"]
            if not isinstance(files, dict):
                raise ValueError("files must be an object of path -> text")
            self.files = {safe_path(p): t for p, t in files.items()}
            if not all(isinstance(t, str) for t in self.files.values()):
                raise ValueError("file contents must be text")
        except (ValueError, KeyError, TypeError) as exc:
            self.compile_error = {"excType": "WorkspaceError", "message": str(exc)[: harness.MESSAGE_CAP], "line": None, "traceback": ""}
            return
        if resume is None:
            self._build()

    def _build(self):
        shutil.rmtree(WORKSPACE_ROOT, ignore_errors=True)
        os.makedirs(WORKSPACE_ROOT)
        for path, text in self.files.items():
            full = os.path.join(WORKSPACE_ROOT, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="") as f:
                f.write(text)
        harness.audit_state.fs_dirty = False  # the harness's own writes

    def owns(self, filename):
        return _in_workspace(filename)

    def budgeted(self, payload):
        """The project's own code counts against the time budget; probes and listings observe, and always run."""
        return _step_of(payload).get("kind") in ("script", "unittest")

    def stdin_of(self, payload):
        self.step = json.loads(payload)
        return self.step.get("stdin", "") if isinstance(self.step, dict) else ""

    def run_test(self, payload, time_limit_ms, disarm=None, arm=None):
        step = _step_of(payload)
        if step.get("kind") == "script" and step.get("skipAfterFailure") is True and self.script_failed:
            result = {"status": "ok", "stdout": "", "stderr": "", "durationMs": 0.0, "skipped": True, "note": "not run: an earlier script step failed (set -e)"}
        else:
            result = super().run_test(payload, time_limit_ms, disarm, arm)
            if step.get("kind") == "script" and result["status"] != "ok":
                self.script_failed = True
        index = step.get("index")
        if isinstance(index, int):
            if index != self.next_index:
                result["note"] = f"ran in a workspace rebuilt from the job's files: the interpreter was replaced before step {index}, and files written by earlier steps are lost"
            self.next_index = index + 1
        return result

    def _execute(self, g, payload, result):
        step = self.step
        if not isinstance(step, dict):
            raise ValueError("a workspace step is a JSON object")
        os.chdir(WORKSPACE_ROOT)
        kind = step.get("kind")
        if kind == "probe":
            # Files, not modules: neither the workspace nor the current directory is searched.
            sys.path[:] = [p for p in sys.path if p not in ("", ".", WORKSPACE_ROOT)]
        else:
            sys.path.insert(0, WORKSPACE_ROOT)
        sys.dont_write_bytecode = True  # no __pycache__ among the project's files
        if kind == "script":
            self._script(step.get("argv"))
        elif kind == "unittest":
            result["unittest"] = self._unittest(step.get("module"), result)
        elif kind == "probe":
            result["value"] = self._probe(step.get("code"), g)
        elif kind == "files":
            result["value"] = json.dumps(self._listing(), separators=(",", ":"))
        else:
            raise ValueError(f"unknown workspace step {kind!r}")

    def _script(self, argv):
        import runpy

        if not isinstance(argv, list) or not argv or not all(isinstance(a, str) for a in argv):
            raise ValueError("a script step needs argv: a list of strings")
        if argv[0] == "-m":
            if len(argv) < 2:
                raise ValueError("-m needs a module name")
            sys.argv[:] = [argv[1], *argv[2:]]
            runpy.run_module(argv[1], run_name="__main__", alter_sys=True)
            return
        path = os.path.join(WORKSPACE_ROOT, safe_path(argv[0]))
        if not os.path.isfile(path):
            raise FileNotFoundError(f"can't open file {argv[0]!r}: no such file in the workspace")
        sys.argv[:] = [argv[0], *argv[1:]]
        # As `python src/main.py` does: the script's own folder first (its sibling modules import
        # by name); the workspace root stays after it.
        sys.path.insert(0, os.path.dirname(path))
        runpy.run_path(path, run_name="__main__")

    def _unittest(self, module, result):
        """Run the TestCase classes a test module defines or imports, every case reported. The
        verdict is guarded (tamper.py): a failed assertion the test swallowed, or one under
        @expectedFailure, counts as a failure; a changed machinery voids the run."""
        import importlib
        import unittest

        if not isinstance(module, str) or not module.replace(".", "").replace("_", "").isalnum():
            raise ValueError(f"bad test module name: {module!r}")
        loaded = importlib.import_module(module)
        classes = [v for v in vars(loaded).values() if isinstance(v, type) and issubclass(v, unittest.TestCase)]
        loader = unittest.TestLoader()  # a module's load_tests is not consulted: the classes are what runs
        suite = unittest.TestSuite(loader.loadTestsFromTestCase(c) for c in classes)
        cases = []
        findings = tamper.suite_findings(classes)

        class Recorder(unittest.TestResult):
            witnessed = 0
            reported = set()

            def startTest(self, test):
                super().startTest(test)
                self.witnessed = tamper.Witnessed.count

            def _add(self, test, outcome, message=""):
                if not isinstance(test, unittest.TestCase):
                    findings.append(f"an outcome was reported for {type(test).__name__}, which is not a TestCase")
                name = str(test.id())[-CASE_NAME_CAP:] if isinstance(test, unittest.TestCase) else repr(test)[:CASE_NAME_CAP]
                if name in self.reported:
                    findings.append(f"{name} reported more than one outcome")
                self.reported.add(name)
                if len(cases) < CASES_CAP:
                    cases.append({"name": name, "outcome": outcome, "message": message[-harness.MESSAGE_CAP:]})

            def addSuccess(self, test):
                if tamper.Witnessed.count > self.witnessed:
                    message = "an assertion failed inside this test and the test caught it: counted as a failure"
                    self.failures.append((test, message))
                    self._add(test, "failed", message)
                    return
                super().addSuccess(test)
                self._add(test, "passed")

            def addFailure(self, test, err):
                super().addFailure(test, err)
                self._add(test, "failed", self.failures[-1][1])

            def addError(self, test, err):
                super().addError(test, err)
                self._add(test, "error", self.errors[-1][1])

            def addSkip(self, test, reason):
                super().addSkip(test, reason)
                self._add(test, "skipped", str(reason))

            def addExpectedFailure(self, test, err):
                super().addExpectedFailure(test, err)
                message = "an assertion failed in a test marked @expectedFailure: counted as a failure\n" + self._exc_info_to_string(err, test)
                self.failures.append((test, message))
                self._add(test, "failed", message)

            def addUnexpectedSuccess(self, test):
                super().addUnexpectedSuccess(test)
                self.failures.append((test, "unexpected success"))
                self._add(test, "failed", "unexpected success")

        res = Recorder()
        saved = unittest.TestCase.failureException
        unittest.TestCase.failureException = tamper.Witnessed
        try:
            suite.run(res)
        finally:
            unittest.TestCase.failureException = saved
        result["cases"] = cases  # kept for inspection, whatever the verdict
        harness._raise_if_tampered(self.base.keep_tool, findings)
        problems = res.failures + res.errors
        return {"run": res.testsRun, "failures": len(res.failures), "errors": len(res.errors), "firstFailure": problems[0][1][-harness.MESSAGE_CAP:] if problems else ""}

    def _probe(self, code, g):
        if not isinstance(code, str):
            raise ValueError("a probe step needs code")
        exec(compile(code, "<probe>", "exec", dont_inherit=True), g)
        fn = g.get("probe")
        if not callable(fn):
            raise NameError("a probe defines probe()")
        text = json.dumps(fn(), allow_nan=False, separators=(",", ":"))
        if len(text) > harness.VALUE_CAP:
            raise harness.OutputLimitExceeded()
        return text

    def _listing(self):
        paths = []
        for root, _dirs, names in os.walk(WORKSPACE_ROOT):
            paths.extend(os.path.join(root, name) for name in names)
        out = []
        for full in sorted(paths):
            try:
                info = os.lstat(full)
            except OSError:
                continue
            if not stat.S_ISREG(info.st_mode):
                continue
            entry = {"path": os.path.relpath(full, WORKSPACE_ROOT), "size": info.st_size}
            if info.st_size <= FILE_TEXT_CAP:
                try:
                    with open(full, "rb") as f:
                        entry["text"] = f.read(FILE_TEXT_CAP).decode("utf-8")
                except (OSError, UnicodeDecodeError):
                    pass
            out.append(entry)
            if len(out) >= FILES_CAP:
                break
        return out

    def finish(self):
        shutil.rmtree(WORKSPACE_ROOT, ignore_errors=True)
        super().finish()


# The workspace's code a program must not replace: harness.init records it with its own (jobs.py).
GUARDED = (
    ("workspace.Workspace._unittest", Workspace._unittest),
    ("workspace.Workspace._execute", Workspace._execute),
)
