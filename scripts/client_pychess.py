#!/usr/bin/env python3
"""pychess.org's server (pychess-variants) run on pyffish and on `chimera.compat` (issue 50).

pychess-variants (github gbtami/pychess-variants, AGPL-3.0) does every rule through
pyffish, Fairy-Stockfish's Python binding. This script runs its code from a checkout
you bring (none of it is copied into this repository) in two ways:

* **Its tests** (default): its pytest/unittest suite under `tests/` (minus the three
  Playwright browser modules), once with the real `pyffish` and once with
  `chimera.compat` in its place. The swap is a `sitecustomize.py` in a temporary
  directory put first on PYTHONPATH: it sets `sys.modules["pyffish"]` to a module that
  forwards every function to the chosen engine and counts the calls (so the report can
  say which tests touch pyffish, and lists every call pattern with its argument
  shapes). Child processes the client starts (its catalogued-variant check runs
  `python -c "import pyffish ..."`) inherit the swap through PYTHONPATH.
  `pyffish_alice` (its Alice Chess engine) stays the real one in both runs.
  A third run, `compat-lenient`, is compat whose `set_option`/`load_variant_config`
  ValueError (the variants.ini sections it cannot convert) is only a warning, as
  pyffish skips what it cannot parse: it measures what comes after the import.
  The report lists every test whose outcome differs from pyffish's, with both
  messages (one line per module that one run could not import), and totals; each such
  test is run once more alone on both sides and marked flaky if the difference does
  not repeat (the client has timing tests that fail on a busy machine).
* **Random games** (`--random-games N`): for every variant the client defines (the
  `Variant(...)` entries of server/variants.py, read with `ast`, and every section of
  its variants.ini; the 960 twins from a start position of the client's own
  `FairyBoard.shuffle_start`), N seeded random games played through pyffish and
  through compat side by side in one process, loaded as the client loads them
  (`set_option("VariantPath", "variants.ini")`). At every position both engines
  answer the client's calls (the forms `server/fairy/fairy_board.py` uses):
  `legal_moves`, `get_fen` of the move played (incremental, with the client's
  `show_promoted`), `get_san` in the client's notation (of every legal move every
  `--san-every` plies, of the move played at the others), `gives_check`,
  `has_insufficient_material`, `is_immediate_game_end`, `is_optional_game_end`
  (a `False` from both with different values counts apart: the client reads the
  value only with the flag), `game_result`; at the start `start_fen` and
  `validate_fen`; at the end `get_san_moves` and `get_fen` of the whole game. Moves are drawn from
  pyffish's list; a game stops at the first disagreement of `legal_moves` or
  `get_fen` (the positions part), at pyffish's immediate end or decisive optional
  end, or at `--max-plies`. Per variant: agree or not, and the first disagreement
  (variant, FEN, moves, the call and both answers), also the first of each call.

Getting the client (DIR)
------------------------
A clone of github gbtami/pychess-variants (a bare git directory is enough). Pass it with
the pinned commit:

    python scripts/client_pychess.py --client DIR \\
        --commit 37b7a729a67769d409d00d62d7b825826d939eed --out /tmp/client_tests.json
    python scripts/client_pychess.py --client DIR \\
        --commit 37b7a729a67769d409d00d62d7b825826d939eed --random-games 5 --out /tmp/client_games.json

A git directory (bare, or a work tree's `.git`) is read with `git archive COMMIT` into a
temporary directory; a work tree (a directory with `server/` and `tests/`) is copied
there as it is (`--commit` then checks out nothing; the commit printed is its HEAD if
it has one). Nothing in DIR is changed.

Pinned commit: 37b7a729a67769d409d00d62d7b825826d939eed (2026-08-22, "Update
translation templates"), the newest on 2026-12-02; its pyproject pins
pyffish 0.0.89 (this machine has 0.0.90) and Python 3.14.

What the temporary copy gets for an older Python (the client wants 3.14), and nothing else:
* files the interpreter cannot parse (3.12's nested f-strings reusing the enclosing
  quote, three lines of server/catalogued_rules.py at the pinned commit) have the quotes
  of those f-strings changed (`f"..{f'{x('y')}'}.."` to `f'''..{f"{x('y')}"}..'''`),
  done with the tokenizer of a Python >= 3.12 (`--fixer-python`, else python3.1[2-9] on
  PATH or under ~/.pyenv/versions);
* below 3.14 (PEP 649, annotations evaluated lazily), `from __future__ import
  annotations` at the top of each module under server/ and tests/ that has annotations
  and lacks it (its annotations name classes imported only under TYPE_CHECKING).
* below 3.13, the shim gives asyncio.Queue 3.13's `shutdown()` and `asyncio.QueueShutDown`
  (the client's event-stream queues use them); a backport in the shim, no client file.
The report lists the files changed.

Setup (this machine): pyffish and python-chess system-wide; chimera built into a venv
that sees them, and the client's test dependencies there:

    python3 -m venv --system-site-packages /tmp/venv-client
    /tmp/venv-client/bin/pip install ./python
    /tmp/venv-client/bin/pip install aiohttp==3.14.1 aiohttp-cors==0.8.1 aiohttp-jinja2==1.6 \\
        aiohttp-session==2.12.1 aiohttp-sse==2.2.0 aiohttp-swagger3==0.10.0 betza-visualizer==0.1.1 \\
        brotli==1.2.0 cryptography==50.0.0 discord-py==2.7.1 dnspython==2.8.0 jinja2==3.1.6 \\
        minify-html==0.18.1 pyffish-alice==0.0.3 py4swiss==0.3.1 pymongo==4.17.0 pywebpush==2.4.0 \\
        rapidfuzz==3.14.5 pyopenssl==26.4.0 python-gettext==5.0 rustworkx==0.18.1 \\
        sortedcollections==2.1.0 tenacity==9.1.4 tzdata==2026.3 msgspec==0.21.1 \\
        mongomock-motor==0.0.36 motor==3.7.1 "pytest<10" pytest-aiohttp==1.1.1 pytest-timeout

and run this script with that venv's python (`--python` names another interpreter for
the tests). On this 2-core VM the tests take about 5 minutes on pyffish, 2 on compat and
1.5 on compat-lenient; `--random-games 5` about 25 minutes for the 86 variants (two at a
time, `--jobs`).
"""

