#!/usr/bin/env python3
"""Differential check of `chimera.compat` against pyffish where games end and FENs are
judged: every variant Chimera shares with Fairy-Stockfish (scripts/fsf_library.py's list,
and the variants the other fsf_* checks cover).

Along seeded games of four kinds, at every position, both programs are asked, with the
same start FEN and moves (translated where the notations differ, as fsf_library.py
translates them):

* `is_optional_game_end`, `is_immediate_game_end`, `game_result`,
  `has_insufficient_material`, `gives_check`, `is_capture` and `get_san` (of the move
  played next, in SAN, LAN and the variant's family's own:
  the shogi forms, Janggi's and WXF, Thai), `get_fen`, and `validate_fen` of
  Fairy-Stockfish's FEN and of a spoilt copy of it.

The games: random play from the start; play steered into repetitions (after a random
opening each side shuffles a piece out and back, so positions recur three, four, five
times); long quiet play (non-pawn moves that take nothing, from a position whose
halfmove clock is set to 88, so the clock passes 100 and 150); and bare material (the
kings and at most two other pieces of the start position).

A disagreement is reported unless it is explained: EXPLAINED lists each kind of
difference where Fairy-Stockfish is wrong by the published rules (the README lists them
with their sources).

Usage: scripts/fsf_endings.py [--seed N] [--positions N] [--budget SECONDS] [--jobs N] [--variants a,b]

With `--budget`, the games stop once that many seconds have gone (CI's form); the
variants take their games in turn, so every variant has some.

Needs chimera (the Python package, `pip install ./python`) and pyffish; without either it
fails (scripts/fsf_common.py's `oracle_missing`). Nearly all the time is pyffish's: every
call sets its variant up anew (its `UCI::init_variant` rebuilds the piece tables: 18
million instructions a call, counted with callgrind on pyffish 0.0.90, about 1 ms), eight to
twelve calls a position, and its API has no way to keep a position between calls. The
default (>= 300 positions a variant: 30,230 positions in 85 variants) took 300 s in a CI
run on this 2-core VM; CI gives it a budget instead. Exits 1 on an unexplained
disagreement, 2 on an unknown variant.
"""

import argparse
import multiprocessing
import os
import random
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402
import fsf_library as fl  # noqa: E402

SF = None
COMPAT = None


class Minishogi(fl.ShogiNoDropMate):
    pass


# Besides fsf_library.py's: the variants fsf_diff.py, fsf_drops.py, fsf_3check.py and
# fsf_atomic.py compare (compat reads and writes Fairy-Stockfish's check counts itself).
OTHERS = [
    fl.Same("chess", 8, 8),
    fl.Same("losalamos", 6, 6),
    fl.Same("crazyhouse", 8, 8),
    Minishogi("minishogi", 5, 5, {"R": "D", "B": "H", "S": "A", "P": "T"}),
    fl.Same("3check", 8, 8),
    fl.Same("5check", 8, 8),
    fl.Same("atomic", 8, 8),
    fl.Same("nocheckatomic", 8, 8),
    fl.Same("atomar", 8, 8),
    fl.Same("extinction", 8, 8),
    fl.Same("duck", 8, 8),
    fl.Same("amazons", 10, 10),
    fl.Same("joust", 8, 8),
    fl.Same("snailtrail", 7, 7),
    fl.Same("isolation", 6, 8),
    fl.Same("isolation7x7", 7, 7),
    # compat reads Fairy-Stockfish's check field itself (fsf_library.py's CheckShogi
    # translates it for the CLI).
    fl.Shogi("checkshogi", 9, 9, {"P": "T", "L": "Y", "N": "E", "S": "A", "B": "H", "R": "D"}),
]
ADAPTERS = {a.name: a for a in fl.VARIANTS + OTHERS}
KINDS = ("random", "repetition", "quiet", "bare")

