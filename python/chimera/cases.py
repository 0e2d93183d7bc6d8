"""Snapshot tests of rule edge cases, for pytest: `chimera.snapshot(folder)`.

A folder holds case files (`<name>.toml`: a `note`, and optionally `fen`, `moves`,
`legal`, `variant`, `chess960`) beside the ruleset they test; each case's legal moves are
kept as a snapshot in `<folder>/snapshots/<folder>__<name>.snap`, in insta's format (so a
Rust project can keep the same files with `cargo insta review`). It is what
`chimera cases FOLDER` runs from the command line.

    def test_my_variant_cases():
        chimera.snapshot("tests/cases/my-variant")

A case whose moves changed fails the test with a diff (`-` the snapshot's lines, `+` the
listing's); `accept=True`, or the environment variable `CHIMERA_ACCEPT=1`, writes the
new and changed snapshots instead.
"""

import os
from typing import Optional, Union

from ._native import run_cases

PathLike = Union[str, "os.PathLike[str]"]


def snapshot(
    folder: PathLike,
    *,
    accept: Optional[bool] = None,
    snapshots: Optional[PathLike] = None,
    variant: Optional[str] = None,
) -> str:
    """Runs the case files of `folder` against their snapshots and returns the report.

    Raises `AssertionError` with the report (a diff per changed case) when a case
    changed, is new, or cannot run; with `accept` (default: `CHIMERA_ACCEPT=1` in the
    environment) new and changed snapshots are written, and only a case that cannot run
    fails. `snapshots` is the folder of snapshots (default `<folder>/snapshots`);
    `variant` the variant of cases that name none (a built-in id or a ruleset path;
    default the one ruleset in the folder, else the folder's name).
    """
    if accept is None:
        accept = os.environ.get("CHIMERA_ACCEPT", "") not in ("", "0")
    report, passed = run_cases(
        os.fspath(folder),
        accept,
        None if snapshots is None else os.fspath(snapshots),
        variant,
    )
    if not passed:
        raise AssertionError(report)
    return report