from __future__ import annotations

import argparse
import ast
import glob
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PINNED_COMMIT = "37b7a729a67769d409d00d62d7b825826d939eed"
# The Playwright browser tests (the client's CI runs them apart, with browsers installed).
BROWSER_TESTS = ("tests/test_e2e.py", "tests/test_gui.py", "tests/test_bughouse_lobby_flow.py")

# --------------------------------------------------------------------------------------
# Files written into the temporary shim directory
# --------------------------------------------------------------------------------------

SITECUSTOMIZE = r'''
# Written by chimera's scripts/client_pychess.py: swaps pyffish for the engine named by
# CLIENT_PYCHESS_ENGINE ("pyffish" or "compat") and counts the calls.
import atexit, json, os, sys, types

if os.environ.get("CLIENT_PYCHESS_BACKPORT") and sys.version_info < (3, 13):
    # Python 3.13's asyncio.Queue.shutdown and QueueShutDown, which the client's server
    # uses (its SSE and broadcast queues); written here for 3.11 and 3.12.
    import asyncio, asyncio.queues

    class QueueShutDown(Exception):
        """Raised when putting on to or getting from a shut-down Queue."""

    asyncio.QueueShutDown = asyncio.queues.QueueShutDown = QueueShutDown
    _Q = asyncio.Queue
    _put_nowait, _get_nowait = _Q.put_nowait, _Q.get_nowait

    def _shutdown(self, immediate=False):
        self._is_shutdown = True
        if immediate:
            while not self.empty():
                self._get()
                if self._unfinished_tasks > 0:
                    self._unfinished_tasks -= 1
            if self._unfinished_tasks == 0:
                self._finished.set()
        for waiters in (self._getters, self._putters):
            while waiters:
                w = waiters.popleft()
                if not w.done():
                    w.set_result(None)

    def _down(self):
        return getattr(self, "_is_shutdown", False)

    def _q_put_nowait(self, item):
        if _down(self):
            raise QueueShutDown
        return _put_nowait(self, item)

    def _q_get_nowait(self):
        if self.empty() and _down(self):
            raise QueueShutDown
        return _get_nowait(self)

    async def _wait(self, waiters):
        fut = self._get_loop().create_future()
        waiters.append(fut)
        try:
            await fut
        except BaseException:
            fut.cancel()
            try:
                waiters.remove(fut)
            except ValueError:
                pass
            raise

    async def _q_put(self, item):
        if _down(self):
            raise QueueShutDown
        while self.full():
            await _wait(self, self._putters)
            if _down(self):
                raise QueueShutDown
        return _q_put_nowait(self, item)

    async def _q_get(self):
        if _down(self) and self.empty():
            raise QueueShutDown
        while self.empty():
            await _wait(self, self._getters)
            if _down(self) and self.empty():
                raise QueueShutDown
        return _q_get_nowait(self)

    _Q.shutdown, _Q.put, _Q.put_nowait, _Q.get, _Q.get_nowait = _shutdown, _q_put, _q_put_nowait, _q_get, _q_get_nowait

_engine = os.environ.get("CLIENT_PYCHESS_ENGINE")
if _engine in ("pyffish", "compat", "compat-lenient"):
    if _engine.startswith("compat"):
        import chimera.compat as _real
    else:
        import pyffish as _real
    _mod = types.ModuleType("pyffish", getattr(_real, "__doc__", None))
    _lenient = {}
    if _engine == "compat-lenient":
        # pyffish skips the variants.ini sections it cannot parse and goes on; compat
        # raises one ValueError after loading the others. Here that error is only a
        # warning, so that what comes after the import can be measured.
        import warnings

        def _lenient_wrap(fn):
            def call(*args, **kwargs):
                try:
                    return fn(*args, **kwargs)
                except ValueError as e:
                    if fn.__name__ == "set_option" and "No such option" in str(e):
                        raise
                    warnings.warn("client_pychess: %s refused: %s" % (fn.__name__, str(e)[:200]))
                    return None
            call.__name__ = fn.__name__
            return call

        _lenient = {k: _lenient_wrap(getattr(_real, k)) for k in ("set_option", "load_variant_config")}
    _count = [0]
    _patterns = {}
    _NOTATIONS = {}
    for _k in dir(_real):
        if _k.startswith("NOTATION_"):
            _NOTATIONS[getattr(_real, _k)] = "sf." + _k

    def _shape(fn, i, a):
        if isinstance(a, bool):
            return repr(a)
        if isinstance(a, int):
            if fn in ("get_san", "get_san_moves") and i == 4:
                return _NOTATIONS.get(a, "int")
            return "int"
        if isinstance(a, str):
            if fn == "set_option" and i == 0:
                return repr(a)
            if fn == "get_fog_fen" and i == 1:
                return repr(a)
            if a == "startpos":
                return "'startpos'"
            return "str"
        if isinstance(a, (list, tuple)):
            return "[]" if not a else ("[move]" if len(a) == 1 else "[moves]")
        return type(a).__name__

    def _wrap(name, fn):
        def call(*args, **kwargs):
            _count[0] += 1
            key = name + "(" + ", ".join(
                [_shape(name, i, a) for i, a in enumerate(args)]
                + ["%s=%s" % (k, _shape(name, -1, v)) for k, v in sorted(kwargs.items())]
            ) + ")"
            _patterns[key] = _patterns.get(key, 0) + 1
            return fn(*args, **kwargs)
        call.__name__ = name
        call.__qualname__ = name
        call.__doc__ = getattr(fn, "__doc__", None)
        return call

    for _k in dir(_real):
        if _k.startswith("__"):
            continue
        _v = _lenient.get(_k) or getattr(_real, _k)
        if callable(_v) and not isinstance(_v, type):
            _v = _wrap(_k, _v)
        setattr(_mod, _k, _v)
    _mod.__file__ = getattr(_real, "__file__", None)
    _mod._client_pychess_engine = _engine
    _mod._client_pychess_count = _count
    sys.modules["pyffish"] = _mod

    _out = os.environ.get("CLIENT_PYCHESS_CALLS")
    if _out:
        def _dump():
            if not _patterns:
                return
            path = os.path.join(_out, "calls-%d.json" % os.getpid())
            with open(path, "w") as f:
                json.dump(_patterns, f)
        atexit.register(_dump)
'''

