"""Shared machinery of the Fairy-Stockfish differential checks (fsf_diff.py, fsf_mischia.py,
fsf_drops.py, fsf_mystic.py, fsf_3check.py, fsf_atomic.py, fsf_library.py).

Chimera is run through its CLI; Fairy-Stockfish through its Python binding, pyffish, with
tests/data/fsf-variants.ini loaded. A check is described by an `Adapter` (one per variant):
Chimera's variant argument, Fairy-Stockfish's variant name, and how moves and FENs translate
between the two programs. On top of that this module provides

* `compare_position`: the legal move sets of one position, Chimera's translated into
  Fairy-Stockfish's notation, must be equal (or differ exactly as the adapter predicts);
* `play_game`: a seeded random game along which every position is compared. Both programs
  are handed the game's first position and the moves played since (Chimera `moves --fen F
  --moves "..."`, pyffish `legal_moves(v, F, moves)`), so each one keeps its own game state;
  every `fen_every`-th position Chimera is handed Fairy-Stockfish's FEN instead (translated),
  which tests FEN reading too; at the end of the game both programs' FENs must describe the
  same position (board, hands, side to move, castling rights);
* `check_perft`: perft from the start position, Chimera's `perft --divide` against a
  Fairy-Stockfish perft by recursion over `legal_moves` spread over worker processes; it
  follows every subtree whose counts differ down to the positions whose move sets differ.

An adapter can predict differences that are not bugs: moves Chimera must list that the
Fairy-Stockfish definition cannot express (`expected_extra`), and moves Fairy-Stockfish lists
that the rules forbid (`expected_missing`). Each prediction is computed independently of
Chimera and checked both ways (Chimera must list the extras and omit the others).

Work runs in a pool of forked worker processes (pyffish holds the GIL, and each position
costs one pyffish call of about 2 ms plus one Chimera process of about 4 ms).
"""

import argparse
import datetime
import multiprocessing
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
INI_PATH = os.path.join(ROOT, "tests", "data", "fsf-variants.ini")

# Set by `setup()` in the parent; forked workers inherit them.
SF = None
CHIMERA = None
ADAPTERS = {}


def import_pyffish():
    try:
        import pyffish
    except ImportError:
        return None
    return pyffish


def setup(sf, binary, adapters, extra_ini=None):
    """Loads our Fairy-Stockfish definitions (tests/data/fsf-variants.ini, followed by the
    sections of `extra_ini` if given, in one config) and registers the adapters (before
    forking)."""
    global SF, CHIMERA
    with open(INI_PATH) as f:
        config = f.read()
    if extra_ini:
        config += "\n" + extra_ini
    sf.load_variant_config(config)
    SF = sf
    CHIMERA = Chimera(binary)
    for a in adapters:
        ADAPTERS[a.name] = a


def find_binary(explicit=None):
    """$CHIMERA_BIN, else target/release/chimera under $CARGO_TARGET_DIR or the repository
    (built with `cargo build --release` if missing)."""
    if explicit:
        return explicit
    if os.environ.get("CHIMERA_BIN"):
        return os.environ["CHIMERA_BIN"]
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(ROOT, "target")
    if not os.path.isabs(target):
        target = os.path.join(ROOT, target)
    path = os.path.join(target, "release", "chimera")
    if not os.path.exists(path):
        print(f"{path} not found: building it with cargo build --release", flush=True)
        subprocess.run(["cargo", "build", "--release", "--bin", "chimera"], cwd=ROOT, check=True)
    return path


class ChimeraError(Exception):
    pass


