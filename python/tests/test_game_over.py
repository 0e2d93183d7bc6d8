"""The Python package agrees with every other front end on when a game is over and what
may be claimed: the positions and the agreed answers are the snapshot that the Rust test
`tests/it/game_over.rs` pins after checking the CLI, `serve`, `web` and `validate`."""

import ast
import pathlib

import pytest

import chimera

SNAPSHOT = (
    pathlib.Path(__file__).resolve().parents[2]
    / "tests/it/snapshots/it__game_over__every_front_end_agrees_on_the_end_and_the_claims.snap"
)


def cases():
    text = SNAPSHOT.read_text().split("---\n", 2)[2]
    for block in text.split("## ")[1:]:
        name, *lines = block.strip("\n").split("\n")
        fields = dict(line.split(": ", 1) if ": " in line else (line.rstrip(":"), "") for line in lines)
        yield pytest.param(fields, id=name)


@pytest.mark.parametrize("case", list(cases()))
def test_the_python_package_agrees(case):
    variant = chimera.variant(case["variant"])
    p = variant.position() if case["fen"] == "startpos" else variant.position(case["fen"])
    for m in case["play"].split():
        p = p.play(m)
    outcome = p.outcome()
    assert (" ".join(outcome) if outcome else "*") == case["result"]
    assert len(p.legal_moves()) == int(case["moves"])
    expected = ast.literal_eval(case["claims"])
    claims = p.claims()
    assert len(claims) == len(expected)
    for (score, reason, by), words in zip(claims, expected):
        assert words.startswith(score + " (draw by ")
        assert (reason == "move-rule") == ("-move rule" in words)
        assert (by is not None) == ("announcing" in words)
        if by is not None:
            assert words.endswith(f"announcing {p.san(by)})")
