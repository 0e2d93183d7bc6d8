"""`chimera.pgn`'s game model, python-chess's `chess.pgn` model for every variant: `Game`
(the root, with its `Headers`), `ChildNode` (a move and what follows it), `Mainline`.

A node holds the move that led to it, its variations (the first is the main one), its
comment, starting comment and NAGs, as python-chess's do; its board is found by playing
the moves from the game's start (`Headers.board()`: the variant its `[Variant]` tag
names, from its `[FEN]`). Import it from `chimera.pgn`.
"""

from __future__ import annotations

import dataclasses
import enum
import re
from collections.abc import Iterable, Iterator, Mapping, MutableMapping
from typing import Any, Callable, Generic, Optional, TypeVar, Union

from ._native import Move, Variant, _variant_of_tag
from .board import Board
from .engine import Cp, Mate, PovScore, Score
from .svg import Arrow

from .pgn_visitors import LOGGER, SKIP, BaseVisitor, SkipType, StringExporter

T = TypeVar("T")
GameT = TypeVar("GameT", bound="Game")

#: The Seven Tag Roster, in the order PGN writes it.
TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]

#: The Seven Tag Roster with the values a new game gets.
SEVEN_TAG_ROSTER = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?", "Black": "?", "Result": "*"}

TAG_NAME_REGEX = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_+#=:-]*\Z")

_CHESS960_NAMES = {"chess960", "chess 960", "fischerandom", "fischerrandom", "fischer random"}
_WILD_NAMES = {"wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6", "wild/7", "wild/8", "wild/8a"}

# `[%clk 1:02:03.5]` and `[%emt ...]`, with the spaces around them (kept apart from the
# rest of the comment when one is set or removed).
_TIME_PATTERN = r"(?P<prefix>\s?)\[%{}\s(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)\](?P<suffix>\s?)"
CLOCK_REGEX = re.compile(_TIME_PATTERN.format("clk"))
EMT_REGEX = re.compile(_TIME_PATTERN.format("emt"))
# `[%eval 0.25]`, `[%eval #-3]`, `[%eval 1.5,20]` (pawns or mate in moves from White's
# side, and the search's depth).
EVAL_REGEX = re.compile(
    r"(?P<prefix>\s?)\[%eval\s(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
    r"(?:,(?P<depth>\d+))?\](?P<suffix>\s?)"
)
# `[%csl Rd4]` (marked squares) and `[%cal Ge2e4,Rd1h5]` (arrows), on any board's squares.
_ARROW = r"[RGYB][a-z]\d{1,2}(?:[a-z]\d{1,2})?"
ARROWS_REGEX = re.compile(rf"(?P<prefix>\s?)\[%(?:csl|cal)\s(?P<arrows>{_ARROW}(?:,{_ARROW})*)\](?P<suffix>\s?)")


