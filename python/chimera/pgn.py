"""`chimera.pgn`: python-chess's `chess.pgn.read_game`, for every built-in variant.

    >>> import io, chimera.pgn
    >>> game = chimera.pgn.read_game(io.StringIO('[White "Molinari"]\\n\\n1. e4 c5 0-1\\n'))
    >>> game.headers["White"], game.headers["Event"]
    ('Molinari', '?')
    >>> [m.uci() for m in game.mainline_moves()]
    ['e2e4', 'c7c5']

Games are cut by Chimera's one reader of games, the one `chimera validate` reads files
with: a game ends at its result token, or where the next game's tag pairs begin (no
blank line is needed between games), so `read_game` reads one game from the handle, in
the memory of one game. Each game is read by Chimera's movetext reader (comments, NAGs
and variations skipped: only the main line is kept) and played in the variant its
`[Variant]` tag names, from its `[FEN]` (unless `[SetUp "0"]`), as `chimera validate`
plays it. A move that cannot be played stops the main line there; the error is kept in
`Game.errors`, as python-chess keeps it, with the `code` `chimera validate` reports
(`piece-cannot-move-there`, `bad-fen`, `unknown-variant`, `unreadable-movetext`...).

Whole databases: `game_texts(path)` streams a `.pgn`, `.pgn.gz` or `.pgn.zst` file game
by game; `check_file(path)` checks its games on all cores and yields one `GameRecord` per
game, in order; `to_parquet(path, out)` writes those records to Parquet (see
`chimera.database`; `chimera.dask` does the same over a Dask cluster).
"""

from __future__ import annotations

import weakref
from typing import Any, BinaryIO, Optional, TextIO, Union

from ._native import GameText, Move, _PgnReader, _read_game_text
from .board import Board
from .database import GameRecord, check_file, check_texts, game_texts, open_pgn, to_parquet

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


# The reader of each handle `read_game` reads: it may have read the start of the next
# game already (the tag pair that ended a game without a result token), so it is kept
# with the handle, with the handle's position after it (a handle moved since, by `seek`,
# is read afresh from there).
_readers: "weakref.WeakKeyDictionary[Any, tuple[_PgnReader, Any]]" = weakref.WeakKeyDictionary()
_unweakable: dict[int, tuple[Any, _PgnReader, Any]] = {}


def _tell(handle: Any) -> Any:
    try:
        return handle.tell()
    except Exception:
        return None


def _reader_for(handle: Any) -> _PgnReader:
    try:
        kept = _readers.get(handle)
    except TypeError:
        entry = _unweakable.get(id(handle))
        kept = entry[1:] if entry is not None and entry[0] is handle else None
    if kept is not None and kept[1] == _tell(handle):
        return kept[0]
    return _PgnReader(handle, lines=True)


def _keep(handle: Any, reader: Optional[_PgnReader]) -> None:
    try:
        if reader is None:
            _readers.pop(handle, None)
        else:
            _readers[handle] = (reader, _tell(handle))
    except TypeError:
        if reader is None:
            _unweakable.pop(id(handle), None)
        else:
            _unweakable[id(handle)] = (handle, reader, _tell(handle))


def read_game(handle: Union[TextIO, BinaryIO]) -> Optional[Game]:
    """The next game of a file (or any object with `readline`, giving `str` or `bytes`);
    `None` at its end."""
    reader = _reader_for(handle)
    text = next(reader, None)
    read = _read_game_text(text) if text is not None else None
    _keep(handle, reader if read is not None else None)
    if read is None:
        return None
    headers = Headers(SEVEN_TAG_ROSTER)
    for name, value in read.tags:
        headers[name] = value
    errors = [read.error] if read.error is not None else []
    return Game(headers, read.variant, read.fen, list(read.moves), errors, read.chess960)


__all__ = ["Game", "GameNode", "GameRecord", "GameText", "Headers", "SEVEN_TAG_ROSTER", "check_file", "check_texts", "game_texts",
           "open_pgn", "read_game", "to_parquet"]