def gates_repeat(a, what, fa, ca, cbase, cmoves):
    """S-Chess, Ouk Chatrang: Fairy-Stockfish's position key leaves out what it keeps as
    gates (its Zobrist keys have none for them): the pieces that may still gate, the
    Cambodian king's and queen's first leaps (the castling field's file letters). So
    positions that differ only there count as one repetition. True when the position
    repeats threefold only with those rights left out."""
    if what != "is_optional_game_end" or not fa[0] or ca[0]:
        return False

    def key(fen, gates):
        fields = fen.split()
        rights = fields[2] if gates else "".join(ch for ch in fields[2] if ch in "KQkq") or "-"
        return (fields[0], fields[1], rights, fields[3])

    fens = [COMPAT.get_fen(a.cvar, cbase, cmoves[:i]) for i in range(len(cmoves) + 1)]
    without = [key(f, False) for f in fens]
    with_gates = [key(f, True) for f in fens]
    return without.count(without[-1]) >= 3 and with_gates.count(with_gates[-1]) < 3


def castling_field_without_castles(a, what, fa, ca, cbase, cmoves):
    """Legan, Three Kings, Amazons, the walling games (Joust, Snail trail, Isolation) and
    Fox and Hounds: Fairy-Stockfish's definitions keep castling switched on although
    nothing castles, and check the castling field's characters (refusing even the `9` it
    writes there itself); Chimera's rulesets have no castling, and compat's validate_fen
    does not look at the field then."""
    code = lambda x: x[1] if isinstance(x, tuple) else x  # the spoilt FEN's answer is (FEN, code)
    return what == "validate_fen" and code(fa) == -5 and code(ca) == 1 and a.name in (
        "legan", "threekings", "amazons", "joust", "snailtrail", "isolation", "isolation7x7", "fox-and-hounds")


# Differences where Fairy-Stockfish is wrong by the published rules (EXPLAINED; the
# README lists them with their sources), and compat's documented limitations
# (LIMITATIONS, also in the README): each a test of the disagreement, and why.
def shogi_letters(a, what, fa, ca, cbase, cmoves):
    """A promoted shogi piece: Fairy-Stockfish names it in SAN-like notations by the type
    it moves like (a tokin is a gold, `G`), Chimera by its own letter (`T`), and tells it
    apart from the piece it moves like by square (scripts/fsf_notation.py's `explain`)."""
    if not what.startswith("get_san "):
        return False
    import fsf_notation  # needs pyffish, which is loaded by now
    (fen, fs), (_, cs) = fa, ca
    return fsf_notation.explain(a.name, int(what.split()[1]), fs, cs, fen) is not None


def unmarked_check(a, what, fa, ca, cbase, cmoves):
    """Fairy-Stockfish's SAN marks a check only where its move-time test
    (`Position::gives_check`) sees one, which misses some that its own `gives_check`
    (pyffish's, compared above) reports: a royal queen attacked (Coregal), Spartan's,
    Sho shogi's and Petrified's kings (its commoners: it sees no check without a KING), a
    knight's check next to its own king in Atomic. SAN marks every check (FIDE's Laws,
    appendix C.12); compat marks them."""
    return (what.startswith("get_san ") and a.name in ("atomic", "coregal", "spartan", "shoshogi", "petrified")
            and ca[1].endswith(("+", "#")) and ca[1].rstrip("+#") == fa[1])


def king_that_cannot_capture(a, what, fa, ca, cbase, cmoves):
    """Petrified: a king may never capture (it would petrify, which Fairy-Stockfish forbids),
    so it attacks nothing and kings may stand side by side; Fairy-Stockfish's legal moves
    agree, but its `checkers` still count the neighbouring king as giving check. A piece
    that can never take the king gives no check (FIDE's Laws 3.9); compat says none."""
    if not (what == "gives_check" and a.name == "petrified" and fa is True and ca is False):
        return False
    from chimera import compat

    board = compat.get_fen(a.cvar, cbase, cmoves).split(" ")[0]
    where = {}
    for r, row in enumerate(board.split("/")):
        f = 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                if ch in "Kk":
                    where[ch] = (f, r)
                f += 1
    (wf, wr), (bf, br) = where["K"], where["k"]
    return max(abs(wf - bf), abs(wr - br)) == 1