class TimeControlType(enum.Enum):
    """A time control's kind, by FIDE's thresholds on the time for 60 moves (and bullet
    under 3 minutes)."""

    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period of a `[TimeControl]`: `moves` in `time` seconds (0 moves: the rest of
    the game), plus an increment or a delay a move."""

    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A `[TimeControl]` tag read (PGN standard, 9.6): its periods and its kind."""

    parts: list[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def parse_time_control(time_control: str) -> TimeControl:
    """Reads a `[TimeControl]` value: `?` unknown, `-` unlimited, else periods joined by
    `:`, each `[moves/]seconds[+increment|+delayd]`."""
    if not time_control or time_control.startswith("?"):
        return TimeControl()
    if time_control.startswith("-"):
        return TimeControl(type=TimeControlType.UNLIMITED)
    parts = []
    for text in time_control.split(":"):
        part = TimeControlPart()
        period, _, bonus = text.partition("+")
        if bonus.lower().endswith("d"):
            part.delay = float(bonus[:-1])
        elif bonus:
            part.increment = float(bonus)
        moves, slash, seconds = period.partition("/")
        part.moves, part.time = (int(moves), int(seconds)) if slash else (0, int(moves))
        parts.append(part)
    if any(part.moves == 0 for part in parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    # The time for 60 moves of the first period.
    minutes = (parts[0].time + 60 * parts[0].increment) / 60
    kind = (TimeControlType.BULLET if minutes < 3 else TimeControlType.BLITZ if minutes < 15 else
            TimeControlType.RAPID if minutes < 60 else TimeControlType.STANDARD)
    return TimeControl(parts, kind)


class Headers(MutableMapping[str, str]):
    """A game's tag pairs: the Seven Tag Roster first, in its order, then the others in
    the order they were set. `Headers()` holds the roster's defaults; `Headers({})` is
    empty."""

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[tuple[str, str]]]] = None, **kwargs: str) -> None:
        self._roster: dict[str, str] = {}
        self._others: dict[str, str] = {}
        self.update(SEVEN_TAG_ROSTER if data is None else data, **kwargs)

    def is_chess960(self) -> bool:
        """Whether the `[Variant]` tag asks for Chess960 (as python-chess reads it)."""
        return self.get("Variant", "").lower() in _CHESS960_NAMES

    def is_wild(self) -> bool:
        return self.get("Variant", "").lower() in _WILD_NAMES

    def variant(self) -> Variant:
        """The variant the `[Variant]` tag names (chess without one); `ValueError` (with
        `code` `unknown-variant`) if it names none. python-chess returns a board class
        here: Chimera's boards are one class, made for a `Variant`."""
        tag = None if "Variant" not in self or self.is_wild() else self["Variant"]
        return _variant_of_tag(tag)[0]

    def board(self) -> Board:
        """A new board at the game's start: the variant's start, or the `[FEN]`."""
        variant = self.variant()
        chess960 = self.is_chess960()
        board = Board(self["FEN"], variant=variant, chess960=chess960) if "FEN" in self else Board(variant=variant, chess960=chess960)
        board.chess960 = board.chess960 or board.has_chess960_castling_rights()
        return board

    def __setitem__(self, key: str, value: str) -> None:
        if key in SEVEN_TAG_ROSTER:
            self._roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._roster[key] if key in SEVEN_TAG_ROSTER else self._others[key]

    def __delitem__(self, key: str) -> None:
        del (self._roster if key in SEVEN_TAG_ROSTER else self._others)[key]

    def __iter__(self) -> Iterator[str]:
        yield from (key for key in TAG_ROSTER if key in self._roster)
        yield from self._others

    def __len__(self) -> int:
        return len(self._roster) + len(self._others)

    def copy(self) -> Headers:
        return type(self)(self)

    def __copy__(self) -> Headers:
        return self.copy()

    def __repr__(self) -> str:
        return "{}({})".format(type(self).__name__, ", ".join(f"{key}={value!r}" for key, value in self.items()))

    @classmethod
    def builder(cls) -> Any:

        return HeadersBuilder(Headers=cls)


