"""Interpreter state captured once and restored after every test, so that no test
can influence the next one: builtins, sys settings, stdio, imported modules and
their attributes, random state, monitoring tools, files left behind."""

import _imp
import builtins
import gc
import os
import random
import shutil
import sys
import types

RANDOM_SEED = 0
_MISSING = object()
_SYS_HOOKS = ("excepthook", "displayhook", "breakpointhook", "unraisablehook")


def _dict_changed(current, snapshot):
    return len(current) != len(snapshot) or any(current.get(k, _MISSING) is not v for k, v in snapshot.items())


def _stdlib_dirs():
    """Directories the standard library is imported from (source and C extensions)."""
    dirs = {os.path.dirname(os.__file__)}
    for name in ("_json", "_heapq", "_bisect"):
        try:
            path = getattr(__import__(name), "__file__", None)
        except ImportError:
            path = None
        if path:
            dirs.add(os.path.dirname(path))
    return tuple(sorted(dirs))


_FS_EVENTS = {"os.mkdir", "os.rename", "os.symlink", "os.link", "os.truncate", "shutil.copyfile", "shutil.copytree", "shutil.move"}
_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC


JS_MODULES = ("js", "pyodide_js")


class _NoJavaScript:
    """A meta path entry that refuses the modules leading to the worker's JavaScript."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname.partition(".")[0] in JS_MODULES:
            raise ModuleNotFoundError(f"No module named {fullname!r}: programs have no access to JavaScript in the sandbox", name=fullname)
        return None


def close_js_bridge():
    """Take away a program's ways into its worker's JavaScript realm (docs/security.md): the
    `js` module (the worker's global scope) and `pyodide_js` (Pyodide's own API, with its
    memory and file system). Nothing a program under test needs goes through them. Call once,
    before any untrusted code; the Baseline then keeps it so."""
    for name in [n for n in sys.modules if n.partition(".")[0] in JS_MODULES]:
        del sys.modules[name]
    try:
        from _pyodide._importhook import jsfinder
    except ImportError:
        return  # native CPython: there is no bridge
    jsfinder.jsproxies.clear()
    sys.meta_path.insert(0, _NoJavaScript())
    import pyodide.webloop

    pyodide.webloop.scheduleCallback = _no_event_loop  # its last reference to JavaScript's scheduler


def _no_event_loop(*_args, **_kwargs):
    raise RuntimeError("there is no event loop in the sandbox: a program cannot schedule work to run after it")


class _Audit:
    """Watches audited events: refuses new audit hooks, and notes writes to the filesystem
    (so the directory cleanup only runs after a test that may have created files)."""

    fs_dirty = False

    def __call__(self, event, args):
        if event == "sys.addaudithook":
            # They cannot be removed and would outlive the program.
            raise RuntimeError("audit hooks are disabled in the sandbox")
        if event == "open":
            mode, flags = args[1], args[2]
            if (isinstance(mode, str) and any(c in mode for c in "wax+")) or (isinstance(flags, int) and flags & _WRITE_FLAGS):
                self.fs_dirty = True
        elif event in _FS_EVENTS:
            self.fs_dirty = True


_audit = _Audit()
audit_state = _audit


class Baseline:
    """Snapshot of the interpreter taken before any untrusted code runs.

    clean_dirs: directories whose new entries are deleted after each test
    (used in the sandbox; empty for native benchmark runs)."""

    def __init__(self, clean_dirs=()):
        sys.addaudithook(_audit)
        self.builtins = dict(builtins.__dict__)
        self.stdio = (sys.stdin, sys.stdout, sys.stderr)
        self.recursion_limit = sys.getrecursionlimit()
        # Kept, so a program that replaces sys.setrecursionlimit cannot keep its limit (the
        # harness installs its capped setter before this snapshot; resetting it clears the cap's state).
        self.set_recursion_limit = sys.setrecursionlimit
        self.int_digits = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else None
        self.lists = [(lst, list(lst)) for lst in (sys.path, sys.meta_path, sys.path_hooks, sys.argv, gc.callbacks)]
        self.hooks = {name: getattr(sys, name) for name in _SYS_HOOKS if hasattr(sys, name)}
        self.environ = dict(os.environ)
        self.cwd = os.getcwd()
        self.main = sys.modules.get("__main__")
        self.stdlib_dirs = _stdlib_dirs()
        self.keep_tool = None  # a monitoring tool id the harness is using
        self.dirs = {d: set(os.listdir(d)) for d in clean_dirs if os.path.isdir(d)}
        random.seed(RANDOM_SEED)  # the state every test starts from, the first one too
        self.modules = {}  # name -> (module, snapshot of its __dict__)
        self.foreign = False  # a module from outside the standard library was imported since the last restore
        self.by_package = {}  # top-level name -> [module names]
        self.module_count = 0
        self.snapshot_new_modules(trust_all=True)

    def refresh(self, name):
        """Re-take one module's snapshot (the harness records itself once initialised)."""
        module = sys.modules[name]
        self.modules[name] = (module, dict(module.__dict__))

    def allow_file(self, path):
        """Keep a harness-owned file across the directory cleanup."""
        d, name = os.path.split(path)
        if d in self.dirs:
            self.dirs[d].add(name)

    def _trusted(self, name, module):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if origin == "built-in":
            return name in sys.builtin_module_names
        if origin == "frozen":
            return _imp.is_frozen(getattr(spec, "name", name))
        return isinstance(origin, str) and origin.startswith(self.stdlib_dirs)

    def snapshot_new_modules(self, trust_all=False):
        """Record standard-library modules imported since the last call, as imported.
        Modules from anywhere else are dropped after the test that imported them.
        trust_all: everything loaded before untrusted code ran is kept."""
        for name, module in list(sys.modules.items()):
            if name in self.modules or module is None or name == "__main__":
                continue
            if getattr(getattr(module, "__spec__", None), "_initializing", False):
                continue  # still executing its body; recorded once complete
            if trust_all or self._trusted(name, module):
                snap = dict(module.__dict__) if isinstance(module, types.ModuleType) else None
                self.modules[name] = (module, snap)
                self.by_package.setdefault(name.partition(".")[0], []).append(name)
            else:
                self.foreign = True
        self.module_count = len(sys.modules)

    def restore(self, touched):
        """Undo what a test may have changed. touched: top-level packages the test
        imported (their attributes are restored); None restores every module."""
        sys.stdin, sys.stdout, sys.stderr = self.stdio
        sys.settrace(None)
        sys.setprofile(None)
        self.set_recursion_limit(self.recursion_limit)
        if self.int_digits is not None:
            sys.set_int_max_str_digits(self.int_digits)
        for lst, saved in self.lists:
            if lst != saved:
                lst[:] = saved
        for name, hook in self.hooks.items():
            setattr(sys, name, hook)
        full = touched is None
        if (full or "os" in touched) and os.environ != self.environ:
            os.environ.clear()
            os.environ.update(self.environ)
        if os.getcwd() != self.cwd:
            os.chdir(self.cwd)
        if _dict_changed(builtins.__dict__, self.builtins):
            builtins.__dict__.clear()
            builtins.__dict__.update(self.builtins)
        self._restore_modules(touched)
        self._reset_monitoring()
        if full or _audit.fs_dirty:
            self._clean_dirs()
            _audit.fs_dirty = False

    def _restore_modules(self, touched):
        modules = sys.modules
        # sys.modules itself changes only through imports (counted) or through `sys` and
        # `importlib` (tracked): otherwise the per-test scan is skipped. A full restore
        # (touched=None) always scans.
        if touched is None or self.foreign or len(modules) != self.module_count or not touched.isdisjoint(("sys", "importlib")):
            self.foreign = False
            for name in [n for n in modules if n not in self.modules]:
                del modules[name]
            for name, (module, _) in self.modules.items():
                if modules.get(name) is not module:
                    modules[name] = module
            self.module_count = len(modules)
        if self.main is not None:
            modules["__main__"] = self.main
        names = self.modules if touched is None else [n for top in touched for n in self.by_package.get(top, ())]
        for name in names:
            module, snap = self.modules[name]
            if snap is not None and _dict_changed(module.__dict__, snap):
                module.__dict__.clear()
                module.__dict__.update(snap)
        if touched is None or "random" in touched:
            random.seed(RANDOM_SEED)

    def _reset_monitoring(self):
        mon = getattr(sys, "monitoring", None)
        if mon is None:
            return
        for tool in range(6):
            if tool != self.keep_tool and mon.get_tool(tool) is not None:
                mon.set_events(tool, 0)
                mon.free_tool_id(tool)

    def _clean_dirs(self):
        for d, keep in self.dirs.items():
            try:
                extra = set(os.listdir(d)) - keep
            except OSError:
                os.makedirs(d, exist_ok=True)
                continue
            for name in extra:
                path = os.path.join(d, name)
                if os.path.isdir(path) and not os.path.islink(path):
                    shutil.rmtree(path, ignore_errors=True)
                else:
                    try:
                        os.remove(path)
                    except OSError:
                        pass