def claim_after_mate(a, what, fa, ca, cbase, cmoves):
    """Atomic and Petrified: the kings are Fairy-Stockfish's pseudo-royal commoners, and its
    `checkers()` sees no check without a KING type, so past the fifty moves it offers the
    draw claim in a position that is checkmate (no legal move, the king attacked). A
    checkmate ends the game before any claim (FIDE's Laws 9.6 and 5.1.1); compat offers none."""
    if not (what == "is_optional_game_end" and a.name in ("atomic", "petrified") and fa[0] and not ca[0]):
        return False
    from chimera import compat

    return not compat.legal_moves(a.cvar, cbase, cmoves) and compat.game_result(a.cvar, cbase, cmoves) != 0


EXPLAINED = [
    (claim_after_mate, "Fairy-Stockfish offers the fifty-move claim in a checkmate of Atomic's and Petrified's "
                       "kings, whose check its checkers() does not see (FIDE Laws 5.1.1: the mate ends the game)"),
    (king_that_cannot_capture, "Fairy-Stockfish counts Petrified's neighbouring king, which may never capture, "
                               "as giving check (FIDE Laws 3.9: check is an attack by a piece that could take the king)"),
    (unmarked_check, "Fairy-Stockfish's SAN leaves out the mark of a check its gives_check reports "
                     "(FIDE Laws C.12: a check is marked)"),
    (shogi_letters, "a promoted shogi piece is no gold or dragon: Fairy-Stockfish writes the type it moves "
                    "like (the shogi forms agree)"),
    (gates_repeat, "Fairy-Stockfish counts positions that differ in gating or first-leap rights as one "
                   "(FIDE 9.2.2: the same position has the same possible moves)"),
]
def opponent_in_check(a, what, fa, ca, cbase, cmoves):
    """A FEN whose side not to move is in check (the kings face each other in Xiangqi's
    bare material): Fairy-Stockfish reads it and plays on; Chimera refuses the position,
    which no legal game reaches, and compat with it."""
    return what == "legal_moves" and "is to move but" in str(ca) and "is in check" in str(ca)


LIMITATIONS = [
    (castling_field_without_castles, "castling field of a variant without castling not validated"),
    (opponent_in_check, "a position whose side not to move is in check is refused"),
]


def classify(a, problem):
    what, fa, ca, fbase, fmoves, cbase, cmoves = problem
    for test, why in EXPLAINED:
        if test(a, what, fa, ca, cbase, cmoves):
            return "explained", why
    for test, why in LIMITATIONS:
        if test(a, what, fa, ca, cbase, cmoves):
            return "limitation", why
    return "unexplained", None


def init_worker():
    """In a forked worker, or alone: pyffish with our definitions loaded (once: loading
    them a second time crashes it), chimera.compat, and stderr silenced (Fairy-Stockfish
    prints there why a FEN is invalid)."""
    global SF, COMPAT
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    if SF is None:
        import pyffish

        with open(fc.INI_PATH) as f:
            pyffish.load_variant_config(f.read())
        SF = pyffish
    from chimera import compat

    COMPAT = compat


# Per field, what breaks it: nothing that makes Fairy-Stockfish's validate_fen read or
# write outside its board (a digit that jumps past the last file followed by a piece
# writes beyond it; a castling file letter beyond the last file reads beyond it).
SPOILS = [["x", "KK"], ["x", ""], ["9", "K9"], ["z9", "a", "e33"], ["x", "-1"], ["y", "0x"]]


def spoil(rng, fen):
    """A copy of `fen` with one field broken."""
    parts = fen.split(" ")
    i = rng.randrange(len(parts))
    choices = SPOILS[i] if i < len(SPOILS) else ["?"]
    parts[i] = rng.choice(choices) if i else parts[0].replace("/", rng.choice(choices), 1)
    return " ".join(parts)


