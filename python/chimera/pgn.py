"""`chimera.pgn`: python-chess's `chess.pgn.read_game`, for every built-in variant.

    >>> import io, chimera.pgn
    >>> game = chimera.pgn.read_game(io.StringIO('[White "Molinari"]\\n\\n1. e4 c5 0-1\\n'))
    >>> game.headers["White"], game.headers["Event"]
    ('Molinari', '?')
    >>> [m.uci() for m in game.mainline_moves()]
    ['e2e4', 'c7c5']

Games are framed as python-chess frames them (a game ends at a blank line after its
moves, outside a comment, or at the end of the file), so `read_game` reads one game
from the handle, leaving it at the next, in the memory of one game. Each game is read
by Chimera's movetext reader (comments, NAGs and variations skipped: only the main line
is kept) and played in the variant its `[Variant]` tag names, from its `[FEN]` (unless
`[SetUp "0"]`), as `chimera validate` plays it. A move that cannot be played stops the
main line there; the error is kept in `Game.errors`, as python-chess keeps it.

Whole databases: `game_texts(path)` streams a `.pgn`, `.pgn.gz` or `.pgn.zst` file game
by game; `check_file(path)` checks its games on all cores and yields one `GameRecord` per
game, in order; `to_parquet(path, out)` writes those records to Parquet (see
`chimera.database`; `chimera.dask` does the same over a Dask cluster).
"""

from __future__ import annotations

from typing import Optional, TextIO

from ._native import Move, _read_game_text
from .board import Board
from .database import GameRecord, _ends_in_comment, check_file, game_texts, open_pgn, to_parquet

#: python-chess's Seven Tag Roster, with the values a game without them gets.
SEVEN_TAG_ROSTER = {
    "Event": "?",
    "Site": "?",
    "Date": "????.??.??",
    "Round": "?",
    "White": "?",
    "Black": "?",
    "Result": "*",
}


class Headers(dict):
    """A game's tag pairs: the Seven Tag Roster first (with its defaults), then the rest
    in the order the game gives them."""


class GameNode:
    """A position of the main line: the move that led to it and the board there."""

    def __init__(self, game: Game, ply: int):
        self._game = game
        self._ply = ply

    @property
    def move(self) -> Optional[Move]:
        return self._game._moves[self._ply - 1] if self._ply else None

    def ply(self) -> int:
        return self._ply

    def board(self) -> Board:
        board = self._game.board()
        for move in self._game._moves[: self._ply]:
            board.push(move)
        return board

    def is_end(self) -> bool:
        return self._ply == len(self._game._moves)


class Game(GameNode):
    """A game read by `read_game`: `headers`, `mainline_moves()`, `board()` (its start),
    `end()` (its last position), `errors`."""

    def __init__(self, headers: Headers, variant, fen: Optional[str], moves: list[Move], errors: list[Exception], chess960: bool = False):
        super().__init__(self, 0)
        self.chess960 = chess960
        self.headers = headers
        self.errors = errors
        self._variant = variant
        self._fen = fen
        self._moves = moves

    def board(self) -> Board:
        """A new board at the game's start (`ValueError` if its tags name no variant or
        position of it)."""
        if self._variant is None:
            raise self.errors[0]
        return Board(self._variant, self._fen, chess960=self.chess960)

    def mainline_moves(self) -> list[Move]:
        return list(self._moves)

    def end(self) -> GameNode:
        return GameNode(self, len(self._moves))


def _lines_of_next_game(handle: TextIO) -> Optional[list[str]]:
    """The lines of the handle's next game, python-chess's way: tag lines (a blank line
    allowed between them), then movetext to a blank line outside a `{}` comment."""
    line = handle.readline().lstrip("\ufeff")
    while line and (line.isspace() or line.startswith(("%", ";"))):
        line = handle.readline()
    if not line:
        return None
    lines: list[str] = []
    blank_seen = False
    while line and (line.startswith(("[", "%", ";")) or (line.isspace() and not blank_seen)):
        blank_seen = line.isspace()
        lines.append(line)
        line = handle.readline()
    in_comment = False
    while line and (in_comment or not line.isspace()):
        lines.append(line)
        in_comment = _ends_in_comment(line, in_comment)
        line = handle.readline()
    return lines


def read_game(handle: TextIO) -> Optional[Game]:
    """The next game of a text file (or any object with `readline`); `None` at its end."""
    lines = _lines_of_next_game(handle)
    if lines is None:
        return None
    read = _read_game_text("".join(lines))
    if read is None:
        return None
    headers = Headers(SEVEN_TAG_ROSTER)
    for name, value in read.tags:
        headers[name] = value
    errors = [read.error] if read.error is not None else []
    return Game(headers, read.variant, read.fen, list(read.moves), errors, read.chess960)


__all__ = ["Game", "GameNode", "GameRecord", "Headers", "SEVEN_TAG_ROSTER", "check_file", "game_texts", "open_pgn", "read_game", "to_parquet"]
