#!/usr/bin/env python3
"""Differential check of the variant library against Fairy-Stockfish's built-in variants.

Every built-in ruleset under the name of a variant of Fairy-Stockfish's perft suite
(tests/it/fsf_suite.rs checks the suite's counts; this checks the positions random play
reaches) is compared with that Fairy-Stockfish variant, but for those the other checks
cover (chess and losalamos: fsf_diff.py; crazyhouse and minishogi: fsf_drops.py; 3check:
fsf_3check.py; atomic, nocheckatomic and atomar: fsf_atomic.py). scripts/fsf_common.py does the
work:

* Chimera's start position must be Fairy-Stockfish's, and perft(--depth, default 2) from
  it must agree move by move;
* the legal move sets at every ply of seeded random games must be equal, until each
  variant has at least --positions positions compared (default 500). Games alternate
  between plain random play and play that prefers pawn moves, a third of the time a
  promotion or castle when there is one, so that promotions happen.
  Every `--fen-every`-th position (default 3) Chimera is handed the FEN Fairy-Stockfish
  writes for it; at each game's end the two programs' FENs must describe the same position
  (board, hands, side to move, castling rights).

One difference is expected and checked rather than reported, as in fsf_drops.py:
Fairy-Stockfish lists a pawn drop that mates (uchifuzume) among the legal moves of shogi,
euroshogi and torishogi (a swallow drop) and scores it as a loss for the dropper; their rules forbid the drop, and
Chimera does not list it. Yari shogi allows it, in both programs. No other difference is
expected: the rulesets say in their comments which rules that only decide results they
leave out (shogi's perpetual check); those never change which moves are legal. (Makruk's
family's counting and Shatar's mate rule are checked by fsf_endings_counting.py.)

The notations differ in two places, translated here: in the shogi family Fairy-Stockfish
marks promotion with `+` (`+P` in FENs, `a7a8+` in moves) where Chimera gives promoted
pieces letters of their own (see each ruleset). (Makruk's family's FENs hold the count in
the en-passant and halfmove fields once a count runs; Chimera reads and writes them so.
For a pawn defined by its Betza,
as `pawnsideways`'s or `berolina`'s, Fairy-Stockfish's en-passant field lists the pawn's
square with the passed one, `d5d6`; Chimera reads and writes it so.)

Usage: scripts/fsf_library.py [--seed N] [--positions N] [--plies N] [--depth N]
                              [--fen-every N] [--jobs N] [--variants shogi,grand] [--bin PATH]
       scripts/fsf_library.py --ruleset rulesets/new.toml --as FSFNAME [--size 8x8]

The defaults (105 variants, about 53,000 positions) take a few minutes on 2 idle
cores; CI gives it `--budget` seconds of random games instead (the variants take their
games in turn, each day's seed other games), the full run is `scripts/differentials.sh --full`. The binary is $CHIMERA_BIN, else target/release/chimera under
$CARGO_TARGET_DIR or the repository (built with `cargo build --release` if missing). Exits 0 when everything agrees, 1 on any disagreement, 2 on an
unknown variant, and 1 when pyffish is missing (CHIMERA_ORACLE_OPTIONAL=1 skips instead).
A pyffish built without large-board support skips the variants it lacks.
"""

import os
import sys
import tomllib
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402


class Same(fc.Adapter):
    """A variant both programs write alike (moves, FENs, castling as the king's move)."""

    def __init__(self, name, files, ranks):
        self.name = self.cvar = self.fvar = name
        self.files, self.ranks = files, ranks


class FromPositions(Same):
    """A variant whose own rules show only in positions random play from its start never
    reaches (Koedem: captures never go to hand, so no king is ever held): its games start
    in turn from the start (None) and from these positions, FENs as Fairy-Stockfish
    writes them."""

    def __init__(self, name, files, ranks, starts):
        super().__init__(name, files, ranks)
        self.starts = starts


class AtomicHouse(Same):
    """Explosions with hands (atomiczh): Fairy-Stockfish puts every piece a blast removes
    into its opponent's hand, a blown-up king too, in the position that ends the game;
    Chimera's game ends with the king gone, never in a hand (a royal piece in hand is no
    position its FENs hold). The royal letters are left out of Fairy-Stockfish's hands."""

    def __init__(self, name, files, ranks, royals):
        super().__init__(name, files, ranks)
        self.royals = royals

    def chimera_fen(self, fsf_fen):
        board, hand, rest = fc.split_fen(fsf_fen)
        if not hand:
            return fsf_fen
        hand = "".join(ch for ch in hand if ch.upper() not in self.royals)
        return " ".join([f"{board}[{hand}]"] + rest)