PLUGIN = r'''
# Written by chimera's scripts/client_pychess.py: records each test's outcome and
# whether it called pyffish.
import json, os, sys
import pytest

_results = {}
_collect_errors = {}


def _calls():
    m = sys.modules.get("pyffish")
    c = getattr(m, "_client_pychess_count", None)
    return c[0] if c else 0


def _message(report):
    lr = report.longrepr
    if lr is None:
        return ""
    if isinstance(lr, tuple):  # a skip: (file, line, reason)
        return str(lr[-1])
    crash = getattr(lr, "reprcrash", None)
    if crash is not None and getattr(crash, "message", None):
        return crash.message
    text = str(lr)
    lines = [l for l in text.splitlines() if l.startswith("E ")]
    return "\n".join(lines[-5:]) if lines else text[-600:]


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    before = _calls()
    yield
    _results.setdefault(item.nodeid, {"outcome": "unknown", "message": ""})["calls"] = _calls() - before


def pytest_runtest_logreport(report):
    r = _results.setdefault(report.nodeid, {"outcome": "unknown", "message": ""})
    r.setdefault("duration", 0.0)
    r["duration"] += getattr(report, "duration", 0.0)
    wasxfail = hasattr(report, "wasxfail")
    if report.when == "setup":
        if report.failed:
            r["outcome"], r["message"] = "error", _message(report)
        elif report.skipped:
            r["outcome"], r["message"] = ("xfailed" if wasxfail else "skipped"), _message(report)
    elif report.when == "call":
        if wasxfail:
            r["outcome"] = "xpassed" if report.passed else "xfailed"
        else:
            r["outcome"] = report.outcome
        r["message"] = _message(report) if not report.passed else ""
    elif report.when == "teardown" and report.failed and r["outcome"] in ("passed", "unknown"):
        r["outcome"], r["message"] = "error", "teardown: " + _message(report)


def pytest_collectreport(report):
    if report.failed:
        _collect_errors[report.nodeid] = _message(report)


def pytest_sessionfinish(session, exitstatus):
    out = os.environ.get("CLIENT_PYCHESS_RESULTS")
    if out:
        with open(out, "w") as f:
            json.dump({"tests": _results, "collect_errors": _collect_errors, "exitstatus": int(exitstatus)}, f)
'''

# Run by a Python >= 3.12 (its tokenizer splits f-strings): rewrites the quotes of each
# outermost f-string in which a nested string reuses an enclosing quote, to
# ''' / " / ' by depth, which Python 3.11 reads. Refuses (exit 1) where that would clash.
FSTRING_FIXER = r'''
import io, sys, tokenize
QUOTES = ["\'\'\'", '"', "\'"]

def quote_of(tok):
    s = tok.string
    body = s[len(s) - len(s.lstrip("rbufRBUF")):]
    return body[:3] if body[:3] in ("\'\'\'", '"""') else body[:1]

def fix(src):
    toks = list(tokenize.generate_tokens(io.StringIO(src).readline))
    offs = [0]
    for line in src.splitlines(keepends=True):
        offs.append(offs[-1] + len(line))
    pos = lambda rc: offs[rc[0] - 1] + rc[1]
    edits, i = [], 0
    while i < len(toks):
        if toks[i].type != tokenize.FSTRING_START:
            i += 1
            continue
        j, depth, clash, open_q = i, 0, False, []
        while True:
            t = toks[j]
            if t.type == tokenize.FSTRING_START:
                q = quote_of(t)
                if any(q[0] == o[0] for o in open_q):
                    clash = True
                open_q.append(q)
                depth += 1
            elif t.type == tokenize.FSTRING_END:
                open_q.pop()
                depth -= 1
                if depth == 0:
                    break
            elif t.type == tokenize.STRING and any(quote_of(t)[0] == o[0] for o in open_q):
                clash = True
            j += 1
        if clash:
            stack = []
            for k in range(i, j + 1):
                t = toks[k]
                if t.type == tokenize.FSTRING_START:
                    if len(stack) >= len(QUOTES) or len(quote_of(t)) == 3:
                        raise SystemExit("cannot requote the f-string at %r" % (t.start,))
                    pre = t.string[: len(t.string) - len(quote_of(t))]
                    q = QUOTES[len(stack)]
                    stack.append(q)
                    edits.append((pos(t.start), pos(t.end), pre + q))
                elif t.type == tokenize.FSTRING_END:
                    edits.append((pos(t.start), pos(t.end), stack.pop()))
                elif t.type == tokenize.FSTRING_MIDDLE:
                    q = stack[-1]
                    bad = ("\'\'\'" in t.string or (t.string.endswith("\'") and toks[k + 1].type == tokenize.FSTRING_END)) if q == "\'\'\'" else (q in t.string)
                    if bad or "\\" in t.string:
                        raise SystemExit("cannot requote the f-string at %r" % (t.start,))
                elif t.type == tokenize.STRING:
                    q0 = quote_of(t)
                    pre = t.string[: t.string.index(q0)]
                    body = t.string[len(pre) + len(q0): -len(q0)]
                    if len(stack) >= len(QUOTES):
                        raise SystemExit("cannot requote the string at %r" % (t.start,))
                    q = QUOTES[len(stack)]
                    if len(q0) == 3 or q in body or "\\" in body:
                        raise SystemExit("cannot requote the string at %r" % (t.start,))
                    edits.append((pos(t.start), pos(t.end), pre + q + body + q))
        i = j + 1
    for a, b, new in sorted(edits, reverse=True):
        src = src[:a] + new + src[b:]
    return src

for path in sys.argv[1:]:
    with open(path, encoding="utf-8") as f:
        s = f.read()
    t = fix(s)
    if t != s:
        with open(path, "w", encoding="utf-8") as f:
            f.write(t)
'''

# Run by the target interpreter: prints the .py files it cannot parse.
PARSE_CHECK = r'''
import ast, sys
for p in sys.argv[1:]:
    try:
        with open(p, encoding="utf-8") as f:
            ast.parse(f.read(), p)
    except SyntaxError as e:
        print(p)
'''


def log(*a):
    print(*a, file=sys.stderr, flush=True)


# --------------------------------------------------------------------------------------
# The client's tree
# --------------------------------------------------------------------------------------


