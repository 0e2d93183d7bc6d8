#!/usr/bin/env python3
"""Chu shogi against lishogi's shogiops, position by position: random games played by
Chimera (`chimera serve`), each position's legal-move count compared with shogiops'
perft 1, once shogiops' separate double steps through an empty square are added to
Chimera's count (where Chimera has one move, the step or leap to the same square).

    scripts/chushogi_oracle.py [--games N] [--plies N] [--seed N] [--binary PATH]

Needs Node.js and npm (installs `shogiops@0.18.0` into a scratch folder). Exits 1 on any
disagreement, printing the position; otherwise prints the counts compared."""
import argparse, json, os, random, subprocess, sys, tempfile
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import fsf_common as fc  # noqa: E402

FILES = "abcdefghijkl"
HERE = os.path.dirname(os.path.abspath(__file__))


def square(name):
    return FILES.index(name[0]), int(name[1:]) - 1


def sfen_of(fen):
    """Chimera's FEN (White first, `lion=` field) as shogiops' SFEN (sente `b`)."""
    parts = fen.split()
    board, side = parts[0], parts[1]
    lion = next((p.split("=", 1)[1] for p in parts if p.startswith("lion=")), "-")
    if lion != "-":
        f, r = square(lion)
        lion = f"{12 - f}{chr(ord('a') + 11 - r)}"
    full = int(parts[5]) if len(parts) > 5 else 1
    ply = 2 * (full - 1) + (1 if side == "w" else 2)
    return f"{board} {'b' if side == 'w' else 'w'} {lion} {ply}"


def pieces(board):
    out = {}
    for i, row in enumerate(board.split("/")):
        r, f, k = 11 - i, 0, 0
        while k < len(row):
            c = row[k]
            if c.isdigit():
                n = c
                while k + 1 < len(row) and row[k + 1].isdigit():
                    k += 1
                    n += row[k]
                f += int(n)
            else:
                p = c
                if c == "+":
                    k += 1
                    p += row[k]
                out[(f, r)] = p
                f += 1
            k += 1
    return out


def through_empty(fen, ucis):
    """shogiops' double steps through an empty square that Chimera counts as one move."""
    parts = fen.split()
    board, white = pieces(parts[0]), parts[1] == "w"
    up = 1 if white else -1
    mine = (lambda p: p[-1].isupper()) if white else (lambda p: p[-1].islower())
    plain = set(u for u in ucis)
    kings = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]
    name = lambda f, r: f"{FILES[f]}{r + 1}"
    n = 0
    for (f, r), p in board.items():
        if not mine(p):
            continue
        kind = p.upper()
        if kind in ("N", "+O"):
            legs = [(d, kings) for d in kings]
        elif kind == "+H":
            legs = [((0, up), [(0, up), (0, -up)])]
        elif kind == "+D":
            legs = [((dx, up), [(dx, up), (-dx, -up)]) for dx in (-1, 1)]
        else:
            continue
        for (dx, dy), seconds in legs:
            via = (f + dx, r + dy)
            if not (0 <= via[0] < 12 and 0 <= via[1] < 12) or via in board:
                continue
            for ex, ey in seconds:
                to = (via[0] + ex, via[1] + ey)
                if to == (f, r) or not (0 <= to[0] < 12 and 0 <= to[1] < 12):
                    continue
                if name(f, r) + name(*to) in plain:
                    n += 1
    return n


def main():
    ap = fc.SeededParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--plies", type=int, default=150)
    ap.add_argument("--binary", default=os.path.join(HERE, "..", "target", "release", "chimera"))
    a = ap.parse_args()
    scratch = tempfile.mkdtemp(prefix="shogiops-")
    subprocess.run(["npm", "install", "--silent", "--prefix", scratch, "shogiops@0.18.0"], check=True)
    script = os.path.join(scratch, "oracle.mjs")
    with open(os.path.join(HERE, "chushogi_oracle.mjs")) as src, open(script, "w") as dst:
        dst.write(src.read())
    rng = random.Random(a.seed)
    serve = subprocess.Popen([a.binary, "serve"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ids = iter(range(1, 10**9))

    def ask(req):
        req["id"] = next(ids)
        serve.stdin.write(json.dumps(req) + "\n")
        serve.stdin.flush()
        return json.loads(serve.stdout.readline())

    cases = []  # (fen, chimera count + through-empty steps, why the game is over or None)
    lion_fields = 0
    for _ in range(a.games):
        game = ask({"op": "open", "variant": "chushogi"})["game"]
        for _ in range(a.plies):
            fen = ask({"op": "position", "game": game})["fen"]
            answer = ask({"op": "moves", "game": game})
            moves = answer["moves"]
            ucis = [m["uci"] for m in moves]
            cases.append((fen, len(ucis) + through_empty(fen, ucis), (answer["result"] or {}).get("reason")))
            lion_fields += "lion=-" not in fen
            if not ucis:
                break
            # Captures a third of the time, lion moves more often: the rules meet.
            takes = [m for m in moves if m["capture"]]
            pick = rng.choice(takes) if takes and rng.random() < 0.35 else rng.choice(moves)
            ask({"op": "play", "game": game, "move": pick["uci"]})
        ask({"op": "close", "game": game})
    serve.stdin.close()
    oracle = subprocess.run(["node", script], input="\n".join(sfen_of(c[0]) for c in cases) + "\n",
                            capture_output=True, text=True, cwd=scratch, check=True)
    theirs = oracle.stdout.split("\n")
    bad = ended = 0
    for (fen, ours, over), t in zip(cases, theirs):
        count, *end = t.split()
        # The game's end, both ways (a side without king or prince, no move, bare king,
        # bare kings), where shogiops' perft counts on regardless. A repetition is
        # Chimera's alone: shogiops' position knows no history.
        if over == "repetition":
            continue
        if over and end:
            ended += 1
            continue
        if bool(over) != bool(end) or str(ours) != count:
            bad += 1
            if bad <= 10:
                print(f"DISAGREE {fen}\n  sfen {sfen_of(fen)}\n  chimera {ours} shogiops {t}")
    print(f"chushogi vs shogiops: {len(cases)} positions ({lion_fields} just after a lion was taken by a non-lion, {ended} ended), {bad} disagreements")
    sys.exit(1 if bad else 0)


main()
