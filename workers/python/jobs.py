"""hintbench harness entry point: the baseline, and the program of each job.

A job runs one program against tests (harness.py), or a multi-file project step by step
(workspace.py, built on harness.Program). This module imports both, so that harness.py never
imports the workspace built on it.
"""

import json

import harness
import workspace

recover = harness.recover


def init(clean_dirs=(), capture="fd"):
    """Capture the interpreter baseline (harness.init), guarding the workspace's code too."""
    return harness.init(clean_dirs, capture, guarded=workspace.GUARDED)


def program(source, kind="stdio", entry=None, trace=False, timeouts=0, resume=None):
    """The program of a job: one source run against tests, or a workspace run step by step.
    timeouts: tests of this evaluation that already timed out (in an earlier part of the job);
    resume: a workspace continued from its files, carried over by the worker (workspace.py)."""
    if kind == "workspace":
        return workspace.Workspace(source, timeouts, json.loads(resume) if isinstance(resume, str) else None)
    return harness.Program(source, kind, entry, trace, timeouts)