class Chimera:
    def __init__(self, binary):
        self.binary = binary

    def run(self, args, stdin=None):
        p = subprocess.run([self.binary] + args, capture_output=True, text=True, cwd=ROOT, input=stdin)
        if p.returncode != 0:
            shown = " ".join(a if " " not in a else repr(a) for a in args)
            raise ChimeraError(f"chimera {shown}: exit {p.returncode}: {p.stderr.strip()}")
        return p.stdout, p.stderr

    def variants(self):
        out, _ = self.run(["variants"])
        return [line.split()[0] for line in out.splitlines() if line.strip()]

    def moves(self, variant, fen=None, moves=(), turns=False):
        """[(long algebraic, SAN)], and the `game over: ...` note or None. With `turns`,
        whole turns (`e2e4,e4e5`) where a turn has several parts."""
        args = ["moves", variant] + (["--turns"] if turns else [])
        if fen:
            args += ["--fen", fen]
        if moves:
            args += ["--moves", " ".join(moves)]
        out, err = self.run(args)
        listed = [tuple(line.split(None, 1)) for line in out.splitlines() if line.strip()]
        over = next((line for line in err.splitlines() if line.startswith("game over")), None)
        return [(m[0], m[1] if len(m) > 1 else m[0]) for m in listed], over

    def fen(self, variant, fen=None, moves=()):
        """Chimera's FEN after playing `moves` (via `chimera validate`)."""
        args = ["validate", variant] + (["--fen", fen] if fen else []) + ["-"]
        out, _ = self.run(args, stdin=" ".join(moves) + "\n")
        for line in out.splitlines():
            if line.startswith("fen: "):
                return line[5:].strip()
        raise ChimeraError(f"chimera validate printed no fen: {out!r}")

    def divide(self, variant, depth, fen=None):
        args = ["perft", variant, str(depth), "--divide"] + (["--fen", fen] if fen else [])
        out, _ = self.run(args)
        counts, nodes = {}, None
        for line in out.splitlines():
            parts = line.split()
            if len(parts) != 2:
                continue
            if parts[0] == "nodes":
                nodes = int(parts[1])
            else:
                counts[parts[0]] = int(parts[1])
        return counts, nodes


# ----------------------------------------------------------------------------------------
# FEN helpers

def split_fen(fen):
    """(board field, hand or None, the remaining fields as a list)."""
    fields = fen.split()
    board = fields[0]
    hand = None
    if "[" in board:
        board, hand = board.split("[", 1)
        hand = hand.rstrip("]")
        if hand == "-":
            hand = ""
    return board, hand, fields[1:]


def board_tokens(board):
    """{(file, rank): token} with file and rank 0-based; a token is a letter with its
    `+` prefix or `~` suffix if any, or `*` for a wall square."""
    squares = {}
    rows = board.split("/")
    for r, row in enumerate(rows):
        rank = len(rows) - 1 - r
        file, k = 0, 0
        while k < len(row):
            c = row[k]
            if c.isdigit():
                j = k
                while j < len(row) and row[j].isdigit():
                    j += 1
                file += int(row[k:j])
                k = j
            elif c == "+":
                squares[(file, rank)] = "+" + row[k + 1]
                file += 1
                k += 2
            elif c.isalpha() or c == "*":
                token = c
                if k + 1 < len(row) and row[k + 1] == "~":
                    token += "~"
                    k += 1
                squares[(file, rank)] = token
                file += 1
                k += 1
            else:
                raise ValueError(f"bad board field {board!r}")
    return squares


def join_board(squares, files, ranks):
    rows = []
    for rank in range(ranks - 1, -1, -1):
        row, empty = "", 0
        for file in range(files):
            t = squares.get((file, rank))
            if t is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            row += t
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def square_name(file, rank):
    return f"{chr(ord('a') + file)}{rank + 1}"


def parse_square(text):
    return ord(text[0]) - ord("a"), int(text[1:]) - 1


def split_move(m):
    """'e7e8q' -> ('e7', 'e8', 'q'); 'N@e4' -> ('N@', 'e4', ''); 'a4a5+' -> ('a4', 'a5', '+')."""
    if "@" in m:
        piece, rest = m.split("@")
        i = 1
        while i < len(rest) and rest[i].isdigit():
            i += 1
        return piece + "@", rest[:i], rest[i:]
    i = 1
    while m[i].isdigit():
        i += 1
    j = i + 1
    while j < len(m) and m[j].isdigit():
        j += 1
    return m[:i], m[i:j], m[j:]


# ----------------------------------------------------------------------------------------
# Adapters