def is_git_dir(p: Path) -> bool:
    return (p / "HEAD").is_file() and (p / "objects").is_dir()


def prepare_tree(client: Path, commit: str | None, dest: Path) -> dict:
    """Bring the client's files into dest; return what was used."""
    info: dict = {"source": str(client)}
    gitdir = None
    if is_git_dir(client):
        gitdir = client
    elif (client / ".git").exists() and commit:
        gitdir = client / ".git"
    if gitdir is not None:
        sha = subprocess.run(
            ["git", "--git-dir", str(gitdir), "rev-parse", (commit or "HEAD") + "^{commit}"],
            check=True, capture_output=True, text=True,
        ).stdout.strip()
        dest.mkdir(parents=True)
        archive = subprocess.Popen(["git", "--git-dir", str(gitdir), "archive", sha], stdout=subprocess.PIPE)
        subprocess.run(["tar", "-x", "-C", str(dest)], stdin=archive.stdout, check=True)
        if archive.wait() != 0:
            raise SystemExit("git archive %s failed" % sha)
        info["commit"] = sha
        info["commit_date"] = subprocess.run(
            ["git", "--git-dir", str(gitdir), "show", "-s", "--format=%ci %s", sha],
            capture_output=True, text=True,
        ).stdout.strip()
    else:
        if not (client / "server").is_dir():
            raise SystemExit("%s is neither a git directory nor a pychess-variants work tree" % client)
        shutil.copytree(client, dest, ignore=shutil.ignore_patterns(".git", "node_modules", "__pycache__"), symlinks=True)
        head = subprocess.run(["git", "-C", str(client), "rev-parse", "HEAD"], capture_output=True, text=True)
        info["commit"] = head.stdout.strip() if head.returncode == 0 else None
        info["note"] = "work tree copied as it is"
    return info


def find_fixer_python(explicit: str | None) -> str | None:
    """A Python >= 3.12 (tried from a neutral directory: a pyenv shim inside the
    client's tree would pick its .python-version)."""
    candidates = [explicit] if explicit else []
    candidates += sorted(glob.glob(os.path.expanduser("~/.pyenv/versions/3.1[2-9]*/bin/python3")), reverse=True)
    candidates += [p for p in (shutil.which(n) for n in ("python3.14", "python3.13", "python3.12")) if p]
    for c in candidates:
        try:
            ok = subprocess.run([c, "-c", "import sys; sys.exit(sys.version_info < (3, 12))"],
                                cwd=tempfile.gettempdir(), capture_output=True, timeout=60).returncode == 0
        except (OSError, subprocess.TimeoutExpired):
            ok = False
        if ok:
            return c
    return None


def add_future_annotations(src: str) -> str:
    """`from __future__ import annotations` as the first statement after the docstring;
    on the line of the first statement where that is a simple one (line numbers kept)."""
    fut = "from __future__ import annotations"
    tree = ast.parse(src)
    for n in tree.body:
        if isinstance(n, ast.ImportFrom) and n.module == "__future__" and any(a.name == "annotations" for a in n.names):
            return src
    has = False
    for n in ast.walk(tree):
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef)):
            a = n.args
            args = a.posonlyargs + a.args + a.kwonlyargs + [x for x in (a.vararg, a.kwarg) if x]
            if n.returns is not None or any(x.annotation is not None for x in args):
                has = True
                break
        elif isinstance(n, ast.AnnAssign):
            has = True
            break
    if not has:
        return src
    body = tree.body
    k = 0
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
        k = 1
    while k < len(body) and isinstance(body[k], ast.ImportFrom) and body[k].module == "__future__":
        k += 1
    lines = src.splitlines(keepends=True)
    if k == len(body):
        return src.rstrip("\n") + "\n" + fut + "\n"
    n = body[k]
    line = min([n.lineno] + [d.lineno for d in getattr(n, "decorator_list", [])])
    simple = (ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign, ast.AugAssign, ast.Expr, ast.Pass)
    if isinstance(n, simple) and n.col_offset == 0:
        lines[line - 1] = fut + "; " + lines[line - 1]
    else:
        lines.insert(line - 1, fut + "\n")
    return "".join(lines)


def patch_for_python(tree: Path, python: str, fixer_python: str | None) -> dict:
    """Make the copy importable by `python`; return the list of changes."""
    changes: dict = {"fstring_requoted": [], "future_annotations": []}
    version = subprocess.run([python, "-c", "import sys; print(*sys.version_info[:2])"],
                             capture_output=True, text=True, check=True).stdout.split()
    version = tuple(int(x) for x in version)
    pyfiles = sorted(str(p.relative_to(tree)) for d in ("server", "tests", "scripts") for p in (tree / d).rglob("*.py"))

    def unparsable():
        out = subprocess.run([python, "-c", PARSE_CHECK, *pyfiles], cwd=tree, capture_output=True, text=True, check=True).stdout
        return [l for l in out.splitlines() if l]

    bad = unparsable()
    if bad:
        fixer = find_fixer_python(fixer_python)
        if fixer is None:
            raise SystemExit("these files need Python >= 3.12 to parse, and no such interpreter was found "
                             "for the f-string fixer (--fixer-python): %s" % bad)
        with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
            f.write(FSTRING_FIXER)
        try:
            subprocess.run([fixer, f.name, *[str(tree / b) for b in bad]], cwd=tempfile.gettempdir(), check=True)
        finally:
            os.unlink(f.name)
        still = unparsable()
        if still:
            raise SystemExit("still unparsable after the f-string fix: %s" % still)
        changes["fstring_requoted"] = bad
    if version < (3, 14):
        for rel in pyfiles:
            if not (rel.startswith("server/") or rel.startswith("tests/")):
                continue
            p = tree / rel
            src = p.read_text(encoding="utf-8")
            new = add_future_annotations(src)
            if new != src:
                p.write_text(new, encoding="utf-8")
                changes["future_annotations"].append(rel)
    changes["python"] = "%d.%d" % version
    return changes


def write_shim(shim: Path) -> None:
    shim.mkdir(parents=True, exist_ok=True)
    (shim / "sitecustomize.py").write_text(SITECUSTOMIZE)
    (shim / "client_pychess_plugin.py").write_text(PLUGIN)


# --------------------------------------------------------------------------------------
# The client's tests, once per engine
# --------------------------------------------------------------------------------------


