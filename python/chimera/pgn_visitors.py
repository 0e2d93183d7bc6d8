"""`chimera.pgn`'s visitors, python-chess's: the reader (`read_game(handle, Visitor=...)`)
and `Game.accept` call a visitor's methods in PGN order. `BoardBuilder` keeps the last
position of the main line, `SkipVisitor` skips a game, `StringExporter` and
`FileExporter` write PGN (`GameBuilder` and `HeadersBuilder`, which build the tree, are
the tree's: `chimera.pgn_tree`). Import them from `chimera.pgn`.
"""

from __future__ import annotations

import enum
import logging
from collections.abc import MutableMapping
from typing import Any, Generic, Literal, Optional, TextIO, TypeVar

from ._native import Move
from .board import Board

LOGGER = logging.getLogger("chimera.pgn")

ResultT = TypeVar("ResultT")


class SkipType(enum.Enum):
    """What a visitor returns to have the reader skip a game, its moves or a variation."""

    SKIP = None


SKIP = SkipType.SKIP


class BaseVisitor(Generic[ResultT]):
    """A visitor of a game's parts in PGN order; every method but `result` does nothing
    until overridden. `board` arguments are boards of the game's variant; a visitor
    must leave them as it found them."""

    def begin_game(self) -> Optional[SkipType]:
        return None

    def begin_headers(self) -> Optional[MutableMapping[str, str]]:
        # The game's `Headers` (a mapping: the tree imports the visitors, not the reverse).
        return None

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        pass

    def end_headers(self) -> Optional[SkipType]:
        return None

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        """Before the reader reads a move (`SKIP`: it is not played)."""
        return None

    def parse_san(self, board: Board, san: str) -> Move:
        """The move a move's text stands for (the reader's; override to read a quirk)."""
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        """A move; `board` stands before it."""

    def visit_board(self, board: Board) -> None:
        """The game's start, and the position after each move."""

    def visit_comment(self, comment: str) -> None:
        pass

    def visit_nag(self, nag: int) -> None:
        pass

    def begin_variation(self) -> Optional[SkipType]:
        """A variation begins (never called for the main line)."""
        return None

    def end_variation(self) -> None:
        pass

    def visit_result(self, result: str) -> None:
        pass

    def end_game(self) -> None:
        pass

    def result(self) -> ResultT:
        raise NotImplementedError

    def handle_error(self, error: Exception) -> None:
        """An error the reader met (a move that cannot be played...): raised by default."""
        raise error


class BoardBuilder(BaseVisitor[Board]):
    """The position at the end of the main line, its moves on the board's move stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Board:
        return self.board


class SkipVisitor(BaseVisitor[Literal[True]]):
    """Skips a game (`skip_game`)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> Literal[True]:
        return True


class StringExporterMixin:
    """Writes PGN as python-chess writes it: tag pairs, a blank line, the movetext in
    lines of at most `columns` characters (`None`: one line), move numbers where a
    reader needs them, comments as `{ text }`, NAGs as `$n`."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True):
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: list[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        self.write_line()

    def begin_headers(self) -> None:
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> None:
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        self.variation_depth += 1
        if not self.variations:
            return SKIP
        self.write_token("( ")
        self.force_movenumber = True
        return None

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def _shown(self) -> bool:
        return self.variations or not self.variation_depth

    def visit_comment(self, comment: str) -> None:
        if self.comments and self._shown():
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self.comments and self._shown():
            self.write_token(f"${nag} ")

    def visit_move(self, board: Board, move: Move) -> None:
        if self._shown():
            if board.turn:
                self.write_token(f"{board.fullmove_number}. ")
            elif self.force_movenumber:
                self.write_token(f"{board.fullmove_number}... ")
            self.write_token(board.san(move) + " ")
            self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """PGN as a string (no newline at its end): `game.accept(StringExporter())`."""

    def result(self) -> str:
        lines = self.lines + ([self.current_line.rstrip()] if self.current_line else [])
        return "\n".join(lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """PGN written to a text file as it is made, a blank line after each game; the
    result is the number of characters written."""

    def __init__(self, handle: TextIO, *, columns: Optional[int] = 80, headers: bool = True, comments: bool = True, variations: bool = True):
        super().__init__(columns=columns, headers=headers, comments=comments, variations=variations)
        self.handle = handle

    def begin_game(self) -> None:
        self.written = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()