class Adapter:
    """How one variant is compared. The default: both programs write moves and FENs alike."""

    name = None
    cvar = None          # Chimera's variant argument (built-in id or ruleset path)
    fvar = None          # Fairy-Stockfish's variant name
    files = ranks = 8
    turns = False        # compare whole turns (`e2e4,e4e5`: a variant with [turn] parts)
    perft_depth = None   # the deepest perft worth its cost (None: the run's depth)

    def to_fsf(self, uci, san):
        """Chimera's move in Fairy-Stockfish's notation, and a problem found with it or None."""
        return uci, None

    def chimera_fen(self, fsf_fen):
        return fsf_fen

    def normalise(self, fen):
        """(board squares, sorted hand, side, castling) in Chimera's letters, for comparing."""
        board, hand, rest = split_fen(fen)
        squares = board_tokens(board)
        castling = rest[1] if len(rest) > 1 and not rest[1].isdigit() else "-"
        # Fairy-Stockfish reads a FEN without the side to move (xhess's start) as White's move.
        side = rest[0] if rest else "w"
        return squares, "".join(sorted(hand or "")), side, "".join(sorted(castling))

    def fen_difference(self, cfen, ffen):
        c = self.normalise(cfen)
        f = self.normalise(self.chimera_fen(ffen))
        if c == f:
            return None
        parts = []
        if c[0] != f[0]:
            diff = sorted(set(c[0]) | set(f[0]))
            diff = [square_name(*s) + f": chimera {c[0].get(s, '-')}, fsf {f[0].get(s, '-')}" for s in diff if c[0].get(s) != f[0].get(s)]
            parts.append("board " + "; ".join(diff))
        for i, what in ((1, "hand"), (2, "side to move"), (3, "castling")):
            if c[i] != f[i]:
                parts.append(f"{what}: chimera {c[i]!r}, fsf {f[i]!r}")
        return ", ".join(parts)

    # Hooks for rules that Fairy-Stockfish cannot express (see fsf_mischia.py).
    def new_tracker(self, fsf_fen):
        return None

    def track(self, tracker, fsf_move):
        pass

    extra_note = "positions where fsf lacks a legal move it cannot express"
    missing_note = "positions where fsf lists a move the rules forbid"

    def expected_extra(self, sf, tracker, fbase, fmoves):
        """Moves (FSF notation) Chimera must list although FSF does not; normally none."""
        return set()

    def expected_missing(self, sf, tracker, fbase, fmoves, fsf):
        """Moves (FSF notation) FSF lists although the rules forbid them; normally none."""
        return set()

    def fsf_rebase(self, sf, fbase, fmoves, fsf_move):
        """Called when a move only Chimera has is played: FSF's new (fen, moves)."""
        raise AssertionError("a move only Chimera lists was played")


class PlusPromotion(Adapter):
    """Shogi-style variants: Fairy-Stockfish marks promotion with `+` (moves `a4a5+`, promoted
    pieces `+P` in FENs); Chimera gives promoted types letters of their own (`a4a5t`, `T`).
    `promotes` maps each Chimera letter that promotes to its promoted letter (uppercase),
    and equally Fairy-Stockfish's piece letter to the Chimera letter of its promoted form."""

    promotes = {}
    # Whether Chimera's FENs of the variant have a hand (`[...]`) where Fairy-Stockfish's
    # leave it out.
    hands = True

    def to_fsf(self, uci, san):
        start, dest, suffix = split_move(uci)
        if not suffix or start.endswith("@"):
            return uci, None
        mover = san[0] if san[0].isupper() else "P"
        if mover not in self.promotes and mover == "P":
            # A pawn's own promotion beside Shogi-style ones (Forward chess): written alike.
            return uci, None
        expected = self.promotes.get(mover)
        problem = None
        if expected != suffix.upper():
            problem = f"chimera's {uci} ({san}) promotes {mover} to {suffix.upper()}; expected {expected}"
        return start + dest + "+", problem

    def chimera_fen(self, fsf_fen):
        board, hand, rest = split_fen(fsf_fen)
        squares = board_tokens(board)
        for sq, t in squares.items():
            if t.startswith("+"):
                p = self.promotes[t[1].upper()]
                squares[sq] = p if t[1].isupper() else p.lower()
        # Fairy-Stockfish's minishogi start FEN has no castling and en passant fields.
        if len(rest) == 3:
            rest = [rest[0], "-", "-"] + rest[1:]
        # A variant without hands (Chak's promotions) has no brackets in Chimera's FENs.
        hands = f"[{hand or ''}]" if self.hands or hand is not None else ""
        return f"{join_board(squares, self.files, self.ranks)}{hands} " + " ".join(rest)

    def normalise(self, fen):
        # Chimera marks a promoted piece of a type that also stands unpromoted `~`
        # (crazyhouse's demotion); Fairy-Stockfish's `+` was turned into the type above.
        return super().normalise(fen.replace("~", ""))


