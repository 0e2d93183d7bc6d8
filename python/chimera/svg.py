"""python-chess's `chess.svg.Arrow`: the arrows and marked squares of a PGN comment
(`[%cal Ge2e4]`, `[%csl Rd4]`), which `chimera.pgn`'s `GameNode.arrows()` gives and
`set_arrows()` takes. Drawing boards is not here: the workbench draws them
(`chimera serve`).
"""

from __future__ import annotations

from ._native import parse_square, square_name

__all__ = ["Arrow"]

# The colours a PGN comment names by letter, as Lichess and ChessBase write them.
_COLOURS = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}


class Arrow:
    """An arrow from `tail` to `head`, or a marked square where they are one, in a
    colour (`"green"`, `"red"`, `"yellow"`, `"blue"` or any SVG colour). Squares are
    numbered as `chimera.Board` numbers them on a board `files` wide (8: python-chess's)."""

    def __init__(self, tail: int, head: int, *, color: str = "green", files: int = 8) -> None:
        self.tail = tail
        self.head = head
        self.color = color
        self.files = files

    def pgn(self) -> str:
        """The arrow as a comment writes it: its colour's letter (green for a colour with
        none), then its squares (`Ge2e4`; one square for a marked square, `Rd4`)."""
        letter = next((k for k, v in _COLOURS.items() if v == self.color), "G")
        squares = square_name(self.tail, self.files)
        if self.head != self.tail:
            squares += square_name(self.head, self.files)
        return letter + squares

    @classmethod
    def from_pgn(cls, text: str, *, files: int = 8) -> Arrow:
        """Reads `Ge2e4`, `Rd4` (a colour letter is optional: green); `ValueError` for
        anything else."""
        color = _COLOURS.get(text[:1])
        body = text[1:] if color else text
        cut = next((i for i in range(1, len(body)) if body[i].isalpha()), len(body))
        try:
            tail = parse_square(body[:cut], files)
            head = parse_square(body[cut:], files) if cut < len(body) else tail
        except ValueError:
            raise ValueError(f"invalid arrow: {text!r}") from None
        return cls(tail, head, color=color or "green", files=files)

    def __repr__(self) -> str:
        tail, head = (square_name(s, self.files).upper() for s in (self.tail, self.head))
        return f"Arrow({tail}, {head}, color={self.color!r})"