def run_tests(tree: Path, shim: Path, engine: str, python: str, workdir: Path, timeout: int, per_test_timeout: int,
              selection: list[str], tag: str = "") -> dict:
    name = engine + tag
    results = workdir / ("results-%s.json" % name)
    calls = workdir / ("calls-%s" % name)
    calls.mkdir(exist_ok=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(shim), str(tree / "server")] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env["CLIENT_PYCHESS_ENGINE"] = engine
    env["CLIENT_PYCHESS_BACKPORT"] = "1"
    env["CLIENT_PYCHESS_RESULTS"] = str(results)
    env["CLIENT_PYCHESS_CALLS"] = str(calls)
    env.pop("PYTEST_ADDOPTS", None)
    cmd = [python, "-m", "pytest", "-p", "client_pychess_plugin", "-p", "no:cacheprovider", "-q", "-rN",
           "--continue-on-collection-errors",
           "--tb=short", "-o", "asyncio_default_fixture_loop_scope=function"]
    have_timeout = subprocess.run([python, "-c", "import pytest_timeout"], capture_output=True).returncode == 0
    if have_timeout and per_test_timeout:
        cmd += ["--timeout", str(per_test_timeout)]
    for b in BROWSER_TESTS:
        cmd += ["--ignore", b]
    cmd += selection or ["tests"]
    log("[%s] %s" % (engine, " ".join(cmd)))
    t0 = time.time()
    with open(workdir / ("pytest-%s.log" % name), "w") as out:
        try:
            proc = subprocess.run(cmd, cwd=tree, env=env, stdout=out, stderr=subprocess.STDOUT, timeout=timeout)
            rc = proc.returncode
        except subprocess.TimeoutExpired:
            rc = "timeout"
    elapsed = time.time() - t0
    if not results.exists():
        raise SystemExit("pytest on %s wrote no results (rc %s); see %s" % (engine, rc, workdir / ("pytest-%s.log" % name)))
    data = json.loads(results.read_text())
    patterns: dict[str, int] = {}
    for f in calls.glob("calls-*.json"):
        for k, v in json.loads(f.read_text()).items():
            patterns[k] = patterns.get(k, 0) + v
    data["call_patterns"] = dict(sorted(patterns.items()))
    data["returncode"] = rc
    data["seconds"] = round(elapsed, 1)
    log("[%s] done in %.0f s (rc %s)" % (engine, elapsed, rc))
    return data


def condense(msg: str, limit: int = 400) -> str:
    msg = re.sub(r"\s+", " ", msg or "").strip()
    return msg if len(msg) <= limit else msg[: limit - 1] + "…"


def totals(d: dict) -> dict:
    t: dict[str, int] = {}
    for r in d["tests"].values():
        t[r["outcome"]] = t.get(r["outcome"], 0) + 1
    t["collection_errors"] = len(d["collect_errors"])
    t["modules_run"] = len({n.split("::")[0] for n in d["tests"]})
    t["total"] = len(d["tests"])
    return dict(sorted(t.items()))


def compare_tests(a: dict, b: dict, name_b: str) -> dict:
    """pyffish's run `a` against the run `b`: every test that passes on one and not the other."""
    absent = {"outcome": "absent", "message": "not collected"}
    diffs = []
    for n in sorted(set(a["tests"]) | set(b["tests"])):
        ra, rb = a["tests"].get(n, absent), b["tests"].get(n, absent)
        if (ra["outcome"] == "passed") != (rb["outcome"] == "passed"):
            module = n.split("::")[0]
            diffs.append({
                "test": n,
                "pyffish": ra["outcome"], name_b: rb["outcome"],
                "pyffish_message": condense(ra.get("message", "")) or condense(a["collect_errors"].get(module, "")),
                name_b + "_message": condense(rb.get("message", "")) or condense(b["collect_errors"].get(module, "")),
                "calls_pyffish": ra.get("calls", 0),
            })
    # Tests of a module that one run could not import, one line per module.
    uncollected: dict[str, dict] = {}
    rest = []
    for d in diffs:
        if d[name_b] == "absent" or d["pyffish"] == "absent":
            m = d["test"].split("::")[0]
            u = uncollected.setdefault(m, {"tests": 0, "pyffish": condense(a["collect_errors"].get(m, ""), 300),
                                           name_b: condense(b["collect_errors"].get(m, ""), 300)})
            u["tests"] += 1
        else:
            rest.append(d)
    touching = sorted(n for n, r in a["tests"].items() if r.get("calls"))
    return {
        "engine": name_b,
        "passed_on_pyffish_only": sum(1 for d in diffs if d["pyffish"] == "passed"),
        "passed_on_%s_only" % name_b: sum(1 for d in diffs if d[name_b] == "passed"),
        "touching_pyffish_passed": {"pyffish": sum(1 for n in touching if a["tests"][n]["outcome"] == "passed"),
                                    name_b: sum(1 for n in touching if b["tests"].get(n, absent)["outcome"] == "passed")},
        "modules_not_collected": uncollected,
        "differences": rest,
        "differences_all": diffs,
    }


def print_comparison(cmp: dict) -> None:
    e = cmp["engine"]
    print("passing on pyffish only: %d; on %s only: %d" % (cmp["passed_on_pyffish_only"], e, cmp["passed_on_%s_only" % e]))
    tp = cmp["touching_pyffish_passed"]
    print("of the tests that call pyffish, passing: pyffish %d, %s %d" % (tp["pyffish"], e, tp[e]))
    groups: dict[tuple, list] = {}
    for m, u in cmp["modules_not_collected"].items():
        groups.setdefault((u["pyffish"] or "ok", u[e] or "ok"), []).append((m, u["tests"]))
    for (msg_a, msg_b), mods in groups.items():
        print("  %d module(s), %d test(s) not collected (pyffish: %s | %s: %s): %s" % (
            len(mods), sum(n for _, n in mods), condense(msg_a, 160), e, condense(msg_b, 160),
            " ".join(m.split("/")[-1] for m, _ in mods)))
    for d in cmp["differences"]:
        flag = "" if d.get("confirmed", True) else " [FLAKY: not repeated when run again alone]"
        print("  %s: pyffish %s, %s %s -- %s%s" % (d["test"], d["pyffish"], e, d[e], d[e + "_message"] or d["pyffish_message"], flag))