class NoPawnDropMate:
    """For a shogi variant whose rules forbid a pawn drop that mates (uchifuzume, Chimera's
    `no_drop_mate`): Fairy-Stockfish does not remove such a drop from the legal moves, it
    scores the mate as a loss for the dropper instead. The only pawn drop that can give
    check is the one on the square in front of the enemy king; it is such a mate when the
    opponent has no legal move after it. Mix in before the adapter class; `pawn` is the
    pawn's letter (Tori shogi's swallow is `S`)."""

    missing_note = "positions where fsf lists a pawn-drop mate (uchifuzume)"
    pawn = "P"

    def expected_missing(self, sf, tracker, fbase, fmoves, fsf):
        if not any(m.startswith(self.pawn + "@") for m in fsf):
            return set()
        board, _, rest = split_fen(sf.get_fen(self.fvar, fbase, list(fmoves)))
        white = rest[0] == "w"
        king = "k" if white else "K"
        squares = board_tokens(board)
        ksq = next((sq for sq, t in squares.items() if t == king), None)
        if ksq is None:
            return set()
        drop = self.pawn + "@" + square_name(ksq[0], ksq[1] - 1 if white else ksq[1] + 1)
        if drop in fsf and not sf.legal_moves(self.fvar, fbase, list(fmoves) + [drop]):
            return {drop}
        return set()


# ----------------------------------------------------------------------------------------
# Comparing

class Result:
    """What a worker found: positions compared, disagreements, and notes."""

    def __init__(self):
        self.compared = 0
        self.disagreements = []
        self.notes = {}

    def note(self, key, n=1):
        self.notes[key] = self.notes.get(key, 0) + n

    def merge(self, other):
        self.compared += other.compared
        self.disagreements += other.disagreements
        for k, v in other.notes.items():
            self.note(k, v)


def where(fbase, fmoves, cbase=None, cmoves=None, sf=None, fvar=None):
    text = f"FEN {fbase}"
    if fmoves:
        text += f"\n  moves (fsf): {' '.join(fmoves)}"
        if cmoves is not None and list(cmoves) != list(fmoves):
            text += f"\n  moves (chimera, from {cbase}): {' '.join(cmoves)}"
        if sf is not None:
            try:
                text += f"\n  position (fsf): {sf.get_fen(fvar, fbase, list(fmoves))}"
            except Exception as e:  # noqa: BLE001 - diagnostics only
                text += f"\n  position (fsf): cannot compute: {e}"
    return text


class Compared:
    """The outcome of `compare_position`: `agreed` maps each move both programs list, plus
    the expected extras, from FSF's notation to Chimera's (None after a disagreement);
    `extra` are the moves only Chimera must list, `missing` those only FSF lists."""

    def __init__(self, agreed, fsf, extra, missing, sans, over):
        self.agreed, self.fsf, self.extra, self.missing = agreed, fsf, extra, missing
        self.sans, self.over = sans, over


def compare_position(a, result, fbase, fmoves, tracker, cbase=None, cmoves=None, cfen=None):
    """Compares the legal moves of one position. Chimera is given `cfen` if set, else
    `cbase` + `cmoves`."""
    sf, chimera = SF, CHIMERA
    fsf = sf.legal_moves(a.fvar, fbase, list(fmoves))
    result.compared += 1
    try:
        if cfen is not None:
            listed, over = chimera.moves(a.cvar, fen=cfen, turns=a.turns)
        else:
            listed, over = chimera.moves(a.cvar, fen=cbase, moves=cmoves, turns=a.turns)
    except ChimeraError as e:
        if cfen is None and "the game is already over: " in str(e):
            # The previous position was handed over as a FEN, which has no history, so
            # Chimera's end of the game by a draw rule (repetition, move count) shows now.
            result.compared -= 1
            return Compared({}, fsf, set(), set(), {}, "game over: " + str(e).split("already over: ", 1)[1] + " (seen on replay)")
        result.disagreements.append(f"{a.name}: {where(fbase, fmoves, cbase, cmoves, sf, a.fvar)}\n  {e}")
        return Compared(None, fsf, set(), set(), {}, None)
    if over:
        # Every front end lists no move once the game is over (`Position::outcome`);
        # Fairy-Stockfish lists them regardless of its own ends: nothing to compare.
        result.compared -= 1
        return Compared({}, fsf, set(), set(), {}, over)
    problems = []
    translated = {}
    for uci, san in listed:
        f, problem = a.to_fsf(uci, san)
        if problem:
            problems.append(problem)
        if f in translated:
            problems.append(f"chimera lists {translated[f]} and {uci}, both {f} for fsf")
        translated[f] = uci
    extra = a.expected_extra(sf, tracker, fbase, fmoves)
    missing = a.expected_missing(sf, tracker, fbase, fmoves, fsf)
    if extra:
        result.note(a.extra_note)
    if missing:
        result.note(a.missing_note)
    only_c = sorted(set(translated) - set(fsf) - extra)
    only_f = sorted(set(fsf) - set(translated) - missing)
    lacks = sorted(extra - set(translated))
    wrongly = sorted(missing & set(translated))
    sans = dict(listed)
    if only_c or only_f or lacks or wrongly or problems:
        text = f"{a.name}: {where(fbase, fmoves, cbase, cmoves, sf, a.fvar)}"
        if cfen is not None:
            text += f"\n  (chimera was given the FEN {cfen})"
        text += f"\n  only chimera: {[translated[m] for m in only_c]}\n  only fsf:     {only_f}"
        if lacks:
            text += f"\n  chimera lacks moves that fsf cannot express ({a.extra_note}): {lacks}"
        if wrongly:
            text += f"\n  chimera lists moves the rules forbid although fsf lists them ({a.missing_note}): {[translated[m] for m in wrongly]}"
        for p in problems:
            text += f"\n  {p}"
        result.disagreements.append(text)
        return Compared(None, fsf, extra, missing, sans, over)
    agreed = {f: translated[f] for f in fsf if f not in missing}
    for f in extra:
        agreed[f] = translated[f]
    return Compared(agreed, fsf, extra, missing, sans, over)


