"""`chimera.engine`: a computer opponent for every variant, shaped like python-chess's
`chess.engine`.

    >>> import chimera, chimera.engine
    >>> board = chimera.Board("crazyhouse")
    >>> with chimera.engine.SimpleEngine() as engine:
    ...     result = engine.play(board, chimera.engine.Limit(nodes=2000))
    ...     info = engine.analyse(board, chimera.engine.Limit(depth=3))
    >>> result.move in board.legal_moves
    True
    >>> info["depth"], type(info["score"]).__name__
    (3, 'PovScore')

The search is Chimera's own (the one `chimera uci` and `chimera playtest` run), in this
process: alpha-beta over the variant's whole turns with the piece values estimated from
its rules (`SimpleEngine.values`), and every end the rules have. It runs with the
interpreter released, so other threads go on meanwhile. There is no process to start, so
there is no `popen_uci`: to drive another UCI engine, use python-chess's `chess.engine`
(with `chimera uci`, Chimera is such an engine too).

`play` and `analyse` take python-chess's `Limit` (`nodes`, `depth`, `time`, `mate`, and
the clocks `white_clock`/`black_clock`/`white_inc`/`black_inc`/`remaining_moves`);
scores are `PovScore`s of `Cp` and `Mate` that compare, negate and print as
python-chess's do. In a variant whose turn has several parts (Duck chess, Marseillais),
`PlayResult.move` is the part to push now, and `PlayResult.turn` the whole turn chosen.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, Optional, Union

from ._native import _Searcher
from .board import Board, Move

__all__ = [
    "Cp",
    "EngineError",
    "INFO_ALL",
    "INFO_BASIC",
    "INFO_NONE",
    "INFO_PV",
    "INFO_SCORE",
    "Info",
    "InfoDict",
    "Limit",
    "Mate",
    "MateGiven",
    "PlayResult",
    "PovScore",
    "Score",
    "SimpleEngine",
]


class EngineError(RuntimeError):
    """The engine cannot do what was asked (python-chess's `chess.engine.EngineError`)."""


class Info(enum.IntFlag):
    """What `analyse` and `play` report (python-chess's flags; refutations and the
    current line are not tracked, so they add nothing)."""

    NONE = 0
    BASIC = 1
    SCORE = 2
    PV = 4
    REFUTATION = 8
    CURRLINE = 16
    ALL = BASIC | SCORE | PV | REFUTATION | CURRLINE


INFO_NONE = Info.NONE
INFO_BASIC = Info.BASIC
INFO_SCORE = Info.SCORE
INFO_PV = Info.PV
INFO_ALL = Info.ALL

InfoDict = dict[str, Any]


@dataclasses.dataclass
class Limit:
    """When to stop searching: whichever limit given is reached first."""

    time: Optional[float] = None
    depth: Optional[int] = None
    nodes: Optional[int] = None
    mate: Optional[int] = None
    white_clock: Optional[float] = None
    black_clock: Optional[float] = None
    white_inc: Optional[float] = None
    black_inc: Optional[float] = None
    remaining_moves: Optional[int] = None

    def _search_limits(self, turn: bool) -> dict[str, Any]:
        """The native search's limits: plies for `depth` (a turn of several parts counts
        each), `2 * mate - 1` plies for `mate`, and a share of the clock as `chimera uci`
        takes it (the clock over the moves to go, three quarters of the increment, never
        more than half the clock)."""
        depth = self.depth
        if self.mate is not None:
            mate_plies = max(1, 2 * self.mate - 1)
            depth = mate_plies if depth is None else min(depth, mate_plies)
        seconds = self.time
        clock = self.white_clock if turn else self.black_clock
        if clock is not None:
            inc = (self.white_inc if turn else self.black_inc) or 0.0
            share = clock / max(1, self.remaining_moves or 30) + 0.75 * inc
            share = max(0.001, min(share, clock / 2) - 0.02)
            seconds = share if seconds is None else min(seconds, share)
        if depth is None and self.nodes is None and seconds is None:
            raise EngineError("a search needs a limit: Limit(nodes=...), depth, time, mate or a clock")
        return {"nodes": self.nodes, "depth": depth, "seconds": seconds}


class Score:
    """A score from one side's point of view: `Cp`, `Mate` or `MateGiven`, ordered from
    worst (mated now) to best (mate given), as python-chess orders them."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        raise NotImplementedError

    def mate(self) -> Optional[int]:
        raise NotImplementedError

    def is_mate(self) -> bool:
        return self.mate() is not None

    def __neg__(self) -> Score:
        raise NotImplementedError

    def __pos__(self) -> Score:
        return self

    def __abs__(self) -> Score:
        raise NotImplementedError

    def _key(self) -> tuple[bool, bool, bool, int, Optional[int]]:
        mate = self.mate()
        return (isinstance(self, _MateGiven), mate is not None and mate > 0, mate is None, -(mate or 0), self.score())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Score) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __lt__(self, other: Score) -> bool:
        return self._key() < other._key()

    def __le__(self, other: Score) -> bool:
        return self._key() <= other._key()

    def __gt__(self, other: Score) -> bool:
        return self._key() > other._key()

    def __ge__(self, other: Score) -> bool:
        return self._key() >= other._key()


class Cp(Score):
    """Centipawns (a pawn of the estimated values is about 90)."""

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self.cp

    def mate(self) -> Optional[int]:
        return None

    def __neg__(self) -> Score:
        return Cp(-self.cp)

    def __abs__(self) -> Score:
        return Cp(abs(self.cp))

    def __str__(self) -> str:
        return f"+{self.cp}" if self.cp > 0 else str(self.cp)

    def __repr__(self) -> str:
        return f"Cp({self})"


class Mate(Score):
    """A forced win in `moves` of the mover's turns (positive) or a loss after as many
    (negative; `Mate(0)`, printed `Mate(-0)`: lost now), by whatever end the rules have."""

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> Optional[int]:
        return self.moves

    def __neg__(self) -> Score:
        return MateGiven if not self.moves else Mate(-self.moves)

    def __abs__(self) -> Score:
        return MateGiven if not self.moves else Mate(abs(self.moves))

    def __str__(self) -> str:
        return f"#+{self.moves}" if self.moves > 0 else f"#-{abs(self.moves)}"

    def __repr__(self) -> str:
        return f"Mate({str(self).lstrip('#')})"


class _MateGiven(Score):
    """The winner's view of a game just won (`-Mate(0)`)."""

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return mate_score

    def mate(self) -> Optional[int]:
        return 0

    def __neg__(self) -> Score:
        return Mate(0)

    def __abs__(self) -> Score:
        return self

    def __str__(self) -> str:
        return "#+0"

    def __repr__(self) -> str:
        return "MateGiven"


MateGiven = _MateGiven()


class PovScore:
    """A score and the side whose point of view it is (`relative`, `turn`)."""

    def __init__(self, relative: Score, turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def white(self) -> Score:
        return self.pov(True)

    def black(self) -> Score:
        return self.pov(False)

    def pov(self, color: bool) -> Score:
        return self.relative if self.turn == color else -self.relative

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __neg__(self) -> PovScore:
        return PovScore(-self.relative, not self.turn)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovScore) and self.white() == other.white()

    def __hash__(self) -> int:
        return hash(self.white())

    def __repr__(self) -> str:
        # (Also its str, as python-chess's.)
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"


@dataclasses.dataclass
class PlayResult:
    """What `play` chose: `move` (None when the game is over), the whole `turn` (its
    parts, in variants whose turn has several), and the search's `info`."""

    move: Optional[Move]
    ponder: Optional[Move]
    info: InfoDict = dataclasses.field(default_factory=dict)
    draw_offered: bool = False
    resigned: bool = False
    turn: list[Move] = dataclasses.field(default_factory=list)


class SimpleEngine:
    """Chimera's search behind python-chess's `SimpleEngine` methods. One engine plays
    any variant: it keeps a searcher (the variant's values and a transposition table)
    per variant, cleared when `play`/`analyse` is given a new `game` key."""

    def __init__(self) -> None:
        self.id = {"name": "Chimera", "author": "the Chimera authors"}
        self.options: dict[str, Any] = {}
        self._searchers: dict[str, _Searcher] = {}
        self._game: object = None
        self._closed = False

    def __enter__(self) -> SimpleEngine:
        return self

    def __exit__(self, *_: Any) -> None:
        self.quit()

    def quit(self) -> None:
        """Frees the searchers; the engine answers no more."""
        self._searchers.clear()
        self._closed = True

    close = quit

    def configure(self, options: dict[str, Any]) -> None:
        """Chimera's search has no options to set; any named is refused."""
        if options:
            raise EngineError(f"no such option: {', '.join(map(str, options))} (Chimera's search has none)")

    def values(self, board: Board) -> dict[str, int]:
        """The piece values the search uses for the board's variant, in centipawns."""
        return dict(self._searcher(board).values(board._core))

    def play(self, board: Board, limit: Limit, *, game: object = None, info: Info = INFO_NONE,
             ponder: bool = False, root_moves: Any = None, options: Optional[dict[str, Any]] = None) -> PlayResult:
        """The move the search chooses for the side to move."""
        self._refuse_unsupported(root_moves, options)
        found = self._search(board, limit, game)
        turn = self._moves(board, found["turn"])
        pv = found["pv"]
        ponder_move = self._moves(board, pv)[len(turn)] if ponder and len(pv) > len(turn) else None
        return PlayResult(turn[0] if turn else None, ponder_move, self._info(board, found, info), turn=turn)

    def analyse(self, board: Board, limit: Limit, *, multipv: Optional[int] = None, game: object = None,
                info: Info = INFO_ALL, root_moves: Any = None,
                options: Optional[dict[str, Any]] = None) -> Union[InfoDict, list[InfoDict]]:
        """What the search finds: `score` (a `PovScore`), `pv`, `depth`, `nodes`,
        `time`, `nps`. With `multipv=1`, a list of that one; more lines are not
        searched (the search keeps one principal variation)."""
        self._refuse_unsupported(root_moves, options)
        if multipv is not None and multipv != 1:
            raise EngineError(f"multipv={multipv}: Chimera's search keeps one principal variation")
        found = self._info(board, self._search(board, limit, game), info)
        return [found] if multipv is not None else found

    def _refuse_unsupported(self, root_moves: Any, options: Optional[dict[str, Any]]) -> None:
        if self._closed:
            raise EngineError("the engine was closed")
        if root_moves is not None:
            raise EngineError("root_moves: Chimera's search always considers every legal move")
        self.configure(options or {})

    def _searcher(self, board: Board) -> _Searcher:
        if not isinstance(board, Board):
            raise TypeError(f"a chimera.Board is needed, not {type(board).__name__}")
        name = board.uci_variant
        if name not in self._searchers:
            self._searchers[name] = _Searcher(board._core)
        return self._searchers[name]

    def _search(self, board: Board, limit: Limit, game: object) -> dict[str, Any]:
        searcher = self._searcher(board)
        if game is not None and game != self._game:
            for s in self._searchers.values():
                s.clear()
            self._game = game
        turn, (kind, value), pv, nodes, depth, seconds = searcher.search(board._core, **limit._search_limits(board.turn))
        score = Cp(value) if kind == "cp" else Mate(value)
        return {"turn": turn, "score": PovScore(score, board.turn), "pv": pv, "nodes": nodes, "depth": depth, "time": seconds}

    @staticmethod
    def _moves(board: Board, parts: list[str]) -> list[Move]:
        """Long algebraic parts played along a copy of the board, as `Move`s."""
        line = board.copy(stack=False)
        moves = []
        for text in parts:
            move = line.parse_uci(text)
            moves.append(move)
            line.push(move)
        return moves

    def _info(self, board: Board, found: dict[str, Any], flags: Info) -> InfoDict:
        out: InfoDict = {}
        if flags & Info.BASIC:
            out.update(depth=found["depth"], nodes=found["nodes"], time=found["time"])
            out["nps"] = int(found["nodes"] / found["time"]) if found["time"] > 0 else found["nodes"]
        if flags & Info.SCORE:
            out["score"] = found["score"]
        if flags & Info.PV:
            out["pv"] = self._moves(board, found["pv"])
        return out
