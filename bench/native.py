"""Native CPython runs of the programs and tests the sandbox runs, for comparison.

Modes:
  inproc      the sandbox's own harness (workers/python/jobs.py and harness.py), in this process
  subprocess  one fresh `python3` process per test, as a judge that spawns programs does

    python3 bench/native.py --mode inproc --dataset FILE [--program reference] [--repeat N]

Prints one JSON object: {"mode", "wallMs", "tests", "results": [{"instanceId", "tests": [...]}]}
Each test is {"testId", "status", "stdout", "value"?, "excType"?, "durationMs"} with the
statuses of the sandbox (ok, exception, timeout, ...).

`call` arguments reach Python with their JSON types: the dataset is read with json.loads (3.0
stays a float, big integers keep their digits) and an `argsJson` field, if a file has one, is
sent as is, as the app does. A returned generator is drained into a list, as the harness does
(docs/execution.md); subprocess mode has no element cap and no recursion cap: it is the plain
CPython judge the sandbox is compared with.
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
CALL_BOOTSTRAP = """
import json, sys, types
source = open(sys.argv[1]).read()
scope = {"__name__": "__main__"}
exec(compile(source, "<program>", "exec"), scope)
cls, _, method = sys.argv[2].partition(".")
fn = getattr(scope[cls](), method) if method else scope[cls]
value = fn(*json.loads(sys.stdin.read()))
if isinstance(value, types.GeneratorType):
    value = list(value)
sys.stdout.write("\\x00HINTBENCH-VALUE\\x00" + json.dumps(value, allow_nan=False, separators=(",", ":")))
"""
VALUE_MARK = "\x00HINTBENCH-VALUE\x00"


def payload_of(instance, test):
    if instance["testKind"] == "stdio":
        return test["input"]
    if instance["testKind"] == "call":
        return test.get("argsJson") or json.dumps(test["args"])
    return test["code"]


def run_inproc(instances, program_key, time_limit_ms):
    sys.path.insert(0, os.path.join(HERE, "..", "workers", "python"))
    import jobs

    jobs.init((), capture="python")
    out = []
    for inst in instances:
        program = jobs.program(inst[program_key], kind=inst["testKind"], entry=inst.get("entry"))
        tests = []
        for test in inst["tests"]:
            r = program.run_test(payload_of(inst, test), inst.get("timeLimitMs", time_limit_ms))
            tests.append({"testId": test["id"], **{k: r[k] for k in ("status", "stdout", "value", "excType", "durationMs") if k in r}})
        program.finish()
        out.append({"instanceId": inst["id"], "tests": tests})
    return out


def last_exception_type(stderr):
    """The exception named at the end of a traceback; SystemExit when the program just exited non-zero."""
    if "Traceback (most recent call last)" not in stderr:
        return "SystemExit"
    lines = [line for line in stderr.strip().splitlines() if line.strip()]
    head = lines[-1].split(":", 1)[0].strip()
    return head if head.replace(".", "").replace("_", "").isalnum() else "Exception"


def run_subprocess(instances, program_key, time_limit_ms):
    out = []
    with tempfile.TemporaryDirectory() as tmp:
        for inst in instances:
            path = os.path.join(tmp, f"{abs(hash(inst['id']))}.py")
            with open(path, "w") as f:
                f.write(inst[program_key])
            if inst["testKind"] == "call":
                command = [sys.executable, "-c", CALL_BOOTSTRAP, path, inst["entry"]]
            else:
                command = [sys.executable, path]
            tests = []
            for test in inst["tests"]:
                limit = inst.get("timeLimitMs", time_limit_ms) / 1000.0
                start = time.perf_counter()
                try:
                    proc = subprocess.run(command, input=payload_of(inst, test), capture_output=True, text=True, timeout=limit)
                    status = "ok" if proc.returncode == 0 else "exception"
                    stdout, stderr = proc.stdout, proc.stderr
                except subprocess.TimeoutExpired:
                    status, stdout, stderr = "timeout", "", ""
                result = {"testId": test["id"], "status": status, "durationMs": (time.perf_counter() - start) * 1000}
                if inst["testKind"] == "call" and VALUE_MARK in stdout:
                    stdout, result["value"] = stdout.split(VALUE_MARK, 1)
                result["stdout"] = stdout
                if status == "exception":
                    result["excType"] = last_exception_type(stderr)
                tests.append(result)
            out.append({"instanceId": inst["id"], "tests": tests})
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["inproc", "subprocess"], required=True)
    parser.add_argument("--dataset", required=True)
    parser.add_argument("--program", choices=["buggy", "reference"], default="reference")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--time-limit", type=int, default=2000)
    args = parser.parse_args()
    with open(args.dataset) as f:
        text = f.read().strip()
    instances = json.loads(text) if text.startswith("[") else [json.loads(line) for line in text.splitlines() if line.strip()]
    runner = run_inproc if args.mode == "inproc" else run_subprocess
    start = time.perf_counter()
    for _ in range(args.repeat):
        results = runner(instances, args.program, args.time_limit)
    wall = (time.perf_counter() - start) * 1000 / args.repeat
    count = sum(len(i["tests"]) for i in instances)
    sys.__stdout__.write(json.dumps({"mode": args.mode, "wallMs": wall, "tests": count, "results": results}) + "\n")


if __name__ == "__main__":
    main()