def _set_time(comment: str, regex: re.Pattern[str], name: str, seconds: Optional[float]) -> str:
    """`comment` with its first `[%name ...]` replaced by `seconds` (removed for `None`),
    or the annotation added at its end."""
    annotation = ""
    if seconds is not None:
        seconds = max(0.0, seconds)
        hours, rest = int(seconds // 3600), seconds % 3600
        minutes, secs = int(rest // 60), rest % 60
        annotation = f"[%{name} {hours:d}:{minutes:02d}:" + f"{secs:06.3f}".rstrip("0").rstrip(".") + "]"
    comment, found = regex.subn(_keep_one_space(annotation), comment, count=1)
    if not found and annotation:
        if comment and not comment.endswith((" ", "\n")):
            comment += " "
        comment += annotation
    return comment


def _keep_one_space(infix: str) -> Callable[[re.Match[str]], str]:
    """A replacement of an annotation by `infix` that leaves one space where it had them
    on both sides."""

    def replace(match: re.Match[str]) -> str:
        if infix:
            return match.group("prefix") + infix + match.group("suffix")
        return match.group("prefix") and match.group("suffix")

    return replace


def _time_of(comment: str, regex: re.Pattern[str]) -> Optional[float]:
    match = regex.search(comment)
    if match is None:
        return None
    return int(match.group("hours")) * 3600 + int(match.group("minutes")) * 60 + float(match.group("seconds"))


class GameNode:
    """A position of a game: the root (`Game`) or a `ChildNode`."""

    parent: Optional[GameNode]
    move: Optional[Move]

    def __init__(self, *, comment: str = "") -> None:
        self.parent = None
        self.move = None
        #: The nodes after this one; the first is the main line.
        self.variations: list[ChildNode] = []
        #: The comment after the move that led here (or before the first move, at the root).
        self.comment = comment
        #: The comment before a variation's first move (python-chess keeps it on every node).
        self.starting_comment = ""
        #: Numeric annotation glyphs of the move that led here.
        self.nags: set[int] = set()

    def board(self) -> Board:
        raise NotImplementedError

    def ply(self) -> int:
        raise NotImplementedError

    def turn(self) -> bool:
        """The side to move here (`True`: White), by the ply's parity, as python-chess."""
        return self.ply() % 2 == 0

    def root(self) -> GameNode:
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    def game(self) -> Game:
        root = self.root()
        if not isinstance(root, Game):
            raise TypeError("GameNode not rooted in a Game")
        return root

    def end(self) -> GameNode:
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        return not self.variations

    def starts_variation(self) -> bool:
        """Whether this node begins a variation (is not its parent's main line)."""
        return self.parent is not None and bool(self.parent.variations) and self.parent.variations[0] is not self

    def is_mainline(self) -> bool:
        node: GameNode = self
        while node.parent is not None:
            if not node.parent.variations or node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def is_main_variation(self) -> bool:
        if self.parent is None:
            return True
        return not self.parent.variations or self.parent.variations[0] is self

    def __getitem__(self, move: Union[int, Move, GameNode]) -> ChildNode:
        if isinstance(move, int):
            return self.variations[move]
        for variation in self.variations:
            if variation is move or variation.move == move:
                return variation
        raise KeyError(move)

    def __contains__(self, move: Union[int, Move, GameNode]) -> bool:
        try:
            self[move]
        except (KeyError, IndexError):
            return False
        return True

    def variation(self, move: Union[int, Move, GameNode]) -> ChildNode:
        return self[move]

    def has_variation(self, move: Union[int, Move, GameNode]) -> bool:
        return move in self

    def promote_to_main(self, move: Union[int, Move, GameNode]) -> None:
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move: Union[int, Move, GameNode]) -> None:
        i = self.variations.index(self[move])
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, Move, GameNode]) -> None:
        i = self.variations.index(self[move])
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: Union[int, Move, GameNode]) -> None:
        self.variations.remove(self[move])

    def add_variation(self, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> ChildNode:
        """A new child node after this one (the last of its variations)."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move: Move, *, comment: str = "", nags: Iterable[int] = ()) -> ChildNode:
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def next(self) -> Optional[ChildNode]:
        return self.variations[0] if self.variations else None

    def mainline(self) -> Mainline[ChildNode]:
        return Mainline(self, lambda node: node)

    def mainline_moves(self) -> Mainline[Move]:
        return Mainline(self, lambda node: node.move)

    def add_line(self, moves: Iterable[Move], *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> GameNode:
        """Adds `moves` as a line of nodes; `comment` and `nags` go to its last node."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = f"{node.comment} {comment}" if node.comment else comment
        node.nags.update(nags)
        return node

    def clock(self) -> Optional[float]:
        """The `[%clk h:mm:ss]` of the comment, in seconds."""
        return _time_of(self.comment, CLOCK_REGEX)

    def set_clock(self, seconds: Optional[float]) -> None:
        self.comment = _set_time(self.comment, CLOCK_REGEX, "clk", seconds)

    def emt(self) -> Optional[float]:
        """The `[%emt h:mm:ss]` of the comment, in seconds."""
        return _time_of(self.comment, EMT_REGEX)

    def set_emt(self, seconds: Optional[float]) -> None:
        self.comment = _set_time(self.comment, EMT_REGEX, "emt", seconds)

    def eval(self) -> Optional[PovScore]:
        """The first `[%eval ...]` of the comment: centipawns or a mate, from White's side
        (a mate in 0 is the side to move's: it is the side mated)."""
        match = EVAL_REGEX.search(self.comment)
        if match is None:
            return None
        turn = self.turn()
        if match.group("mate") is not None:
            moves = int(match.group("mate"))
            if moves == 0:
                return PovScore(Mate(0), turn)
            white: Score = Mate(moves)
        else:
            white = Cp(round(float(match.group("cp")) * 100))
        return PovScore(white if turn else -white, turn)

    def eval_depth(self) -> Optional[int]:
        """The depth of the first `[%eval ...]` of the comment (`[%eval 0.3,18]`: 18)."""
        match = EVAL_REGEX.search(self.comment)
        return int(match.group("depth")) if match and match.group("depth") else None

    def set_eval(self, score: Optional[PovScore], depth: Optional[int] = None) -> None:
        """Sets the first `[%eval ...]` of the comment (added at its end if it has none;
        removed for `None`), written from White's side in pawns or as a mate."""
        annotation = ""
        if score is not None:
            white = score.white()
            depth_text = "" if depth is None else f",{max(depth, 0)}"
            cp = white.score()
            if cp is not None:
                annotation = f"[%eval {cp / 100:.2f}{depth_text}]"
            elif white.mate():
                annotation = f"[%eval #{white.mate()}{depth_text}]"
        self.comment, found = EVAL_REGEX.subn(_keep_one_space(annotation), self.comment, count=1)
        if not found and annotation:
            self.comment += ("" if not self.comment or self.comment.endswith(" ") else " ") + annotation

    def arrows(self) -> list[Arrow]:
        """The comment's arrows (`[%cal Ge2e4]`) and marked squares (`[%csl Rd4]`: an
        arrow whose tail is its head), in their order."""
        files = self.board().files if self.comment and "[%c" in self.comment else 8
        return [Arrow.from_pgn(text, files=files) for m in ARROWS_REGEX.finditer(self.comment) for text in m.group("arrows").split(",")]

    def set_arrows(self, arrows: Iterable[Union[Arrow, tuple[int, int]]]) -> None:
        """Replaces the comment's `[%csl ...]` and `[%cal ...]` with `arrows` (`Arrow`s, or
        (tail, head) pairs: green), the marked squares first, at the comment's start."""
        files = self.board().files
        texts: dict[bool, list[str]] = {True: [], False: []}
        for arrow in arrows:
            if not isinstance(arrow, Arrow):
                tail, head = arrow
                arrow = Arrow(tail, head, files=files)
            texts[arrow.tail == arrow.head].append(arrow.pgn())
        self.comment = ARROWS_REGEX.sub(_keep_one_space(""), self.comment)
        prefix = "".join(f"[%{kind} {','.join(texts[square])}]" for kind, square in (("csl", True), ("cal", False)) if texts[square])
        gap = " " if prefix and self.comment and not self.comment.startswith((" ", "\n")) else ""
        self.comment = prefix + gap + self.comment

    def accept(self, visitor: BaseVisitor[T]) -> T:
        raise NotImplementedError

    def accept_subgame(self, visitor: BaseVisitor[T]) -> T:
        """Visits the game as if it began here: its headers, with this position set up."""

        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            setup = Game.without_tag_roster()
            setup.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in setup.headers:
                    visitor.visit_header(name, value)
            for name, value in setup.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    _walk(self.variations[0], board, visitor, sidelines=True)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:

        return self.accept(StringExporter(columns=None))


class ChildNode(GameNode):
    """A node after a move: `parent`, `move`, and the node's annotations."""

    parent: GameNode
    move: Move

    def __init__(self, parent: GameNode, move: Move, *, comment: str = "", starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        super().__init__(comment=comment)
        self.parent = parent
        self.move = move
        parent.variations.append(self)
        self.nags.update(nags)
        self.starting_comment = starting_comment

    def board(self) -> Board:
        """A new board at this node: the game's start with the moves to here played."""
        moves: list[Move] = []
        node: GameNode = self
        while node.parent is not None and node.move is not None:
            moves.append(node.move)
            node = node.parent
        board = node.game().board()
        for move in reversed(moves):
            board.push(move)
        return board

    def ply(self) -> int:
        plies = 0
        node: GameNode = self
        while node.parent is not None:
            plies += 1
            node = node.parent
        return node.game().ply() + plies

    def san(self) -> str:
        return self.parent.board().san(self.move)

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        return self.parent.board().uci(self.move, chess960=chess960)

    def end(self) -> ChildNode:
        node: ChildNode = self
        while node.variations:
            node = node.variations[0]
        return node

    def accept(self, visitor: BaseVisitor[T]) -> T:
        """Visits this node and the line after it (not its siblings)."""
        _walk(self, self.parent.board(), visitor, sidelines=False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            before = self.parent.board()
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self.move})>"
        dots = "." if before.turn else "..."
        return f"<{type(self).__name__} at {id(self):#x} ({before.fullmove_number}{dots} {before.san(self.move)} ...)>"


def _visit_node(node: ChildNode, board: Board, visitor: BaseVisitor[Any]) -> None:
    """Visits one node: its starting comment, its move, the board after it, its NAGs and
    comment; `board` (before the move) is left as it was."""
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    visitor.visit_move(board, node.move)
    board.push(node.move)
    visitor.visit_board(board)
    board.pop()
    for nag in sorted(node.nags):
        visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)