def pick(rng, c, policy):
    """A random move (FSF notation), biased by `policy` towards what random play rarely does:
    `special` (promotions, castles, moves only Chimera can express), `pawn` moves, `board`
    moves (not drops), `drop`s: the probability of choosing among those first. `check`
    (moves whose SAN is marked `+` or `#`) comes before them all, and only when the policy
    names it costs a random draw, so games of policies without it stay as they were."""
    moves = sorted(c.agreed)
    if not moves:
        return None

    def san(m):
        return c.sans.get(c.agreed[m], "")

    def is_special(m):
        return split_move(m)[2] != "" or san(m)[:1] in ("0", "O") or m in c.extra

    if "check" in policy and rng.random() < policy["check"]:
        s = [m for m in moves if san(m)[-1:] in ("+", "#")]
        if s:
            return rng.choice(s)
    for key, test in (("special", is_special),
                      ("pawn", lambda m: "@" not in m and san(m)[:1].islower()),
                      ("board", lambda m: "@" not in m),
                      ("drop", lambda m: "@" in m)):
        if rng.random() < policy.get(key, 0.0):
            s = [m for m in moves if test(m)]
            if s:
                return rng.choice(s)
    return rng.choice(moves)


def play_game(task):
    """One seeded random game: task = (adapter name, seed, start FEN (FSF's) or None, plies,
    policy, fen_every, Chimera's start FEN or None). An unexpected error (a program that
    crashes, a move one of them refuses) is reported as a disagreement of that game."""
    try:
        return _play_game(task)
    except Exception as e:  # noqa: BLE001 - reported, with what to rerun
        result = Result()
        result.compared += 1
        result.disagreements.append(f"{task[0]}: random game with seed {task[1]} from {task[2] or 'the start'} failed: {type(e).__name__}: {e}")
        return result