class PiecePromotion(Same):
    """Wolf chess: a promotion to the type a piece becomes by itself (Fairy-Stockfish's
    `promotedPieceType`: the pawn's elephant, `plus`) is written with `+` by Fairy-Stockfish
    (`g2g1+`, and the piece `+P` in FENs), with its letter by Chimera (`g2g1e`, `E`)."""

    def __init__(self, name, files, ranks, plus):
        super().__init__(name, files, ranks)
        self.plus = plus

    def to_fsf(self, uci, san):
        start, dest, suffix = fc.split_move(uci)
        if suffix.upper() == self.plus:
            return start + dest + "+", None
        return uci, None

    def chimera_fen(self, fsf_fen):
        board, _, rest = fc.split_fen(super().chimera_fen(fsf_fen))
        squares = {sq: (self.plus if t[1].isupper() else self.plus.lower()) if t.startswith("+") else t
                   for sq, t in fc.board_tokens(board).items()}
        return fc.join_board(squares, self.files, self.ranks) + " " + " ".join(rest)


class Shogi(fc.PlusPromotion):
    """A shogi-family variant: `promotes` maps each letter that promotes to the letter
    Chimera's ruleset gives its promoted form."""

    def __init__(self, name, files, ranks, promotes):
        self.name = self.cvar = self.fvar = name
        self.files, self.ranks = files, ranks
        self.promotes = promotes


class ShogiNoDropMate(fc.NoPawnDropMate, Shogi):
    """One whose rules forbid a pawn drop that mates, which Fairy-Stockfish lists."""


class Flip(Shogi):
    """A shogi variant whose pieces turn over (Kyoto shogi, Micro shogi): Fairy-Stockfish writes a
    promotion `a1a2+`, a demotion `a1a2-` and a drop of the turned-over face `+S@c3`;
    Chimera gives each face its letter (`a1a2r`, `a1a2p`, `B@c3`). `promotes` maps each
    first face to its other one."""

    def to_fsf(self, uci, san):
        start, dest, suffix = fc.split_move(uci)
        faces = {v: k for k, v in self.promotes.items()}
        if start.endswith("@"):
            base = faces.get(start[0])
            return (f"+{base}@{dest}" if base else uci), None
        if not suffix:
            return uci, None
        # The SAN is the variant's own notation: shogi's writes a turned-over face `+R`.
        mover = self.promotes[san[1]] if san.startswith("+") else san[0]
        demoting = mover in faces
        expected = faces[mover] if demoting else self.promotes.get(mover)
        problem = None
        if expected != suffix.upper():
            problem = f"chimera's {uci} ({san}) turns {mover} into {suffix.upper()}; expected {expected}"
        return start + dest + ("-" if demoting else "+"), problem


class ShoShogi(Shogi):
    """Sho shogi: no hands, so no brackets in Chimera's FENs; its games start in turn from
    the start and from positions where a side has its king and its prince (neither
    royal), or one of them (royal), FENs as Fairy-Stockfish writes them."""

    starts = [
        None,
        "4k4/4e4/9/9/4r4/9/9/3+E5/4K4 w 0 1",           # White's king may be left en prise
        "3gkg3/9/2e3r2/9/4E4/9/1R7/9/4K4 w 0 1",       # elephants near promotion, kings alone
        "lnsgkgsnl/1r2+e2b1/ppppppppp/9/9/4B4/PPPP1PPPP/4E2R1/LNSGKGSNL w 0 1",
    ]

    def chimera_fen(self, fsf_fen):
        board, rest = super().chimera_fen(fsf_fen).split("[", 1)
        return board + rest.split("]", 1)[1]


class ToriShogi(ShogiNoDropMate):
    """Tori shogi, whose pawn is the swallow (`S`)."""

    pawn = "S"