# --------------------------------------------------------------------------------------
# Random games
# --------------------------------------------------------------------------------------


def client_variants(tree: Path) -> list[dict]:
    """The client's variants: server/variants.py's Variant(...) entries (read, not run)
    and every section of its variants.ini."""
    src = (tree / "server" / "variants.py").read_text(encoding="utf-8")
    out: list[dict] = []
    seen = set()
    for node in ast.walk(ast.parse(src)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "Variant" and len(node.args) >= 2:
            try:
                uci = ast.literal_eval(node.args[1])
            except ValueError:
                continue
            kw = {k.arg: k.value for k in node.keywords}
            c960 = bool(kw.get("chess960") and ast.literal_eval(kw["chess960"]))
            if (uci, c960) in seen:
                continue
            seen.add((uci, c960))
            out.append({"variant": uci, "chess960": c960, "origin": "variants.py"})
    ini = (tree / "variants.ini").read_text(encoding="utf-8")
    for m in re.finditer(r"^\[([^\]:]+)(?::[^\]]*)?\]", ini, re.M):
        name = m.group(1).strip()
        if (name, False) in seen:
            for v in out:
                if v["variant"] == name and not v["chess960"]:
                    v["origin"] = "variants.py+variants.ini"
            continue
        seen.add((name, False))
        out.append({"variant": name, "chess960": False, "origin": "variants.ini"})
    return out


def run_random_games(tree: Path, python: str, workdir: Path, games: int, seed: int, max_plies: int, san_every: int,
                     only: list[str] | None, timeout: int, jobs: int) -> dict:
    from concurrent.futures import ThreadPoolExecutor

    variants = client_variants(tree)
    if only:
        variants = [v for v in variants if (v["variant"] + ("960" if v["chess960"] else "")) in only]
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(tree / "server")] + ([env["PYTHONPATH"]] if env.get("PYTHONPATH") else []))
    env.pop("CLIENT_PYCHESS_ENGINE", None)
    done = [0]

    def play(v: dict) -> dict:
        name = v["variant"] + ("960" if v["chess960"] else "")
        if v["variant"] == "alice":
            return {**v, "name": name, "skipped": "played by pyffish_alice, not pyffish"}
        out = workdir / ("game-%s.json" % name)
        cmd = [python, os.path.abspath(__file__), "--_worker", v["variant"], "--_worker-out", str(out),
               "--random-games", str(games), "--seed", str(seed), "--max-plies", str(max_plies),
               "--san-every", str(san_every)]
        if v["chess960"]:
            cmd.append("--_worker-960")
        t0 = time.time()
        try:
            p = subprocess.run(cmd, cwd=tree, env=env, capture_output=True, text=True, timeout=timeout)
            if out.exists():
                r = json.loads(out.read_text())
            else:
                r = {"crashed": "exit %s: %s" % (p.returncode, condense(p.stderr[-2000:], 1200))}
        except subprocess.TimeoutExpired:
            r = {"crashed": "timeout after %d s" % timeout}
        r.update({**v, "name": name, "seconds": round(time.time() - t0, 1)})
        done[0] += 1
        log("[games %d/%d] %s: %s (%d plies, %.0f s)" % (done[0], len(variants), name, summary_line(r), r.get("plies", 0), time.time() - t0))
        return r

    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        results = list(pool.map(play, variants))
    played = [r for r in results if "skipped" not in r]
    return {
        "games_per_variant": games, "seed": seed, "max_plies": max_plies, "san_every": san_every,
        "variants": len(played),
        "agree": sorted(r["name"] for r in played if r.get("agree")),
        "differ": sorted(r["name"] for r in played if not r.get("agree")),
        "skipped": {r["name"]: r["skipped"] for r in results if "skipped" in r},
        "results": results,
    }


def summary_line(r: dict) -> str:
    if "skipped" in r:
        return "skipped (%s)" % r["skipped"]
    if "crashed" in r:
        return "CRASHED " + r["crashed"]
    if r.get("agree"):
        return "agree"
    calls = ", ".join("%s %d" % (k, v["disagreements"]) for k, v in r.get("by_call", {}).items() if v["disagreements"])
    return "DIFFER (%s)%s" % (calls, (" " + r["error"]) if r.get("error") else "")