def bare_fen(rng, a, fen):
    """The start position's royals and at most two other pieces, nothing in hand."""
    board, hand, rest = fc.split_fen(fen)
    squares = fc.board_tokens(board)
    kings = {sq: t for sq, t in squares.items() if t.upper() in ("K", "*")}
    others = [sq for sq in squares if sq not in kings]
    for sq in rng.sample(others, min(len(others), rng.randrange(3))):
        kings[sq] = squares[sq]
    board = fc.join_board(kings, a.files, a.ranks) + ("[]" if hand is not None else "")
    side = rest[0] if rest else "w"
    return f"{board} {side} - - 0 1"


def compat_fen(a, fsf_fen):
    """The FEN compat is asked with: the adapter's Chimera form, but Fairy-Stockfish's own
    where the variant's pieces turn over (Kyoto, Micro shogi): there a turned face's own
    Chimera letter (`R` for Kyoto's turned pawn) is, in a FEN compat reads as pyffish
    does, a piece that never turns (Fairy-Stockfish's rook)."""
    return fsf_fen if isinstance(a, fl.Flip) else a.chimera_fen(fsf_fen)


def same_fen(a, fsf_fen, ours):
    if ours in (fsf_fen, a.chimera_fen(fsf_fen)):
        return True
    # A running count (Makruk's family) is the counting rules' field.
    fields = fsf_fen.split()
    return len(fields) > 4 and fields[3].isdigit() and a.fen_difference(ours, fsf_fen) is None


def material(fen):
    board, hand, _ = fc.split_fen(fen)
    return sorted(fc.board_tokens(board).values()), sorted(hand or "")


def compare(a, rng, fbase, fmoves, cbase, cmoves, nxt, seen):
    """[(function, fsf's answer, compat's)] where they disagree at this position. Each
    pyffish call costs milliseconds (its set-up): `game_result` is asked where it means
    something (no move left, or an end), `has_insufficient_material` when the
    material changed (`seen`: the material last asked about)."""
    f, c = SF, COMPAT
    fv, cv = a.fvar, a.cvar
    out = []

    def ask(name, fa, ca, agree=lambda x, y: x == y):
        if not agree(fa, ca):
            out.append((name, fa, ca))

    def end(x, y):
        return (not x[0] and not y[0]) or x == y

    ffen = f.get_fen(fv, fbase, fmoves)
    ask("is_optional_game_end", f.is_optional_game_end(fv, fbase, fmoves), c.is_optional_game_end(cv, cbase, cmoves), end)
    immediate = f.is_immediate_game_end(fv, fbase, fmoves)
    ask("is_immediate_game_end", immediate, c.is_immediate_game_end(cv, cbase, cmoves), end)
    check = f.gives_check(fv, fbase, fmoves)
    ask("gives_check", check, c.gives_check(cv, cbase, cmoves))
    if not nxt or immediate[0]:
        ask("game_result", f.game_result(fv, fbase, fmoves), c.game_result(cv, cbase, cmoves))
    if material(ffen) != seen[0]:
        seen[0] = material(ffen)
        ask("has_insufficient_material", f.has_insufficient_material(fv, fbase, fmoves), c.has_insufficient_material(cv, cbase, cmoves))
    cfen = c.get_fen(cv, cbase, cmoves)
    if nxt:
        ask("is_capture", (nxt[0], f.is_capture(fv, fbase, fmoves, nxt[0])), (nxt[1], c.is_capture(cv, cbase, cmoves, nxt[1])),
            lambda x, y: x[1] == y[1])
        # As a pyffish caller asks: its FEN, its move.
        for n in notations(a.name):
            ask(f"get_san {n}", (ffen, f.get_san(fv, ffen, nxt[0], False, n)), (ffen, c.get_san(cv, ffen, nxt[0], False, n)),
                lambda x, y: x[1] == y[1])
    ask("get_fen", ffen, cfen, lambda x, y: same_fen(a, x, y))
    ask("validate_fen", f.validate_fen(ffen, fv), c.validate_fen(ffen, cv))
    bad = spoil(rng, ffen)
    ask("validate_fen", (bad, f.validate_fen(bad, fv)), (bad, c.validate_fen(bad, cv)))
    return out