class CheckShogi(Shogi):
    """Check shogi: shogi's `+` translation, and Fairy-Stockfish's check field (the checks
    each side still needs, `1+1`, after en passant; absent: 1 each) as Chimera's
    `checks=W/B` (the checks given: n - remaining)."""

    n = 1

    def chimera_fen(self, fsf_fen):
        fields = fsf_fen.split()
        given = None
        if len(fields) >= 5 and "+" in fields[4]:
            w, b = (int(x) for x in fields.pop(4).split("+"))
            given = f"checks={self.n - w}/{self.n - b}"
        fen = super().chimera_fen(" ".join(fields))
        return fen + (" " + given if given else "")

    def fen_difference(self, cfen, ffen):
        diff = super().fen_difference(cfen, ffen)
        ours = cfen.split("checks=", 1)[1].split()[0] if "checks=" in cfen else "0/0"
        t = self.chimera_fen(ffen)
        theirs = t.split("checks=", 1)[1].split()[0] if "checks=" in t else "0/0"
        if ours != theirs:
            diff = (diff + ", " if diff else "") + f"checks given: chimera {ours}, fsf {theirs}"
        return diff


VARIANTS = [
    Same("capablanca", 10, 8),
    Same("embassy", 10, 8),
    Same("janus", 10, 8),
    Same("centaur", 10, 8),
    Same("chancellor", 9, 9),
    Same("modern", 9, 9),
    Same("almost", 8, 8),
    Same("amazon", 8, 8),
    Same("nightrider", 8, 8),
    Same("grasshopper", 8, 8),
    Same("shako", 10, 10),
    Same("xiangqi", 9, 10),
    Same("janggi", 9, 10),
    Same("janggicasual", 9, 10),
    Same("janggimodern", 9, 10),
    Same("janggitraditional", 9, 10),
    Same("manchu", 9, 10),
    Same("hoppelpoppel", 8, 8),
    Same("knightmate", 8, 8),
    Same("perfect", 8, 8),
    Same("pawnsideways", 8, 8),
    Same("pawnback", 8, 8),
    Same("torpedo", 8, 8),
    Same("pocketknight", 8, 8),
    Same("newzealand", 8, 8),
    Same("grand", 10, 10),
    Same("opulent", 10, 10),
    Same("tencubed", 10, 10),
    Same("makruk", 8, 8),
    Same("asean", 8, 8),
    Same("sittuyin", 8, 8),
    Same("ai-wok", 8, 8),
    Same("makpong", 8, 8),
    ShogiNoDropMate("shogi", 9, 9, {"P": "T", "L": "Y", "N": "E", "S": "A", "B": "H", "R": "D"}),
    ShogiNoDropMate("euroshogi", 8, 8, {"P": "T", "N": "E", "B": "H", "R": "D"}),
    Shogi("yarishogi", 7, 9, {"P": "S", "N": "G", "B": "H", "R": "L"}),
    ToriShogi("torishogi", 7, 7, {"S": "G", "F": "E"}),
    ShoShogi("shoshogi", 9, 9, {"P": "T", "L": "Y", "N": "M", "S": "A", "B": "H", "R": "D", "E": "C"}),
    Flip("kyotoshogi", 5, 5, {"P": "R", "S": "B", "L": "Y", "N": "E"}),
    Flip("micro", 4, 5, {"P": "N", "L": "S", "B": "G", "R": "T"}),
    Same("clobber", 5, 6),
    Same("loop", 8, 8),
    Same("chessgi", 8, 8),
    Same("shatranj", 8, 8),
    Same("shatar", 8, 8),
    Same("courier", 12, 8),
    Same("threekings", 8, 8),
    Same("kinglet", 8, 8),
    Same("giveaway", 8, 8),
    Same("antichess", 8, 8),
    Same("codrus", 8, 8),
    Same("losers", 8, 8),
    Same("coregal", 8, 8),
    Same("kingofthehill", 8, 8),
    Same("racingkings", 8, 8),
    Same("breakthrough", 8, 8),
    Same("jesonmor", 9, 9),
    Same("horde", 8, 8),
    Shogi("dobutsu", 3, 4, {"C": "H", "P": "H"}),  # SAN writes the chick as a pawn (no letter)
    Same("chigorin", 8, 8),
    FromPositions("koedem", 8, 8, [
        None,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1",    # the suite's: a king to drop
        "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Kk] b KQ - 0 1",  # taking Black's last king wins
        "r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQ1B1R[Kk] w kq - 0 1",
    ]),
    # Chess with five fairy pieces that only a FEN puts on the board.
    FromPositions("fairy", 8, 8, [
        None,
        "rnbckbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBAKBNR w KQkq - 0 1",
        "msfakfsm/pppppppp/8/8/8/8/PPPPPPPP/MSFCKFSM w - - 0 1",
        "r3k2r/1P2s1m1/2f5/8/3A4/5C2/1p1S1M2/R3K2R w KQkq - 0 1",
    ]),
    # One board of bughouse: the hands hold what the partner passed; captures leave.
    FromPositions("bughouse", 8, 8, [
        None,
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[QRBNPqrbnp] w KQkq - 0 1",
        "r1bqk2r/pppp1ppp/2n2n2/4p3/1b2P3/2NP1N2/PPP2PPP/R1BQKB1R[QNPPpp] w KQkq - 0 5",
        "4k3/1P6/8/8/8/8/6p1/4K3[NNPbbp] w - - 0 1",
    ]),
    # One board of a Xiangqi bughouse: drops into the own half, on the points a piece may
    # stand on, never with check.
    FromPositions("supply", 9, 10, [
        None,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR[RNBACPrnbacp] w - - 0 1",
        "3k5/9/9/9/9/9/9/9/9/4K4[RNBACPPrnbacpp] w - - 0 1",
        "r1bakab2/9/1cn3nc1/p3p1p1p/9/9/P1P1P3P/1CN3NC1/9/R1BAKAB2[RRPPrrpp] b - - 0 1",
    ]),
    Same("sortofalmost", 8, 8),
    Same("berolina", 8, 8),
    Same("placement", 8, 8),
    Same("cambodian", 8, 8),
    Same("karouk", 8, 8),
    Same("legan", 8, 8),
    Same("troitzky", 10, 10),
    Same("gustav3", 10, 8),
    Same("omicron", 12, 10),
    PiecePromotion("wolf", 8, 10, "E"),
    Same("spartan", 8, 8),
    Same("seirawan", 8, 8),
    Same("shouse", 8, 8),
    Same("ataxx", 7, 7),
    Same("flipersi", 8, 8),
    Same("flipello", 8, 8),
    Same("flipello10", 10, 10),
    Same("normal", 8, 8),
    Same("nocastle", 8, 8),
    Same("raazuvaa", 8, 8),
    Same("chaturanga", 8, 8),
    Same("gardner", 5, 5),
    Same("georgian", 8, 8),
    Same("gothic", 10, 8),
    Same("paradigm", 8, 8),
    Same("misere", 8, 8),
    Same("suicide", 8, 8),
    Same("capahouse", 10, 8),
    Same("dragon", 8, 8),
    Same("armageddon", 8, 8),
    ShogiNoDropMate("mini", 5, 5, {"P": "T", "S": "A", "B": "H", "R": "D"}),
    ShogiNoDropMate("gorogoro", 5, 6, {"P": "T", "S": "A"}),
    ShogiNoDropMate("judkins", 6, 6, {"P": "T", "N": "E", "S": "A", "B": "H", "R": "D"}),
    ShogiNoDropMate("okisakishogi", 10, 10, {"P": "T", "L": "Y", "N": "E", "S": "A", "B": "H", "R": "D"}),
    CheckShogi("checkshogi", 9, 9, {"P": "T", "L": "Y", "N": "E", "S": "A", "B": "H", "R": "D"}),
    Same("minixiangqi", 7, 7),
    Same("clobber10", 10, 10),
    Same("fox-and-hounds", 8, 8),
    Same("petrified", 8, 8),
    # Chess960 starts, castling soon possible: the rights by rook file, as FSF writes them.
    FromPositions("fischerandom", 8, 8, [
        None,
        "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w GEge - 0 1",
        "rk5r/pppppppp/8/8/8/8/PPPPPPPP/RK5R w HAha - 0 1",
        "1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w GBgb - 0 1",
        "1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1",  # castling with the king staying on g1
    ]),
    FromPositions("caparandom", 10, 8, [
        None,
        "arbbnkrnqc/pppppppppp/10/10/10/10/PPPPPPPPPP/ARBBNKRNQC w GBgb - 0 1",
        "r1k6r/pppppppppp/10/10/10/10/PPPPPPPPPP/R1K6R w JAja - 0 1",
    ]),
]