def _walk(node: ChildNode, board: Board, visitor: BaseVisitor[Any], *, sidelines: bool) -> None:
    """Visits `node` and the line after it in PGN order: each move, then the variations
    that replace it (with `sidelines`), then the line on. `board` stands before `node`'s
    move and is left so. Recursion only goes as deep as variations nest."""

    pushed = 0
    while True:
        _visit_node(node, board, visitor)
        if sidelines:
            for alternative in node.parent.variations[1:]:
                if visitor.begin_variation() is not SKIP:
                    _walk(alternative, board, visitor, sidelines=False)
                visitor.end_variation()
        if not node.variations:
            break
        board.push(node.move)
        pushed += 1
        node, sidelines = node.variations[0], True
    for _ in range(pushed):
        board.pop()


class Game(GameNode):
    """The root of a game: its `headers` (the position it starts from among them), the
    comment before its first move, its `errors` (as the reader found them)."""

    def __init__(self, headers: Optional[Union[Mapping[str, str], Iterable[tuple[str, str]]]] = None) -> None:
        super().__init__()
        self.headers = Headers(headers)
        self.errors: list[Exception] = []

    def board(self) -> Board:
        return self.headers.board()

    def ply(self) -> int:
        return self.board().ply() if "FEN" in self.headers else 0

    def setup(self, board: Union[Board, str]) -> None:
        """Sets the position the game starts from: its `[FEN]`, `[SetUp]` and `[Variant]`."""
        if isinstance(board, str):
            setup = Board(board)
            setup.chess960 = setup.has_chess960_castling_rights()
        else:
            setup = board
        fen = setup.fen()
        if fen == setup.starting_fen:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if setup.uci_variant == "chess":
            if setup.chess960:
                self.headers["Variant"] = "Chess960"
            else:
                self.headers.pop("Variant", None)
        else:
            self.headers["Variant"] = setup.aliases[0]
            self.headers["FEN"] = fen

    def time_control(self) -> TimeControl:
        """The `[TimeControl]` tag, read (unknown without one)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    def accept(self, visitor: BaseVisitor[T]) -> T:
        """Visits the game in PGN order: headers, moves and variations, result."""

        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                board = self.board()
                visitor.visit_board(board)
                if self.comment:
                    visitor.visit_comment(self.comment)
                if self.variations:
                    _walk(self.variations[0], board, visitor, sidelines=True)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    @classmethod
    def from_board(cls: type[GameT], board: Board) -> GameT:
        """A game of the moves played on `board`, from its root, with its result."""
        game = cls()
        game.setup(board.root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls: type[GameT]) -> GameT:
        return cls(headers={})

    @classmethod
    def builder(cls) -> Any:

        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        h = self.headers
        errors = f", {len(self.errors)} errors" if self.errors else ""
        white, black, date, site = h.get("White", "?"), h.get("Black", "?"), h.get("Date", "????.??.??"), h.get("Site", "?")
        return f"<{type(self).__name__} at {id(self):#x} ({white!r} vs. {black!r}, {date!r} at {site!r}{errors})>"


class Mainline(Generic[T]):
    """The main line after a node, as nodes or as moves (`mainline()`, `mainline_moves()`):
    iterable, reversible, and written as PGN by `str()`."""

    def __init__(self, start: GameNode, f: Callable[[ChildNode], T]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[T]:
        node = self.start
        while node.variations:
            node = node.variations[0]
            yield self.f(node)

    def __reversed__(self) -> Iterator[T]:
        node = self.start.end()
        while isinstance(node, ChildNode) and node is not self.start:
            yield self.f(node)
            node = node.parent

    def accept(self, visitor: BaseVisitor[T2]) -> T2:
        node = self.start
        board = self.start.board()
        while node.variations:
            node = node.variations[0]
            _visit_node(node, board, visitor)
            board.push(node.move)
        return visitor.result()

    def __str__(self) -> str:

        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:

        return f"<Mainline at {id(self):#x} ({self.accept(StringExporter(columns=None, comments=False))})>"


T2 = TypeVar("T2")


class GameBuilder(BaseVisitor[Any]):
    """Builds a `Game` (or the `Game` subclass given): the reader's default visitor. A
    move that cannot be played is kept in `Game.errors` (and logged on `chimera.pgn`),
    and the rest of its line is not read."""

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game = self.Game()
        self.variation_stack: list[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers  # type: ignore[no-any-return]

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1].parent
        if parent is None:
            raise ValueError("a variation before the first move")
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        node = self.variation_stack[-1]
        if self.in_variation or (node.parent is None and node.is_end()):
            # After a move (or before the game's first): the node's own comment.
            node.comment = " ".join(filter(None, [node.comment, comment]))
        else:
            # Before a variation's first move: that move's starting comment.
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Optional[Board], move: Move) -> None:
        self.variation_stack[-1] = self.variation_stack[-1].add_variation(move)
        self.variation_stack[-1].starting_comment = self.starting_comment
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> Any:
        return self.game


class HeadersBuilder(BaseVisitor[Any]):
    """Keeps a game's headers and skips its moves (`read_headers`)."""

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> Headers:
        self.headers = self.Headers({})
        return self.headers  # type: ignore[no-any-return]

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> Any:
        return self.headers
