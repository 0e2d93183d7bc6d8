"""`chimera.pgn`: python-chess's `chess.pgn` for every built-in variant: `read_game`,
`read_headers`, `skip_game`, the game model (`Game`, `ChildNode`, `Headers`, variations,
comments, NAGs, clocks) and its visitors (`GameBuilder`, `StringExporter`...).

    >>> import io, chimera.pgn
    >>> game = chimera.pgn.read_game(io.StringIO('[White "Molinari"]\\n\\n1. e4 {best} (1. d4 d5) c5 0-1\\n'))
    >>> game.headers["White"], game.headers["Event"]
    ('Molinari', '?')
    >>> [m.uci() for m in game.mainline_moves()]
    ['e2e4', 'c7c5']
    >>> game.next().comment, game.variations[1].san()
    ('best', 'd4')
    >>> print(game.accept(chimera.pgn.StringExporter(headers=False)))
    1. e4 { best } ( 1. d4 d5 ) 1... c5 0-1

Games are cut by Chimera's one reader of games, the one `chimera validate` reads files
with: a game ends at its result token, or where the next game's tag pairs begin (no
blank line is needed between games), so `read_game` reads one game from the handle, in
the memory of one game. Each game's movetext is read by Chimera's movetext reader with
its annotations, and each line (the main line and every variation) is played in the
variant its `[Variant]` tag names, from its `[FEN]` (unless `[SetUp "0"]`), as `chimera
validate` plays it. A move that cannot be played stops its line there (the rest of it is
not read, as python-chess skips it); the error is kept in `Game.errors` with the `code`
`chimera validate` reports (`piece-cannot-move-there`, `bad-fen`, `unknown-variant`,
`unreadable-movetext`...). A `[Variant]` naming no variant, or a bad `[FEN]`, stops the
game before its moves.

Whole databases: `game_texts(path)` streams a `.pgn`, `.pgn.gz` or `.pgn.zst` file game
by game; `check_file(path)` checks its games on all cores and yields one `GameRecord` per
game, in order; `to_parquet(path, out)` writes those records to Parquet (see
`chimera.database`; `chimera.dask` does the same over a Dask cluster).
"""

from __future__ import annotations

import weakref
from typing import Any, BinaryIO, Callable, Optional, TextIO, Union

from ._native import GameText, _PgnReader, _read_game_text
from .board import Board
from .database import GameRecord, check_file, check_texts, game_texts, open_pgn, to_parquet
from .pgn_tree import (ARROWS_REGEX, CLOCK_REGEX, EMT_REGEX, EVAL_REGEX, SEVEN_TAG_ROSTER, TAG_NAME_REGEX, TAG_ROSTER, ChildNode, Game, GameBuilder, GameNode, Headers,
                       HeadersBuilder, Mainline, TimeControl, TimeControlPart, TimeControlType, parse_time_control)
from .pgn_visitors import (SKIP, BaseVisitor, BoardBuilder, FileExporter, SkipType, SkipVisitor, StringExporter, StringExporterMixin)

#: Numeric annotation glyphs, as python-chess names them.
NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

# The kinds of the events `_read_game_text` gives (python/src/pgn.rs's `Event`).
_MOVE, _BAD_MOVE, _UNPLAYED, _COMMENT, _NAG, _BEGIN_VARIATION, _END_VARIATION, _RESULT, _UNREADABLE = range(9)

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


def _overrides(visitor: BaseVisitor[Any], name: str, *defaults: Callable[..., Any]) -> bool:
    return getattr(type(visitor), name) not in defaults


def read_game(handle: Union[TextIO, BinaryIO], *, Visitor: Callable[[], BaseVisitor[Any]] = GameBuilder) -> Any:
    """The next game of a file (or any object with `readline`, giving `str` or `bytes`),
    as the visitor makes it (a `Game` by default); `None` at the file's end."""
    reader = _reader_for(handle)
    text = next(reader, None)
    read = _read_game_text(text) if text is not None else None
    _keep(handle, reader if read is not None else None)
    if read is None:
        return None
    visitor = Visitor()
    skipping = visitor.begin_game() is SKIP
    if not skipping:
        visitor.begin_headers()
        for name, value in read.tags:
            visitor.visit_header(name, value)
        skipping = visitor.end_headers() is SKIP
    if not skipping and read.error is not None:
        # The tags name no variant, or no position of it: no move can be read.
        visitor.handle_error(read.error)
    elif not skipping:
        _visit_movetext(read, visitor)
    visitor.end_game()
    return visitor.result()


