"""`chimera.snapshot`: the case-file kit from Python, as pytest uses it."""

import os
import shutil

import pytest

import chimera

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def mischia(tmp_path):
    """A copy of tests/cases/mischia with its ruleset beside it and its snapshots."""
    folder = tmp_path / "mischia"
    shutil.copytree(os.path.join(ROOT, "tests", "cases", "mischia"), folder)
    (folder / "snapshots").mkdir()
    snaps = os.path.join(ROOT, "tests", "cases", "snapshots")
    for name in os.listdir(snaps):
        if name.startswith("mischia__"):
            shutil.copy(os.path.join(snaps, name), folder / "snapshots" / name)
    shutil.copy(os.path.join(ROOT, "rulesets", "mischia.toml"), folder / "mischia.toml")
    return folder


def test_the_copied_cases_pass(mischia):
    report = chimera.snapshot(mischia)
    assert report.endswith("7 cases: 7 unchanged, 0 changed, 0 new, 0 failed\n")


def test_a_rule_change_fails_with_the_changed_moves_then_is_accepted(mischia, monkeypatch):
    ruleset = mischia / "mischia.toml"
    text = ruleset.read_text()
    changed = text.replace('[pieces.rook]\nletter = "R"\nbetza = "R"', '[pieces.rook]\nletter = "R"\nbetza = "RN"', 1)
    assert changed != text
    ruleset.write_text(changed)
    with pytest.raises(AssertionError) as failed:
        chimera.snapshot(mischia)
    report = str(failed.value)
    assert "c-one-move-per-lost-type.toml: changed" in report
    assert "\n-moves: 15\n" in report and "\n+moves: 17\n" in report
    assert "\n+a1b3 Rb3 => " in report
    monkeypatch.setenv("CHIMERA_ACCEPT", "1")
    assert "accepted" in chimera.snapshot(mischia)
    monkeypatch.delenv("CHIMERA_ACCEPT")
    chimera.snapshot(mischia)


def test_a_folder_without_cases_is_an_os_error(tmp_path):
    with pytest.raises(OSError, match="no case files"):
        chimera.snapshot(tmp_path)
