# Build step, run in Pyodide (in Node): copy the standard library's zip, adding next to each
# module its compiled bytecode, so the interpreter imports without compiling source.
# Pyodide ships the library as source only; compiling it is most of a full start.
#
# Each .pyc is "unchecked hash-based" (PEP 552): zipimport uses it without reading the
# source, and the source stays in the zip for tracebacks and inspect. Code objects carry the
# path the module is imported from, as if compiled from source at import time.
import importlib.util
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SOURCE_ZIP = "/tmp/stdlib-source.zip"
OUTPUT_ZIP = "/tmp/stdlib-compiled.zip"


def library_zip():
    """Where the interpreter imports the standard library from (for example /lib/python314.zip)."""
    return next(p for p in sys.path if p.endswith(".zip"))


def compile_library():
    mounted = library_zip()
    compiled = 0
    with zipfile.ZipFile(SOURCE_ZIP) as source, zipfile.ZipFile(OUTPUT_ZIP, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
        for info in source.infolist():
            data = source.read(info)
            out.writestr(info, data)
            if not info.filename.endswith(".py"):
                continue
            try:
                code = compile(data, f"{mounted}/{info.filename}", "exec", dont_inherit=True)
            except SyntaxError:
                continue  # (test data that is not Python): imported from source, as before
            pyc = _code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
            entry = zipfile.ZipInfo(info.filename + "c", date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            out.writestr(entry, bytes(pyc))
            compiled += 1
    return compiled