def worker(variant: str, chess960: bool, games: int, seed: int, max_plies: int, san_every: int, out: str) -> None:
    """Run inside the client's tree (cwd) with its server/ on sys.path."""
    import random

    import pyffish as A

    import chimera.compat as B

    A.set_option("VariantPath", "variants.ini")
    load_error = None
    try:
        B.set_option("VariantPath", "variants.ini")
    except Exception as e:  # compat refuses sections pyffish skips; the rest is loaded
        load_error = "%s: %s" % (type(e).__name__, condense(str(e), 600))

    shuffle = None
    if chess960:
        from fairy.fairy_board import FairyBoard  # the client's own 960 start positions

        shuffle = FairyBoard.shuffle_start
    try:
        from const import CATEGORIES

        shogi = set(CATEGORIES.get("shogi", ()))
    except Exception:
        shogi = {v for v in A.variants() if v.endswith("shogi")}
    # The client's rules (server/fairy/fairy_board.py, FairyBoard.__init__).
    if variant == "janggi":
        notation = A.NOTATION_JANGGI
    elif variant in shogi:
        notation = A.NOTATION_SHOGI_HODGES_NUMBER
    elif variant in ("xiangqi", "xiangqihouse", "supply", "manchu", "minixiangqi", "jieqi"):
        notation = A.NOTATION_XIANGQI_WXF
    else:
        notation = A.NOTATION_SAN
    show_promoted = variant in ("makruk", "makpong", "cambodian", "bughouse", "supply", "makbug")
    need_history = variant in ("janggi", "ataxx")

    report: dict = {"variant": variant, "chess960": chess960, "compat_load_error": load_error,
                    "notation": notation, "plies": 0, "games": 0, "calls": 0, "by_call": {}, "first": None,
                    "game_lengths": [], "endings": {}, "value_when_not_ended": {}}

    def ask(mod, fn, args):
        try:
            return ("ok", getattr(mod, fn)(*args))
        except Exception as e:
            return ("raises", "%s: %s" % (type(e).__name__, condense(str(e), 300)))

    def norm(fn, r):
        if r[0] == "ok" and fn == "legal_moves":
            return ("ok", sorted(r[1]))
        if r[0] == "ok" and isinstance(r[1], tuple):
            return ("ok", list(r[1]))
        return r

    def both(fn, args, where):
        report["calls"] += 1
        ra, rb = norm(fn, ask(A, fn, args)), norm(fn, ask(B, fn, args))
        if (ra != rb and fn in ("is_optional_game_end", "is_immediate_game_end") and ra[0] == rb[0] == "ok"
                and ra[1][0] is False and rb[1][0] is False):
            # No end on either side: the value that comes with it is not an answer (pyffish
            # leaves the mate value of a finished game there, compat 0); the client reads it
            # only when the flag is set. Counted apart.
            slot = report["value_when_not_ended"].setdefault(fn, {"count": 0, "first": None})
            slot["count"] += 1
            if slot["first"] is None:
                slot["first"] = {"call": "%s(%s)" % (fn, ", ".join(repr(a) for a in args)), "pyffish": ra[1], "compat": rb[1]}
            ra = rb
        if ra != rb:
            rec = {"call": "%s(%s)" % (fn, ", ".join(repr(a) for a in args)), "function": fn,
                   "fen": where["fen"], "start": where["start"], "moves": list(where["moves"]),
                   "game": where["game"], "ply": len(where["moves"]),
                   "pyffish": ra[1] if ra[0] == "ok" else "raises " + ra[1],
                   "compat": rb[1] if rb[0] == "ok" else "raises " + rb[1]}
            if fn == "legal_moves" and ra[0] == "ok" and rb[0] == "ok":
                rec["pyffish"] = {"only_pyffish": sorted(set(ra[1]) - set(rb[1])), "count": len(ra[1])}
                rec["compat"] = {"only_compat": sorted(set(rb[1]) - set(ra[1])), "count": len(rb[1])}
            slot = report["by_call"].setdefault(fn, {"disagreements": 0, "first": None})
            slot["disagreements"] += 1
            if slot["first"] is None:
                slot["first"] = rec
            if report["first"] is None:
                report["first"] = rec
            return ra, rb, False
        report["by_call"].setdefault(fn, {"disagreements": 0, "first": None})
        return ra, rb, True

    for g in range(games):
        rng = random.Random("%d:%s:%s:%d" % (seed, variant, chess960, g))
        where = {"game": g, "start": None, "fen": None, "moves": []}
        if chess960:
            random.seed(rng.random())
            start = shuffle(variant)
        else:
            ra, rb, ok = both("start_fen", (variant,), where)
            if ra[0] != "ok":
                report["error"] = "pyffish start_fen: " + str(ra[1])
                break
            start = ra[1]
        where["start"] = where["fen"] = start
        both("validate_fen", (start, variant, chess960), where)
        moves: list[str] = []
        fen = start
        ending = "max-plies"
        for _ply in range(max_plies + 1):
            where["fen"], where["moves"] = fen, moves
            if need_history:
                lm_a, lm_b, lm_ok = both("legal_moves", (variant, start, list(moves), chess960), where)
            else:
                lm_a, lm_b, lm_ok = both("legal_moves", (variant, fen, [], chess960), where)
            both("gives_check", (variant, fen, [], chess960), where)
            both("has_insufficient_material", (variant, fen, [], chess960), where)
            ie, _, _ = both("is_immediate_game_end", (variant, start, list(moves), chess960), where)
            oe, _, _ = both("is_optional_game_end", (variant, start, list(moves), chess960, 0), where)
            both("game_result", (variant, start, list(moves), chess960), where)
            if lm_a[0] != "ok":
                ending = "pyffish legal_moves raised"
                break
            legal = lm_a[1]
            if san_every and len(moves) % san_every == 0:
                for m in legal:
                    both("get_san", (variant, fen, m, chess960, notation), where)
            if not lm_ok:
                ending = "legal_moves differ"
                break
            if not legal:
                ending = "no legal move"
                break
            if ie[0] == "ok" and ie[1][0]:
                ending = "immediate end"
                break
            if oe[0] == "ok" and oe[1][0] and oe[1][1] != 0:
                ending = "decisive optional end"
                break
            if len(moves) >= max_plies:
                break
            m = rng.choice(legal)
            if not (san_every and len(moves) % san_every == 0):
                both("get_san", (variant, fen, m, chess960, notation), where)
            fa, fb, f_ok = both("get_fen", (variant, fen, [m], chess960, False, show_promoted, 0), where)
            if fa[0] != "ok":
                ending = "pyffish get_fen raised"
                break
            moves = moves + [m]
            fen = fa[1]
            report["plies"] += 1
            if not f_ok:
                ending = "get_fen differs"
                break
        where["fen"], where["moves"] = fen, moves
        if moves and ending not in ("legal_moves differ", "get_fen differs"):
            both("get_san_moves", (variant, start, list(moves), chess960, A.NOTATION_SAN), where)
            both("get_fen", (variant, start, list(moves), chess960), where)
        report["games"] += 1
        report["game_lengths"].append(len(moves))
        report["endings"][ending] = report["endings"].get(ending, 0) + 1
    report["agree"] = report["first"] is None and "error" not in report
    report["by_call"] = {k: v for k, v in sorted(report["by_call"].items())}
    with open(out, "w") as f:
        json.dump(report, f, indent=1, default=str)


# --------------------------------------------------------------------------------------