# Random play: plain, and preferring pawn moves so that pawns reach their promotion zone.
PLAIN = {"special": 1 / 3}
PAWNS = {"special": 1 / 3, "pawn": 0.5}


def main():
    names = [a.name for a in VARIANTS]
    ap = fc.arguments(__doc__, depth=2)
    ap.add_argument("--positions", type=int, default=500, help="positions to compare per variant at least")
    ap.add_argument("--plies", type=int, default=100, help="plies per random game at most")
    ap.add_argument("--fen-every", type=int, default=3, help="hand Chimera the FEN every N plies (0: never)")
    ap.add_argument("--variants", default=",".join(names))
    ap.add_argument("--ruleset", help="check this ruleset file instead, as Fairy-Stockfish's --as variant (a new ruleset before it is built in)")
    ap.add_argument("--as", dest="as_name", help="with --ruleset: Fairy-Stockfish's name for it")
    ap.add_argument("--size", default="8x8", help="with --ruleset: FILESxRANKS")
    ap.add_argument("--plus", help="with --ruleset: the letter of the type pieces promote to by themselves (Fairy-Stockfish's `+`), "
                    "or for several, each letter and its promoted type's (`P=C,N=H`: Shogi style, every promotion a `+`)")
    ap.add_argument("--flip", action="store_true", help="with --plus P=C,...: the promoted pieces turn back when they move "
                    "(Fairy-Stockfish's `pieceDemotion`: `a1a2-`, drops of the other face `+S@c3`)")
    ap.add_argument("--turns", action="store_true", help="with --ruleset: compare whole turns of several parts (`e2e4,e4e5`: walls)")
    ap.add_argument("--ini", help="with --ruleset: load this variants.ini into Fairy-Stockfish too (for --as a section of it: `chimera import-ini`'s output)")
    args = ap.parse_args()
    if args.ruleset:
        files, ranks = (int(n) for n in args.size.split("x"))
        if args.plus and "=" in args.plus:
            promotes = dict(pair.upper().split("=") for pair in args.plus.split(","))
            adapter = (Flip if args.flip else Shogi)(args.as_name, files, ranks, promotes)
            with open(args.ruleset, "rb") as f:
                adapter.hands = "drops" in tomllib.load(f)
            adapter.fvar = args.as_name
        elif args.plus:
            adapter = PiecePromotion(args.as_name, files, ranks, args.plus.upper())
        else:
            with open(args.ruleset, "rb") as f:
                ruleset = tomllib.load(f)
            royals = {p["letter"].upper() for p in ruleset.get("pieces", {}).values() if isinstance(p, dict) and p.get("royal")}
            if "drops" in ruleset and "atomic" in ruleset.get("modules", {}):
                adapter = AtomicHouse(args.as_name, files, ranks, royals)
            else:
                adapter = Same(args.as_name, files, ranks)
        adapter.name = adapter.cvar = args.ruleset
        adapter.turns = args.turns
        VARIANTS.append(adapter)
        names.append(adapter.name)
        args.variants = adapter.name

    wanted = args.variants.split(",")
    unknown = [w for w in wanted if w not in names]
    if unknown:
        print(f"unknown variant(s) {unknown}; known: {names}")
        return 2
    adapters = [a for a in VARIANTS if a.name in wanted]
    extra_ini = open(args.ini).read() if args.ini else None
    started = fc.start(args, adapters, extra_ini)
    if started is None:
        return 0
    missing = [a.name for a in adapters if a.fvar not in fc.SF.variants()]
    if missing:
        print(f"this pyffish lacks {missing}: skipped")
        adapters = [a for a in adapters if a.fvar not in missing]

    result = fc.Result()
    perfts = []
    with fc.make_pool(args.jobs) as pool:
        if args.depth > 0:
            perfts = fc.perft_all(adapters, args.depth, pool, result)
        t = time.time()
        deadline = t + args.budget if args.budget else None
        compared, games = fc.games_to_budget(pool, adapters, names, args, (PLAIN, PAWNS), result, deadline)
        print(f"random games ({time.time() - t:.1f}s), positions (games) per variant: "
              + ", ".join(f"{k} {v} ({games[k]})" for k, v in compared.items()), flush=True)
    extra = f", perft({args.depth}): " + ", ".join(perfts) if perfts else ""
    return fc.report("fsf_library", result, started, extra)


if __name__ == "__main__":
    sys.exit(main())