SHOGI_FORMS, JANGGI, WXF, THAI = (3, 4, 5), 6, 7, (8, 9)
SHOGI_TEMPLATE = {"shogi", "minishogi", "kyotoshogi", "micro", "dobutsu", "euroshogi", "torishogi", "yarishogi",
                  "shoshogi", "mini", "gorogoro", "judkins", "okisakishogi", "checkshogi"}
THAI_FAMILY = {"makruk", "cambodian", "asean", "ai-wok", "makpong", "karouk"}


def notations(variant):
    """pyffish's notations a variant is written in: SAN, LAN, and its family's own (its
    default is one of them: the shogi family's Hodges-number form, SAN for the rest)."""
    family = (SHOGI_FORMS if variant in SHOGI_TEMPLATE else (JANGGI, WXF) if variant in ("xiangqi", "manchu")
              or variant.startswith("janggi") else THAI if variant in THAI_FAMILY else ())
    return (1, 2) + tuple(family)


def quiet(c, a, cbase, cmoves, legal):
    """The moves that take nothing, promote nothing and move no pawn (nor drop)."""
    board, _, _ = fc.split_fen(c.get_fen(a.cvar, cbase, cmoves))
    squares = fc.board_tokens(board)
    out = []
    for m in legal:
        start, dest, suffix = fc.split_move(m)
        if "@" in start or suffix:
            continue
        mover = squares.get(fc.parse_square(start), "")
        if mover.upper().startswith("P") or fc.parse_square(dest) in squares:
            continue
        out.append(m)
    return out


def play(task):
    name, seed, kind, plies = task
    a = ADAPTERS[name]
    rng = random.Random(seed)
    f, c = SF, COMPAT
    fbase = f.start_fen(a.fvar)
    if kind == "bare":
        fbase = bare_fen(rng, a, fbase)
        if f.validate_fen(fbase, a.fvar) != f.FEN_OK:
            return name, kind, 0, []
    cbase = compat_fen(a, fbase)
    fmoves, cmoves = [], []
    opening = rng.randrange(4, 24) if kind in ("repetition", "quiet") else 0
    back = {}
    seen = [None]
    compared, problems = 0, []
    for ply in range(plies):
        try:
            legal = c.legal_moves(a.cvar, cbase, cmoves)
        except ValueError as e:
            problems.append(("legal_moves", "-", str(e), fbase, fmoves, cbase, cmoves))
            break
        if kind == "quiet" and ply == opening:
            # Rebase on a position whose halfmove clock is 88.
            fen = f.get_fen(a.fvar, fbase, fmoves).split()
            if len(fen) >= 6 and fen[-2].isdigit():
                fen[-2] = "88"
            fbase, fmoves, cbase, cmoves = " ".join(fen), [], compat_fen(a, " ".join(fen)), []
            legal = c.legal_moves(a.cvar, cbase, cmoves)
        choice = None
        if legal:
            side = len(cmoves) % 2
            pool = legal
            if ply >= opening and kind in ("repetition", "quiet"):
                pool = quiet(c, a, cbase, cmoves, legal) or legal
            if kind == "repetition" and ply >= opening and back.get(side) in legal:
                choice = back.pop(side)
            else:
                choice = rng.choice(pool)
                if kind == "repetition" and ply >= opening:
                    start, dest, _ = fc.split_move(choice)
                    back[side] = dest + start
        nxt = None
        if choice:
            fsf_move, problem = a.to_fsf(choice, c.get_san(a.cvar, c.get_fen(a.cvar, cbase, cmoves), choice))
            nxt = (fsf_move, choice)
        try:
            found = compare(a, rng, fbase, fmoves, cbase, cmoves, nxt, seen)
        except (ValueError, SystemError) as e:
            problems.append(("call", "-", str(e), fbase, fmoves, cbase, cmoves))
            break
        compared += 1
        for what, fa, ca in found:
            problems.append((what, fa, ca, fbase, list(fmoves), cbase, list(cmoves)))
        if not choice:
            break
        fmoves.append(nxt[0])
        cmoves.append(choice)
    return name, kind, compared, [(classify(a, p), p) for p in problems]