def _visit_movetext(read: Any, visitor: BaseVisitor[Any]) -> None:
    """Hands a game's movetext events to `visitor` as python-chess's reader does: a
    variation the visitor skips, and the rest of a line after a move that cannot be
    played, are not visited. Boards are made only for a visitor that looks at them."""
    boards: Optional[list[Board]] = None
    reparse = _overrides(visitor, "parse_san", BaseVisitor.parse_san) or _overrides(visitor, "begin_parse_san", BaseVisitor.begin_parse_san)
    if reparse or _overrides(visitor, "visit_move", BaseVisitor.visit_move, GameBuilder.visit_move) or _overrides(
            visitor, "visit_board", BaseVisitor.visit_board):
        start = Board(read.fen, variant=read.variant, chess960=read.chess960) if read.fen else Board(variant=read.variant, chess960=read.chess960)
        boards = [start]
        visitor.visit_board(start)
    skip = 0  # how deep in variations not visited
    # Whether the line being skipped has a board of its own on `boards` (a line cut short
    # by a move that cannot be played), to be taken off at its end.
    skipped_line_board = False
    for kind, value, san in read.events:
        if kind == _BEGIN_VARIATION:
            if skip:
                skip += 1
            elif visitor.begin_variation() is SKIP:
                skip, skipped_line_board = 1, False
            elif boards is not None:
                board = boards[-1].copy()
                board.pop()
                boards.append(board)
        elif kind == _END_VARIATION:
            if skip > 1:
                skip -= 1
                continue
            # The variation begun (visited or skipped) ends.
            if boards is not None and (not skip or skipped_line_board):
                boards.pop()
            skip = 0
            visitor.end_variation()
        elif skip:
            continue
        elif kind == _COMMENT:
            visitor.visit_comment(value)
        elif kind == _NAG:
            visitor.visit_nag(value)
        elif kind == _RESULT:
            visitor.visit_result(value)
        elif kind == _UNREADABLE:
            visitor.handle_error(value)
        elif boards is None:
            if kind == _MOVE:
                visitor.visit_move(None, value)  # type: ignore[arg-type]
            elif kind == _BAD_MOVE:
                visitor.handle_error(value)
                skip = 1
            else:
                # A line that cannot be played (a variation of one cut short): its error
                # was handed on where it was cut.
                skip = 1
        elif not _play_on_board(visitor, boards[-1], kind, value, san, reparse):
            skip, skipped_line_board = 1, len(boards) > 1


def _play_on_board(visitor: BaseVisitor[Any], board: Board, kind: int, value: Any, san: str, reparse: bool) -> bool:
    """Plays a move event on `board` for a visitor that looks at boards; `False` when it
    cannot be played (the error handed to the visitor)."""
    played = True
    if visitor.begin_parse_san(board, san) is not SKIP:
        try:
            if reparse or kind == _UNPLAYED:
                move = visitor.parse_san(board, san)
            elif kind == _BAD_MOVE:
                raise value
            else:
                move = value
        except ValueError as error:
            visitor.handle_error(error)
            played = False
        else:
            visitor.visit_move(board, move)
            board.push(move)
    visitor.visit_board(board)
    return played


def read_headers(handle: Union[TextIO, BinaryIO]) -> Optional[Headers]:
    """The next game's headers (the rest of the game skipped); `None` at the file's end."""
    return read_game(handle, Visitor=HeadersBuilder)  # type: ignore[no-any-return]


def skip_game(handle: Union[TextIO, BinaryIO]) -> bool:
    """Skips a game; whether there was one."""
    return bool(read_game(handle, Visitor=SkipVisitor))


__all__ = [
    "ARROWS_REGEX", "BaseVisitor", "BoardBuilder", "CLOCK_REGEX", "ChildNode", "EMT_REGEX", "EVAL_REGEX", "FileExporter", "Game", "GameBuilder", "GameNode",
    "GameRecord", "GameText", "Headers", "HeadersBuilder", "Mainline", "SEVEN_TAG_ROSTER", "SKIP", "SkipType", "SkipVisitor",
    "StringExporter", "StringExporterMixin", "TAG_NAME_REGEX", "TAG_ROSTER", "check_file", "check_texts", "game_texts",
    "open_pgn", "parse_time_control", "read_game", "read_headers", "skip_game", "TimeControl", "TimeControlPart", "TimeControlType",
    "to_parquet",
] + [name for name in list(globals()) if name.startswith("NAG_")]