def _play_game(task):
    name, seed, fstart, plies, policy, fen_every, cstart = task
    a = ADAPTERS[name]
    sf, chimera = SF, CHIMERA
    result = Result()
    rng = random.Random(seed)
    fbase = fstart or sf.start_fen(a.fvar)
    cbase = cstart if cstart is not None else (a.chimera_fen(fstart) if fstart else None)
    fmoves, cmoves = [], []
    tracker = a.new_tracker(fbase)
    c = None
    for ply in range(plies + 1):
        cfen = None
        # A FEN says nothing of a pass just made (two in a row end the game in both
        # programs): after one the position is not handed over.
        last = fmoves[-1] if fmoves else ""
        passed = len(last) % 2 == 0 and last[: len(last) // 2] == last[len(last) // 2 :] and last != ""
        if fen_every and ply and ply % fen_every == 0 and not passed:
            cfen = a.chimera_fen(sf.get_fen(a.fvar, fbase, fmoves))
            result.note("positions handed to chimera as FEN")
        c = compare_position(a, result, fbase, fmoves, tracker, cbase, cmoves, cfen)
        if c.agreed is None:
            return result
        if c.over or not c.agreed or ply == plies:
            break
        m = pick(rng, c, policy)
        if m in c.fsf:
            fmoves.append(m)
        else:
            fbase, fmoves = a.fsf_rebase(sf, fbase, fmoves, m)
            result.note("moves fsf cannot express played")
        cmoves.append(c.agreed[m])
        a.track(tracker, m)
    result.note("games")
    result.note("plies played", len(cmoves))
    if c.over:
        replay = c.over.endswith(" (seen on replay)")
        reason = c.over[: -len(" (seen on replay)")] if replay else c.over
        result.note("games chimera ended: " + reason.split(" by ", 1)[-1][:-1] + (" (seen on replay)" if replay else ""))
        if replay:
            # The last move came after the end: Chimera replays no further.
            return result
    elif not c.agreed:
        result.note("games ended without moves")
    # Both programs must describe the final position alike.
    try:
        cfen = chimera.fen(a.cvar, cbase, cmoves)
    except ChimeraError as e:
        result.disagreements.append(f"{a.name}: {where(fbase, fmoves, cbase, cmoves)}\n  {e}")
        return result
    ffen = sf.get_fen(a.fvar, fbase, fmoves)
    diff = a.fen_difference(cfen, ffen)
    result.note("final FENs compared")
    if diff:
        result.disagreements.append(f"{a.name}: final position differs: {diff}\n  chimera: {cfen}\n  fsf:     {ffen}\n  {where(fbase, fmoves, cbase, cmoves)}")
    return result


# ----------------------------------------------------------------------------------------
# Perft

def fsf_perft(fvar, fen, moves, depth):
    legal = SF.legal_moves(fvar, fen, moves)
    if depth <= 1:
        return len(legal)
    return sum(fsf_perft(fvar, fen, moves + [m], depth - 1) for m in legal)


def _perft_task(task):
    fvar, fen, moves, depth = task
    return fsf_perft(fvar, fen, list(moves), depth)


# Fairy-Stockfish's perft counts that the checks compare, as pyffish gave them
# (variant, FEN, depth, count): CI compares Chimera's count with the pinned one and asks
# pyffish (a move generation per node, about 1 ms a call) only where they differ or
# nothing is pinned. CHIMERA_PERFT_LIVE=1 (scripts/differentials.sh --full) always asks;
# CHIMERA_PERFT_RECORD=1 appends what it asked to the file.
PINNED_PERFT = os.path.join(ROOT, "tests", "data", "fsf-perft-pinned.tsv")
_PINNED = None


def pinned_perft(fvar, fen, depth):
    global _PINNED
    if _PINNED is None:
        _PINNED = {}
        if os.path.exists(PINNED_PERFT):
            with open(PINNED_PERFT) as f:
                for line in f:
                    if line.strip() and not line.startswith("#"):
                        v, fen_, d, n = line.rstrip("\n").split("\t")
                        _PINNED[(v, fen_, int(d))] = int(n)
    return _PINNED.get((fvar, fen, depth))


def check_perft(a, depth, pool, result, fstart=None):
    """Perft(depth) from the start (or `fstart`): Chimera's divide against FSF's, per root
    move (or against FSF's pinned total, `PINNED_PERFT`, when it agrees). Returns (fsf
    total, chimera total); where they differ, every differing subtree is followed down to
    positions whose move sets differ (reported, unless the adapter predicts the
    difference)."""
    sf, chimera = SF, CHIMERA
    fen = fstart or sf.start_fen(a.fvar)
    cfen = a.chimera_fen(fstart) if fstart else None
    if not fstart:
        # Chimera's own start position must be Fairy-Stockfish's.
        own = chimera.fen(a.cvar)
        diff = a.fen_difference(own, fen)
        if diff:
            result.disagreements.append(f"{a.name}: start positions differ: {diff}\n  chimera: {own}\n  fsf:     {fen}")
    counts, nodes = chimera.divide(a.cvar, depth, fen=cfen)
    live = os.environ.get("CHIMERA_PERFT_LIVE") == "1" or os.environ.get("CHIMERA_PERFT_RECORD") == "1"
    if not live and pinned_perft(a.fvar, fen, depth) == nodes:
        result.notes["perft counts pinned (tests/data/fsf-perft-pinned.tsv)"] = \
            result.notes.get("perft counts pinned (tests/data/fsf-perft-pinned.tsv)", 0) + 1
        return nodes, nodes
    root = sf.legal_moves(a.fvar, fen, [])
    subtotals = pool.map(_perft_task, [(a.fvar, fen, [m], depth - 1) for m in root]) if depth > 1 else [1] * len(root)
    total = sum(subtotals)
    if os.environ.get("CHIMERA_PERFT_RECORD") == "1" and pinned_perft(a.fvar, fen, depth) is None:
        with open(PINNED_PERFT, "a") as f:
            f.write(f"{a.fvar}\t{fen}\t{depth}\t{total}\n")
        _PINNED[(a.fvar, fen, depth)] = total
    # Compares the root move sets and follows every root move whose counts differ.
    explain(a, result, fen, cfen, [], [], depth, dict(zip(root, subtotals)), counts)
    return total, nodes


def explain(a, result, fen, cfen, fpath, cpath, depth, fsf_counts, chimera_counts):
    """Below a perft difference: compares the move sets here, then follows every child
    whose counts differ. `fsf_counts` / `chimera_counts`: perft(depth - 1) per child."""
    sf, chimera = SF, CHIMERA
    tracker = a.new_tracker(fen)
    for m in fpath:
        a.track(tracker, m)
    c = compare_position(a, result, fen, fpath, tracker, cbase=cfen, cmoves=cpath)
    here = f"{' '.join(fpath) or 'the root'} (perft({depth}) fsf {sum(fsf_counts.values())}, chimera {sum(chimera_counts.values())})"
    if c.agreed is None:
        result.disagreements[-1] += f"\n  (found below a perft difference, after {here})"
        return
    for f in sorted(c.extra | c.missing):
        result.note(f"perft subtrees only one program has (expected): {len(fpath) + 1} plies deep")
    for f, cm in sorted(c.agreed.items()):
        if f in c.extra:
            continue
        n_f, n_c = fsf_counts.get(f), chimera_counts.get(cm)
        if n_f == n_c:
            continue
        if depth <= 1:
            result.disagreements.append(f"{a.name}: perft counts differ without a move-set difference at {here}: {f}")
            continue
        child_f, child_c = fpath + [f], cpath + [cm]
        counts, _ = chimera.divide(a.cvar, depth - 1, fen=chimera.fen(a.cvar, cfen, child_c))
        legal = sf.legal_moves(a.fvar, fen, child_f)
        sub = {m: (fsf_perft(a.fvar, fen, child_f + [m], depth - 2) if depth > 2 else 1) for m in legal}
        if sum(sub.values()) != n_f or sum(counts.values()) != n_c:
            result.disagreements.append(
                f"{a.name}: perft({depth - 1}) after {' '.join(child_f)} counted twice differs: fsf {n_f} then {sum(sub.values())}, "
                f"chimera {n_c} then {sum(counts.values())} (chimera from the FEN {chimera.fen(a.cvar, cfen, child_c)})")
            continue
        explain(a, result, fen, cfen, child_f, child_c, depth - 1, sub, counts)


def dated_seed():
    """Today's date as a number (20261202): the default seed of every differential, so that
    each day's CI run plays other games. Printed at the start (`SeededParser`), so that any
    failure can be replayed with `--seed`."""
    return int(datetime.date.today().strftime("%Y%m%d"))


class SeededParser(argparse.ArgumentParser):
    """An argument parser with `--seed` (default: `dated_seed()`) that prints the seed in
    use as soon as the arguments are read."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.add_argument("--seed", type=int, default=dated_seed(), help="random games' seed (default: today's date)")
        self.add_argument("--budget", type=float, metavar="SECONDS",
                          help="random games until this many seconds have gone (CI's form: every variant gets games in turn)")

    def parse_args(self, *a, **kw):
        args = super().parse_args(*a, **kw)
        print(f"seed {args.seed} (replay: --seed {args.seed})", flush=True)
        return args


def round_robin(tasks, key=lambda task: task[0]):
    """The tasks reordered so that each variant (a task's first item, or another `key`)
    has its first game, then each its second...: a run cut short by its budget still
    covers every variant."""
    by_variant = {}
    for t in tasks:
        by_variant.setdefault(key(t), []).append(t)
    queues = list(by_variant.values())
    out = []
    for i in range(max((len(q) for q in queues), default=0)):
        out.extend(q[i] for q in queues if i < len(q))
    return out


def within_budget(pairs, deadline):
    """The (task, result) pairs until `deadline` (a `time.time()`, or None for no limit); the
    caller's pool, left with tasks still queued, is terminated by its `with`."""
    for pair in pairs:
        yield pair
        if deadline is not None and time.time() > deadline:
            print("budget spent: the games not yet played are left for another day's seed", flush=True)
            return


def games_to_budget(pool, adapters, names, args, policies, result, deadline, on_game=None):
    """Seeded random games of every adapter until each has `args.positions` positions
    compared, or `deadline` (a `time.time()`, or None) has passed: rounds of as many games
    per variant as would reach its positions if none ended early, the variants taking
    their games in turn (so a cut leaves each with some). A game's seed follows the
    variant's place in `names`, so a game does not depend on which variants run; game g
    plays `policies[g % 2]` from the adapter's `starts[g]` (its start position without
    them). Returns (positions compared, games played) per variant; `on_game(task, r)`
    hears of each game."""
    compared = {a.name: 0 for a in adapters}
    games = {a.name: 0 for a in adapters}
    while deadline is None or time.time() < deadline:
        tasks = []
        for a in adapters:
            i = names.index(a.name)
            short = args.positions - compared[a.name]
            for _ in range(max(0, -(-short // (args.plies + 1)))):
                g = games[a.name]
                games[a.name] += 1
                seed = args.seed * 1000003 + i * 1009 + g
                starts = getattr(a, "starts", [None])
                tasks.append((a.name, seed, starts[g % len(starts)], args.plies, policies[g % 2], args.fen_every, None))
        if not tasks:
            break
        tasks = round_robin(tasks)
        for task, r in within_budget(zip(tasks, pool.imap(play_game, tasks)), deadline):
            result.merge(r)
            compared[task[0]] += r.compared
            if on_game:
                on_game(task, r)
    return compared, games


def arguments(doc, depth):
    """An argument parser with the flags every check has (--seed, --depth, --jobs, --bin);
    a check adds its own."""
    ap = SeededParser(description=doc.split("\n")[0])
    ap.add_argument("--depth", type=int, default=depth, help="perft depth from the start (0: none)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes")
    ap.add_argument("--bin", help="the chimera binary")
    return ap


def oracle_missing(what):
    """A differential without its oracle has compared nothing, so it fails (exit 1): CI
    must never go green on checks that did not run. A developer without the oracle may
    set CHIMERA_ORACLE_OPTIONAL=1 to skip instead (exit 0)."""
    if os.environ.get("CHIMERA_ORACLE_OPTIONAL") == "1":
        print(f"{what} not installed: skipped (CHIMERA_ORACLE_OPTIONAL=1)")
        sys.exit(0)
    print(f"{what} not installed: the oracle is missing, nothing compared (pip install pyffish python-chess;"
          " CHIMERA_ORACLE_OPTIONAL=1 skips instead)")
    sys.exit(1)


def pyffish_or_skip():
    """pyffish; without it the check fails (`oracle_missing`)."""
    sf = import_pyffish()
    if sf is None:
        oracle_missing("pyffish")
    return sf


def start(args, adapters, extra_ini=None):
    """The common start of a check: pyffish (None after saying the check is skipped: the
    caller then exits 0), the binary found and the adapters set up; returns the start
    time for `report`, or None."""
    sf = pyffish_or_skip()
    if sf is None:
        return None
    started = time.time()
    setup(sf, find_binary(args.bin), adapters, extra_ini)
    return started


def perft_all(adapters, depth, pool, result):
    """Perft(depth) of every adapter's start position, printing each; returns the
    summary entries (`name nodes`, marked where the programs differ)."""
    summary = []
    for a in adapters:
        t = time.time()
        before = len(result.disagreements)
        d = min(depth, a.perft_depth or depth)
        total, nodes = check_perft(a, d, pool, result)
        ok = total == nodes and len(result.disagreements) == before
        summary.append(f"{a.name} {nodes}" + ("" if d == depth else f" (depth {d})") + ("" if ok else " (differs)"))
        print(f"{a.name}: perft({d}) fsf {total}, chimera {nodes} ({time.time() - t:.1f}s)", flush=True)
    return summary


def make_pool(jobs):
    return multiprocessing.get_context("fork").Pool(max(1, jobs))


def report(prog, result, started, extra=""):
    for k in sorted(result.notes):
        print(f"  {k}: {result.notes[k]}")
    for d in result.disagreements:
        print("DISAGREEMENT " + d, flush=True)
    failed = len(result.disagreements)
    print(f"{prog}: {result.compared} positions compared, {failed} disagreements{extra} ({time.time() - started:.1f}s)")
    print(f"{result.compared - failed} passed, {failed} failed")
    return 1 if failed else 0