def versions(python: str) -> dict:
    code = ("import json, pyffish; import chimera.compat as c; import chimera\n"
            "print(json.dumps({'pyffish': '.'.join(map(str, pyffish.version())), 'chimera': str(c.version()),"
            " 'chimera_file': chimera.__file__}))")
    p = subprocess.run([python, "-c", code], capture_output=True, text=True)
    return json.loads(p.stdout) if p.returncode == 0 else {"error": p.stderr[-500:]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--client", help="pychess-variants: a work tree, or a git directory (with --commit)")
    ap.add_argument("--commit", help="the commit to read from a git directory (default: its HEAD; pinned: %s)" % PINNED_COMMIT)
    ap.add_argument("--out", help="write the JSON report here")
    ap.add_argument("--python", default=sys.executable, help="the interpreter that runs the client (default: this one)")
    ap.add_argument("--fixer-python", help="a Python >= 3.12 for the f-string fix (found by itself otherwise)")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory (printed)")
    ap.add_argument("--tests", nargs="*", default=None, help="test files or node ids (default: tests/)")
    ap.add_argument("--timeout", type=int, default=3600, help="seconds for one engine's whole test run")
    ap.add_argument("--per-test-timeout", type=int, default=300, help="with pytest-timeout installed")
    ap.add_argument("--no-rerun", dest="rerun", action="store_false",
                    help="do not run each differing test again alone to tell flaky ones apart")
    ap.add_argument("--engines", default="pyffish,compat,compat-lenient",
                    help="the runs (default: pyffish,compat,compat-lenient; compat-lenient is compat whose "
                         "set_option/load_variant_config ValueError is only a warning, as pyffish skips what it cannot parse)")
    ap.add_argument("--random-games", type=int, metavar="N", help="play N random games per variant instead of the tests")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--max-plies", type=int, default=150)
    ap.add_argument("--san-every", type=int, default=10, metavar="K",
                    help="get_san of every legal move at every K-th ply, of the move played at the others (0: only the move played)")
    ap.add_argument("--jobs", type=int, default=2, help="variants played at once (random games)")
    ap.add_argument("--variants", help="comma-separated: only these variants (random games)")
    ap.add_argument("--variant-timeout", type=int, default=1800, help="seconds for one variant's games")
    ap.add_argument("--_worker", help=argparse.SUPPRESS)
    ap.add_argument("--_worker-out", help=argparse.SUPPRESS)
    ap.add_argument("--_worker-960", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args._worker:
        worker(args._worker, args._worker_960, args.random_games or 1, args.seed, args.max_plies, args.san_every, args._worker_out)
        return
    if not args.client:
        ap.error("--client DIR is required")

    tmp = Path(tempfile.mkdtemp(prefix="client_pychess-"))
    try:
        tree = tmp / "client"
        info = prepare_tree(Path(args.client).resolve(), args.commit, tree)
        info["changes"] = patch_for_python(tree, args.python, args.fixer_python)
        info["versions"] = versions(args.python)
        log("client %s at %s; patched: %d f-string file(s), %d future import(s); %s" % (
            info["source"], info.get("commit"), len(info["changes"]["fstring_requoted"]),
            len(info["changes"]["future_annotations"]), info["versions"]))
        report: dict = {"client": info}
        if args.random_games:
            only = args.variants.split(",") if args.variants else None
            rg = run_random_games(tree, args.python, tmp, args.random_games, args.seed, args.max_plies, args.san_every,
                                  only, args.variant_timeout, args.jobs)
            report["random_games"] = rg
            print("random games: %d variants, %d play identically, %d differ%s" % (
                rg["variants"], len(rg["agree"]), len(rg["differ"]),
                (", skipped: " + ", ".join(rg["skipped"])) if rg["skipped"] else ""))
            for r in rg["results"]:
                if r.get("agree") or "skipped" in r:
                    continue
                f = r.get("first") or {}
                print("  %s: %s" % (r["name"], summary_line(r)))
                print("  %s" % (r.get("crashed") or r.get("error") or
                                     "  first: %s\n      fen %s\n      moves %s\n      pyffish %s\n      compat  %s" % (
                                         f.get("call"), f.get("fen"), " ".join(f.get("moves", [])),
                                         json.dumps(f.get("pyffish"), default=str), json.dumps(f.get("compat"), default=str))))
        else:
            shim = tmp / "shim"
            write_shim(shim)
            if "pyffish" not in args.engines.split(","):
                sys.exit("--engines must include pyffish: every other run is compared with it")
            runs = {}
            for engine in args.engines.split(","):
                runs[engine] = run_tests(tree, shim, engine, args.python, tmp, args.timeout, args.per_test_timeout, args.tests or [])
            a = runs["pyffish"]
            touching = sorted(n for n, r in a["tests"].items() if r.get("calls"))
            report["tests"] = {
                "totals": {e: totals(r) for e, r in runs.items()},
                "seconds": {e: r["seconds"] for e, r in runs.items()},
                "touching_pyffish": {"tests": len(touching), "modules": sorted({n.split("::")[0] for n in touching})},
                "failing_on_pyffish": {n: condense(r.get("message", "")) for n, r in a["tests"].items() if r["outcome"] not in ("passed", "skipped")},
                "comparisons": {e: compare_tests(a, r, e) for e, r in runs.items() if e != "pyffish"},
                "collection_errors": {e: {m: condense(msg) for m, msg in r["collect_errors"].items()} for e, r in runs.items()},
                "call_patterns": {e: r["call_patterns"] for e, r in runs.items()},
            }
            # Each test whose outcome differs is run again, alone, on both sides: a difference
            # that does not repeat (a timing test on a busy machine) is marked flaky.
            again = sorted({d["test"] for c in report["tests"]["comparisons"].values() for d in c["differences"]})
            if again and args.rerun:
                reruns = {e: run_tests(tree, shim, e, args.python, tmp, args.timeout, args.per_test_timeout, again, tag="-rerun")
                          for e in runs}
                for e, c in report["tests"]["comparisons"].items():
                    for d in c["differences"]:
                        a2 = reruns["pyffish"]["tests"].get(d["test"], {}).get("outcome")
                        b2 = reruns[e]["tests"].get(d["test"], {}).get("outcome")
                        d["rerun"] = {"pyffish": a2, e: b2}
                        d["confirmed"] = (a2 == "passed") != (b2 == "passed") and (a2 == "passed") == (d["pyffish"] == "passed")
                    c["flaky"] = [d["test"] for d in c["differences"] if not d["confirmed"]]
            for e, t in report["tests"]["totals"].items():
                print("%-15s %s" % (e, ", ".join("%s %d" % (k, v) for k, v in t.items())))
            print("tests that call pyffish during the test (on pyffish): %d in %d modules" % (
                len(touching), len(report["tests"]["touching_pyffish"]["modules"])))
            for e, cmp in report["tests"]["comparisons"].items():
                print("--- pyffish against %s" % e)
                print_comparison(cmp)
        if args.out:
            with open(args.out, "w") as f:
                json.dump(report, f, indent=1, default=str)
            print("report:", args.out)
    finally:
        if args.keep:
            log("kept", tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