def main():
    ap = fc.SeededParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=300, help="positions per variant at least")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--variants", default=",".join(ADAPTERS))
    args = ap.parse_args()
    try:
        import pyffish
        from chimera import compat  # noqa: F401
    except ImportError as e:
        fc.oracle_missing(e.name)
    wanted = args.variants.split(",")
    unknown = [w for w in wanted if w not in ADAPTERS]
    if unknown:
        print(f"unknown variant(s) {unknown}")
        return 2
    global SF
    with open(fc.INI_PATH) as f:
        pyffish.load_variant_config(f.read())
    SF = pyffish
    names = [w for w in wanted if ADAPTERS[w].fvar in pyffish.variants()]
    started = time.time()
    compared = {n: 0 for n in names}
    games = {n: 0 for n in names}
    found = {"explained": {}, "limitation": {}, "unexplained": {}}
    plies = {"random": 80, "repetition": 60, "quiet": 90, "bare": 60}
    deadline = started + args.budget if args.budget else None
    with multiprocessing.get_context("fork").Pool(args.jobs, initializer=init_worker) as pool:
        while deadline is None or time.time() < deadline:
            tasks = []
            for i, n in enumerate(names):
                short = args.positions - compared[n]
                for _ in range(max(0, -(-short // 60))):
                    g = games[n]
                    games[n] += 1
                    tasks.append((n, args.seed * 1000003 + ADAPTERS_ORDER.index(n) * 1009 + g, KINDS[g % len(KINDS)], 0))
            if not tasks:
                break
            # The variants take their games in turn, so that a run cut by its budget
            # leaves each with some.
            tasks = fc.round_robin([(n, s, k, plies[k]) for n, s, k, _ in tasks])
            pending = [(t, pool.apply_async(play, (t,))) for t in tasks]
            for task, r in fc.within_budget(pending, deadline):
                try:
                    n, kind, count, problems = r.get(timeout=300)
                except multiprocessing.TimeoutError:
                    # A worker that died (pyffish crashed) never answers.
                    crash = ("crash", "pyffish or compat died", "-", repr(task), [], "", [])
                    n, kind, count, problems = task[0], task[2], 0, [(("unexplained", None), crash)]
                compared[n] += count or 1  # a bare start both refuse still counts as tried
                for (bucket, why), p in problems:
                    found[bucket].setdefault((n, p[0], why), []).append(p)
    print("positions (games) per variant: " + ", ".join(f"{n} {compared[n]} ({games[n]})" for n in names))
    for bucket in ("explained", "limitation"):
        for (n, what, why), ps in sorted(found[bucket].items()):
            print(f"{bucket}: {n} {what}: {len(ps)} ({why})")
    unexplained = found["unexplained"]
    for (n, what, _), ps in sorted(unexplained.items()):
        what_, fa, ca, fbase, fmoves = ps[0][:5]
        print(f"DISAGREE {n} {what}: {len(ps)} positions; first: fsf {fa!r}, compat {ca!r}\n"
              f"    at {fbase!r} moves {' '.join(fmoves)}")
    total = sum(compared.values())
    print(f"fsf_endings: {total} positions, {len(names)} variants, {sum(len(v) for v in unexplained.values())} "
          f"unexplained disagreements, {time.time() - started:.0f}s")
    return 1 if unexplained else 0


ADAPTERS_ORDER = list(ADAPTERS)

if __name__ == "__main__":
    sys.exit(main())
