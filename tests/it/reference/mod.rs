//! An independent, deliberately naive reference move generator.
//!
//! It is written from the rules as documented on [`chimera::Rules`] and
//! [`chimera::betza::Direction`], not from the engine's code: a mailbox board
//! (`Vec<Option<Man>>`), plain loops, a FEN reader of its own, and legality by
//! playing every move on a copy of the position and asking whether any royal piece
//! of the mover can be captured. It is slow on purpose; its only job is to be
//! obviously right, so that the bitboard kernel can be checked against it.
//!
//! Semantics implemented (White's orientation; Black negates every dy):
//! * a range-1 direction is a leap, allowed unless one of its `path` squares is occupied;
//! * range 0 slides until blocked, range n slides at most n steps;
//! * mode Move: empty target only; Capture: enemy only; Both: either;
//! * `initial_only` directions only for a piece that has not moved (a piece is unmoved
//!   when it stands where the variant's start position has the identical piece, and
//!   stops being unmoved once it moves);
//! * a piece with `double_step_ranks` may step two squares straight forward from one of
//!   those own ranks when both squares ahead are empty; with `en_passant` that leaves the
//!   passed square as en-passant target (unless the double step promoted), onto which an
//!   `en_passant` piece may capture with a capture-capable, range-1, non-lame, non-initial
//!   direction, removing the piece that double-stepped;
//! * a move of a promoting piece that ends on a rank of its zone (or, with `from_zone`,
//!   starts there) promotes to each target type below its `limit` (own pieces on the
//!   board); mandatory: only those moves (none if no type is available); optional: the
//!   plain move as well, unless the piece could never move again from its destination;
//!   if-available: the plain move only when no type is available;
//! * castling: right held, `empty` squares empty (king and rook excepted), no `safe`
//!   square attacked (with the king lifted off the board), king not left attacked;
//! * a move is legal when afterwards no royal piece of the mover is attacked; with no
//!   royal piece on the board every move is legal; in a capture-all variant
//!   (`end.army_captured`) a side without pieces has no moves.
//!
//! * turns of several moves (`[turn] moves`, a series): the n-th turn of Progressive
//!   chess has n moves, a fixed count per side otherwise (White's first turn
//!   `first_turn_moves`); a move that attacks an enemy royal ends the turn where checks end
//!   it; with safety judged at the turn's end, a move may leave the mover's royal attacked
//!   if some continuation of the turn ends with it safe; a side whose opponent moves
//!   several times without checks ending the turn may not end its turn where that next
//!   turn could capture its royal (and is "in check" when so threatened: its king may
//!   not castle out of that check, nor through or onto a square where it would be so);
//!   a pawn that double-stepped in the opponent's last turn and moved no further may be
//!   taken en passant (while the square it passed is empty) by the turn's first move (or,
//!   `leading`, by each move while all before it in the turn took en passant), and that
//!   next turn's threat counts such captures too; perft counts whole turns, a move after
//!   which the mover has no move left ending its turn (and the game). FEN: the en-passant field
//!   lists the opponent's passed squares still takeable, `part=N` the move to play
//!   mid-turn, `passed=` the mover's own passed squares.
//! * on a board whose files wrap (`board.wrap = "files"`, cylinder chess) the a-file and
//!   the last file are adjacent: every step counts files round the cylinder, so a piece
//!   stepping off one side edge comes back on at the other; a rider stops before it
//!   would come back to its own square (it may not pass through or return to it), and a
//!   leap onto its own square is no move.
//! * with several boards side by side (`board.boards`), no step leaves its board; with
//!   `board.transfer = "next-board"` (Alice chess, from Wikipedia's and Pritchard's
//!   text) a move is kept only if every piece it moves (a castle's king and rook) finds
//!   the same square of the next board empty, and after it they stand there; a double
//!   step's pawn, passed on, is taken en passant from the board it left, on the square
//!   it passed there.
//! * the problemists' conditions, from their published rules (Wikipedia's "Circe chess",
//!   "Andernach chess", "Madrasi chess"): with `circe`, a captured non-royal piece is put
//!   back, after the move, on a square where the start position has a piece of its side
//!   and type — the only one; else the only one of the capture square's colour; else the
//!   one on the capture file (nearest its own first rank); else the nearest file (of the
//!   capture square's colour if any, ties to the a-side, then nearest its first rank); with
//!   none, its side's last rank on the capture file — if that square is empty; with
//!   `andernach`, a non-royal piece that captured (and promoted) turns to the other side;
//!   with `madrasi`, a non-royal piece attacked by an enemy piece of its type neither
//!   moves nor attacks (checks, castling squares), a royal never is. With
//!   `castling_rights_on_arrival`, a reborn or turned piece of a listed type on its
//!   side's castle rook square gains that castle while the king stands unmoved there.
//!
//! * Duck chess (`[turn] walls = "duck"`), from its published rules (chess.com's "Duck
//!   Chess" rules and Wikipedia's "Duck chess", after Tim Paulden): a turn is a move, then
//!   the duck — nobody's piece, never taken, never passed (a leap over it is no passing;
//!   a `*` in the FEN) — moved to another empty square (on the first turn, entered on any
//!   empty one), written from the square the move landed on (a castle's: the king's) to
//!   the duck's, `e4e5`, as Fairy-Stockfish writes it; mid-turn the FEN adds `part=2@e4`
//!   and the side to move is the one that moved. There is no check: no piece is royal, so
//!   every move is legal, the king may move into attack, and castling asks no square to be
//!   safe (only the squares between to be empty: the duck stops it). En passant as in
//!   chess, unless the duck landed on the passed square. The halfmove clock counts the
//!   turn's move; the fullmove number goes up after Black's duck. The game's end
//!   ([`RefPos::outcome`], compared where a turn has a wall part): a side whose king is
//!   taken loses, a side with no legal move wins (both as the published rules say). One
//!   difference from the published text, Chimera's documented choice (Fairy-Stockfish's
//!   form, where the move and the duck are one move; `tests/cases/duck/c-king-captured-
//!   ends-after-the-duck.toml`): the turn that takes the king still moves the duck, and the
//!   game ends with that turn, not at the capture. Whole turns ([`RefPos::legal_turns_uci`],
//!   `e2e4,e4e5`) are compared at every turn's start.
//!
//! * pieces in hand and drops as bughouse has them (one board; the published rules: the
//!   US Chess Federation's and chess.com's bughouse, Wikipedia's "Bughouse chess"), and
//!   crazyhouse's: instead of a move, a piece of the mover's hand (`[Qn]` after the FEN's
//!   board) is put on any empty square of its type's drop zone (`drop_ranks`: a pawn on
//!   neither the first nor the last rank), never where it could not move again, written
//!   `N@f3`; a drop may check and mate, and is legal when the mover's royal is then safe;
//!   a dropped piece counts as moved (a pawn dropped on its second rank still steps two:
//!   the step comes from its rank). A piece taken goes to the captor's hand as its
//!   `captured_as` type (crazyhouse), or leaves the board (bughouse: it goes to the
//!   partner on the other board, `tests/it/bughouse.rs`'s business); a promoted piece is
//!   marked (`Q~` in the FEN) and taken counts as the promoting type, a pawn. The hands
//!   are filled from outside too ([`RefPos::hands`]: the harness passes pieces from a
//!   partner at random). The game ends as [`RefPos::outcome`] says: mate when no move or
//!   drop of the pieces now in hand parries the check — a player may not wait for a
//!   partner's piece, Chimera's documented choice (`docs/src/variants.md`, "Bughouse on
//!   both boards", as Fairy-Stockfish's one-board `bughouse`), where chess.com's rules say
//!   "a check that could be blocked by a piece drop is not considered checkmate, even if
//!   the player doesn't have a piece in the bank" (and some over-the-board rules let such
//!   a player wait; [`RefPos::drop_could_parry`] tells those mates) — and stalemate loses
//!   (Chimera's ruleset, Fairy-Stockfish's value; chess.com's text does not say).
//!
//! Other drop rules (Shogi's and the rest), and rule modules, are not modelled:
//! `from_fen` refuses such variants.
#![allow(dead_code)]

use std::collections::BTreeMap;
use std::sync::Arc;

use chimera::betza::Mode;
use chimera::rules::{Captured, Judged, PieceDef, PromotionPolicy, ResetEvent, Rules, SeriesEnPassant, SeriesLength, Verdict, Walling};
use chimera::{Color, PieceType, Square};
use chimera::{EndReason, Outcome};

/// A piece on the mailbox board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Man {
    pub color: Color,
    pub kind: u8,
    /// Has moved (or was not on its start square when the position was set up).
    pub moved: bool,
}

/// A move of the reference generator (`Default` is a plain step from a1 to a1: every
/// constructor below names the fields its kind of move sets).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RefMove {
    pub from: usize,
    pub to: usize,
    pub promo: Option<u8>,
    /// Index into `rules.castles`.
    pub castle: Option<usize>,
    /// For an en-passant capture: the square of the captured piece.
    pub ep_victim: Option<usize>,
    pub double_step: bool,
    /// A locust move (`features/locust.rs`): the square it stops on first, taking the
    /// enemy piece there if there is one.
    pub via: Option<usize>,
    /// A turn's wall part (Duck chess): the duck goes from wherever it stands to `to`;
    /// `from` is the square the turn's move landed on (the part's anchor, as written).
    pub wall: bool,
    /// A drop of this type from the mover's hand onto `to` (`from` is `to`).
    pub drop: Option<u8>,
}

#[derive(Clone, Debug)]
pub struct RefPos {
    pub rules: Arc<Rules>,
    pub files: i32,
    pub ranks: i32,
    /// The a-file and the last file are adjacent (a cylinder).
    pub wrap: bool,
    /// Boards of equal width side by side in the files (`board.boards`); no step leaves
    /// its board.
    pub boards: i32,
    /// Alice chess: a moved piece passes to the same square of the next board, which must
    /// be empty (`board.transfer`).
    pub transfer: bool,
    pub board: Vec<Option<Man>>,
    pub turn: Color,
    /// Per castle: [White, Black].
    pub rights: Vec<[bool; 2]>,
    /// (target, victim).
    pub ep: Option<(usize, usize)>,
    pub halfmove: u32,
    pub fullmove: u32,
    /// Series only: the moves of this turn played so far.
    pub part: u32,
    /// Series only: per colour, the squares its pawns passed with a double step in its
    /// current or last turn, while the pawn stands beyond, unmoved since.
    pub passed: [Vec<usize>; 2],
    /// Series only: every move of this turn so far took en passant.
    pub all_en_passant: bool,
    /// Chu shogi's lion trading (`chu-lion`): the lion types and the `cheap` ones.
    pub lions: Option<(Vec<u8>, Vec<u8>)>,
    /// Where a non-lion just took a lion (`lion=` in the FEN).
    pub lion_struck: Option<usize>,
    /// Chu shogi's bare king (`chu-bare-king`): the kings, the types dead on their last
    /// rank, the types too weak to bare a king.
    pub bare_king: Option<[Vec<u8>; 3]>,
    /// Walled squares (`*` in a FEN): the duck, and the board's own walls.
    pub walls: Vec<bool>,
    /// Duck chess mid-turn: the move is played and the duck is to move; the square the
    /// move landed on (`part=2@e4` in the FEN).
    pub anchor: Option<usize>,
    /// Pieces in hand, per colour, a count per type (`[Qn]` after the board in a FEN);
    /// empty where the variant has no hands.
    pub hands: [Vec<u8>; 2],
    /// Pieces that promoted (`Q~`): taken, they count as the promoting type.
    pub promoted: Vec<bool>,
}

fn other(c: Color) -> Color {
    match c {
        Color::White => Color::Black,
        Color::Black => Color::White,
    }
}

fn ci(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Reads a FEN board field into a mailbox, rank 1 first.
fn parse_board(rules: &Rules, files: i32, ranks: i32, field: &str) -> Result<Vec<Option<(Color, u8)>>, String> {
    parse_board_walls(rules, files, ranks, field).map(|(board, _, _)| board)
}

/// A FEN board field's mailbox, walls (`*`) and promoted marks (`Q~`).
type Placed = (Vec<Option<(Color, u8)>>, Vec<bool>, Vec<bool>);

/// Reads a FEN board field into a mailbox, rank 1 first, with its walls and the pieces
/// marked promoted.
fn parse_board_walls(rules: &Rules, files: i32, ranks: i32, field: &str) -> Result<Placed, String> {
    // (The hand, `[…]` after the board, is read by the caller.)
    let field = field.split('[').next().unwrap_or(field);
    let rows: Vec<&str> = field.split('/').collect();
    if rows.len() as i32 != ranks {
        return Err(format!("{} rows for {} ranks", rows.len(), ranks));
    }
    let mut board = vec![None; (files * ranks) as usize];
    let mut walls = vec![false; (files * ranks) as usize];
    let mut promoted = vec![false; (files * ranks) as usize];
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i as i32;
        let mut file = 0i32;
        let chars: Vec<char> = row.chars().collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            if c.is_ascii_digit() {
                let mut n = 0i32;
                while k < chars.len() && chars[k].is_ascii_digit() {
                    n = n * 10 + chars[k].to_digit(10).unwrap() as i32;
                    k += 1;
                }
                file += n;
                continue;
            }
            if c == '~' {
                if file == 0 {
                    return Err(format!("`~` before a piece in row {row}"));
                }
                promoted[(rank * files + file - 1) as usize] = true;
                k += 1;
                continue;
            }
            if c == '*' {
                if file >= files {
                    return Err(format!("row {row} too long"));
                }
                walls[(rank * files + file) as usize] = true;
                file += 1;
                k += 1;
                continue;
            }
            // `+X`: the face without a letter of the piece lettered X.
            let plus = c == '+';
            let c = if plus { *chars.get(k + 1).ok_or("`+` at the end of a row")? } else { c };
            k += usize::from(plus);
            let base = rules.pieces.iter().position(|p| p.letter == Some(c.to_ascii_uppercase()));
            let kind = match base {
                Some(b) if plus => rules.pieces.iter().position(|p| p.letter.is_none() && p.face_of == Some(PieceType::new(b as u8))),
                found => found,
            }
            .ok_or_else(|| format!("unknown piece letter {c}"))?;
            let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
            if file >= files {
                return Err(format!("row {row} too long"));
            }
            board[(rank * files + file) as usize] = Some((color, kind as u8));
            file += 1;
            k += 1;
        }
        if file != files {
            return Err(format!("row {row} has {file} files, not {files}"));
        }
    }
    Ok((board, walls, promoted))
}

impl RefPos {
    /// Sets up a position from FEN (board, side, castling, en passant, counters, and the
    /// `unmoved=` extension).
    pub fn from_fen(rules: Arc<Rules>, fen: &str) -> Result<RefPos, String> {
        if let Some(d) = &rules.drops {
            // Hands and drops as in crazyhouse and bughouse, nothing more.
            let plain = d.per_file.is_empty()
                && d.no_drop_mate.is_empty()
                && d.capacity.is_none()
                && !d.immobile_drops
                && d.must_drop.is_empty()
                && d.opposite_colors.is_empty()
                && d.castling_rights_on_drop.is_empty()
                && d.drop_moves
                && !d.promoted
                && !d.unlimited
                && d.placement.is_none()
                && d.checks
                && rules.pieces.iter().filter(|p| p.promotion.is_some()).count() <= 1
                && rules.turn.walls.is_none()
                && rules.turn.series.is_none();
            if !plain {
                return Err("of pieces in hand and drops the reference models crazyhouse's and bughouse's alone".into());
            }
        }
        // Of the rule modules, only Chu shogi's lion trading and bare king (read from their
        // texts below) and Checkless chess's ban.
        if rules.modules.iter().any(|m| !["chu-lion", "chu-bare-king", "checkless"].contains(&m.name.as_str())) {
            return Err("the reference does not model rule modules".into());
        }
        if rules.turn.walls.is_some_and(|w| w != Walling::Duck) || (rules.turn.walls.is_some() && rules.turn.series.is_some()) {
            return Err("of the walls placed in play the reference models the duck alone".into());
        }
        let names = |key: &str, spec: &chimera::rules::ModuleSpec| -> Vec<u8> {
            let list = spec.params.get(key).and_then(|v| v.as_array()).cloned().unwrap_or_default();
            list.iter().filter_map(|v| v.as_str()).filter_map(|n| rules.pieces.iter().position(|p| p.name == n)).map(|t| t as u8).collect()
        };
        let lions = rules.modules.iter().find(|m| m.name == "chu-lion").map(|m| (names("lions", m), names("cheap", m)));
        let bare_king = rules
            .modules
            .iter()
            .find(|m| m.name == "chu-bare-king")
            .map(|m| [names("kings", m), names("dead_on_last_rank", m), names("weak", m)]);
        let files = rules.geometry.files as i32;
        let ranks = rules.geometry.ranks as i32;
        let fields: Vec<&str> = fen.split_whitespace().collect();
        let (board_field, hand_field) = match fields[0].split_once('[') {
            Some((b, h)) => (b, Some(h.strip_suffix(']').ok_or("a hand without `]`")?)),
            None => (fields[0], None),
        };
        let (placed, walls, promoted) = parse_board_walls(&rules, files, ranks, board_field)?;
        let mut hands = [vec![0u8; rules.pieces.len()], vec![0u8; rules.pieces.len()]];
        if rules.drops.is_some() {
            for c in hand_field.ok_or("no hand in the FEN")?.chars() {
                let kind =
                    rules.pieces.iter().position(|p| p.letter == Some(c.to_ascii_uppercase())).ok_or(format!("bad hand letter {c}"))?;
                hands[usize::from(c.is_ascii_lowercase())][kind] += 1;
            }
        }
        let start_field = rules.start_fen.split_whitespace().next().unwrap_or("");
        let start = parse_board(&rules, files, ranks, start_field)?;
        let board = placed
            .iter()
            .zip(start.iter())
            .map(|(p, s)| p.map(|(color, kind)| Man { color, kind, moved: *s != Some((color, kind)) }))
            .collect();
        let turn = match fields.get(1).copied().unwrap_or("w") {
            "w" => Color::White,
            "b" => Color::Black,
            s => return Err(format!("bad side {s}")),
        };
        let mut pos = RefPos {
            rights: vec![[false; 2]; rules.castles.len()],
            rules: rules.clone(),
            files,
            ranks,
            wrap: rules.geometry.wrap_files,
            boards: rules.geometry.boards as i32,
            transfer: rules.transfer,
            board,
            turn,
            ep: None,
            halfmove: 0,
            fullmove: 1,
            part: 0,
            passed: [Vec::new(), Vec::new()],
            all_en_passant: true,
            lions,
            lion_struck: None,
            bare_king,
            walls,
            anchor: None,
            hands,
            promoted,
        };
        let castling = fields.get(2).copied().unwrap_or("-");
        if castling != "-" {
            for c in castling.chars() {
                let color = if c.is_ascii_uppercase() { Color::White } else { Color::Black };
                let i = rules
                    .castles
                    .iter()
                    .position(|k| k.fen_letter == c.to_ascii_uppercase())
                    .ok_or_else(|| format!("unknown castling letter {c}"))?;
                pos.rights[i][ci(color)] = true;
            }
        }
        let ep = fields.get(3).copied().unwrap_or("-");
        // Duck chess mid-turn (`part=2@e4`): the side to move is the one that just moved.
        let mid_turn = rules.turn.walls.is_some() && fields.iter().skip(6).any(|f| f.starts_with("part=2@"));
        if ep != "-" && rules.turn.series.is_some() {
            pos.passed[ci(other(turn))] = pos.square_list(ep)?;
        } else if ep != "-" {
            let squares = pos.square_list(ep)?;
            // The double-stepped piece stands one square further on from the mover's view
            // (with a transfer, on the next board), unless the field names it too.
            let dy = if (turn == Color::White) != mid_turn { -1 } else { 1 };
            pos.ep = Some(match squares[..] {
                [target] => {
                    let beyond = pos.offset(target, 0, dy).ok_or("ep victim off the board")?;
                    (target, if pos.transfer { pos.twin(beyond) } else { beyond })
                }
                [a, b] if pos.board[a].is_none() => (a, b),
                [a, b] => (b, a),
                _ => return Err(format!("bad ep field {ep}")),
            });
        }
        if let Some(h) = fields.get(4) {
            pos.halfmove = h.parse().map_err(|_| "bad halfmove clock")?;
        }
        if let Some(f) = fields.get(5) {
            pos.fullmove = f.parse().map_err(|_| "bad fullmove number")?;
        }
        // Extension: `unmoved=e2,g1` (or `unmoved=-`) names the pieces that have never
        // moved, overriding the start-position rule above.
        for ext in fields.iter().skip(6) {
            if let Some(sq) = ext.strip_prefix("part=2@").filter(|_| rules.turn.walls.is_some()) {
                pos.anchor = Some(pos.parse_square(sq).ok_or_else(|| format!("bad square {sq}"))?);
                continue;
            }
            if let Some(n) = ext.strip_prefix("part=") {
                pos.part = n.parse::<u32>().map_err(|_| format!("bad part {n}"))? - 1;
                continue;
            }
            if let Some(list) = ext.strip_prefix("passed=") {
                pos.passed[ci(turn)] = pos.square_list(list)?;
                continue;
            }
            if let Some(sq) = ext.strip_prefix("lion=") {
                pos.lion_struck = if sq == "-" { None } else { Some(pos.parse_square(sq).ok_or_else(|| format!("bad square {sq}"))?) };
                continue;
            }
            let list = ext.strip_prefix("unmoved=").ok_or_else(|| format!("unknown FEN extension {ext}"))?;
            let unmoved: Vec<usize> = if list == "-" {
                Vec::new()
            } else {
                list.split(',').map(|n| pos.parse_square(n).ok_or_else(|| format!("bad square {n}"))).collect::<Result<_, _>>()?
            };
            for (sq, man) in pos.board.iter_mut().enumerate() {
                if let Some(m) = man {
                    m.moved = !unmoved.contains(&sq);
                }
            }
        }
        Ok(pos)
    }

    /// Squares written one after another (`d6e6`).
    fn square_list(&self, text: &str) -> Result<Vec<usize>, String> {
        let mut out = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            let digits = rest[1..].find(|c: char| !c.is_ascii_digit()).map_or(rest.len(), |i| i + 1);
            let (name, tail) = rest.split_at(digits);
            out.push(self.parse_square(name).ok_or_else(|| format!("bad square {name}"))?);
            rest = tail;
        }
        out.sort();
        Ok(out)
    }

    pub fn start(rules: Arc<Rules>) -> RefPos {
        let fen = rules.start_fen.clone();
        RefPos::from_fen(rules, &fen).expect("start position")
    }

    // ---- squares -------------------------------------------------------------------

    fn file(&self, s: usize) -> i32 {
        s as i32 % self.files
    }
    fn rank(&self, s: usize) -> i32 {
        s as i32 / self.files
    }
    fn offset(&self, s: usize, dx: i32, dy: i32) -> Option<usize> {
        // Files counted on the square's own board.
        let width = self.files / self.boards;
        let first = self.file(s) / width * width;
        let (mut f, r) = (self.file(s) - first + dx, self.rank(s) + dy);
        if self.wrap {
            // Round the cylinder: file -1 is the last file, file `width` is the a-file.
            f = f.rem_euclid(width);
        }
        (f >= 0 && f < width && r >= 0 && r < self.ranks).then(|| (r * self.files + first + f) as usize)
    }
    /// The same square of the next board (the first after the last).
    fn twin(&self, s: usize) -> usize {
        let f = (self.file(s) + self.files / self.boards) % self.files;
        (self.rank(s) * self.files + f) as usize
    }
    /// The rank as seen by `c` (0 = its own first rank).
    fn own_rank(&self, s: usize, c: Color) -> i32 {
        match c {
            Color::White => self.rank(s),
            Color::Black => self.ranks - 1 - self.rank(s),
        }
    }
    /// A square of White's castling description, for `c`.
    fn for_color(&self, s: Square, c: Color) -> usize {
        let s = s.index();
        match c {
            Color::White => s,
            Color::Black => ((self.ranks - 1 - self.rank(s)) * self.files + self.file(s)) as usize,
        }
    }
    /// The squares of castle `i` for `c`: king from, king to, rook from, rook to, and the
    /// squares that must be empty.
    pub fn castle_squares(&self, i: usize, c: Color) -> (usize, usize, usize, usize, Vec<usize>) {
        let k = &self.rules.castles[i];
        let m = |s: Square| self.for_color(s, c);
        (m(k.king_from), m(k.king_to), m(k.rook_from), m(k.rook_to), k.empty.iter().map(|&s| m(s)).collect())
    }
    pub fn square_name(&self, s: usize) -> String {
        format!("{}{}", (b'a' + self.file(s) as u8) as char, self.rank(s) + 1)
    }
    fn parse_square(&self, name: &str) -> Option<usize> {
        let f = name.chars().next()? as i32 - 'a' as i32;
        let r: i32 = name[1..].parse().ok()?;
        (f >= 0 && f < self.files && r >= 1 && r <= self.ranks).then(|| ((r - 1) * self.files + f) as usize)
    }
    /// No piece and no wall on `s`.
    fn empty(&self, s: usize) -> bool {
        self.board[s].is_none() && !self.walls[s]
    }

    fn sign(c: Color) -> i32 {
        if c == Color::White {
            1
        } else {
            -1
        }
    }

    // ---- attacks ---------------------------------------------------------------------

    /// Whether a piece of `by` could capture onto `target` (the piece there, if any,
    /// is treated as an enemy of `by`).
    pub fn attacked(&self, target: usize, by: Color) -> bool {
        self.attacked_by(target, by, &|_, _| true)
    }

    /// Whether a piece of `by` for which `counts(square, piece)` holds attacks `target`.
    fn attacked_by(&self, target: usize, by: Color, counts: &dyn Fn(usize, Man) -> bool) -> bool {
        for s in 0..self.board.len() {
            let Some(man) = self.board[s] else { continue };
            if man.color != by || !counts(s, man) {
                continue;
            }
            let sign = Self::sign(by);
            if self.locust_attacks(s, man, target) {
                return true;
            }
            for d in &self.rules.pieces[man.kind as usize].directions {
                if d.mode == Mode::Move || (d.initial_only && man.moved) {
                    continue;
                }
                let (dx, dy) = (d.dx as i32, d.dy as i32 * sign);
                if d.range == 1 {
                    if self.offset(s, dx, dy) == Some(target) && target != s && self.path_clear(s, &d.path, sign) {
                        return true;
                    }
                    continue;
                }
                // A rider: step by step along (dx, dy), at most `range` steps, never
                // back onto its own square; the target attacked if reached with every
                // square before it empty.
                let (mut cur, mut steps) = (s, 0);
                while let Some(next) = self.offset(cur, dx, dy).filter(|&n| n != s) {
                    steps += 1;
                    if next == target {
                        return true;
                    }
                    if !self.empty(next) || (d.range != 0 && steps >= d.range as u32) {
                        break;
                    }
                    cur = next;
                }
            }
        }
        false
    }

    /// Whether a locust move of `man` on `s` could take a piece on `target`: on its way
    /// (the landing then open: back home, empty, or an enemy of `man`), or on landing
    /// (its first square then as the move needs it).
    fn locust_attacks(&self, s: usize, man: Man, target: usize) -> bool {
        let sign = Self::sign(man.color);
        let enemy = |sq: usize| sq == target || matches!(self.board[sq], Some(m) if m.color != man.color);
        let empty = |sq: usize| sq == s || (sq != target && self.empty(sq));
        self.rules.pieces[man.kind as usize].locusts.iter().any(|d| {
            let lo = d.locust.expect("a locust move");
            let via = self.offset(s, lo.via.0 as i32, lo.via.1 as i32 * sign);
            let to = if (d.dx, d.dy) == (0, 0) { Some(s) } else { self.offset(s, d.dx as i32, d.dy as i32 * sign) };
            let (Some(via), Some(to)) = (via, to) else { return false };
            let lands = to == s || (d.mode != Mode::Capture && empty(to)) || (d.mode != Mode::Move && enemy(to));
            let on_the_way = lo.takes && via == target && lands;
            let on_landing = to == target && to != s && d.mode != Mode::Move && if lo.takes { enemy(via) } else { empty(via) };
            on_the_way || on_landing
        })
    }

    fn path_clear(&self, from: usize, path: &[(i8, i8)], sign: i32) -> bool {
        path.iter().all(|&(px, py)| match self.offset(from, px as i32, py as i32 * sign) {
            Some(p) => self.empty(p),
            None => false,
        })
    }

    /// Whether any royal piece of `c` is attacked (with Madrasi, by a piece not paralysed).
    pub fn royal_attacked(&self, c: Color) -> bool {
        (0..self.board.len()).any(|s| match self.board[s] {
            Some(m) if m.color == c && self.rules.pieces[m.kind as usize].royal => {
                self.attacked_by(s, other(c), &|from, _| !self.paralysed(from))
            }
            _ => false,
        })
    }

    /// Madrasi: whether the piece on `s` is paralysed — not royal, and attacked by an
    /// enemy piece of its own type (paralysed or not). Never without `madrasi`.
    pub fn paralysed(&self, s: usize) -> bool {
        let Some(man) = self.board[s] else { return false };
        self.rules.madrasi
            && !self.rules.pieces[man.kind as usize].royal
            && self.attacked_by(s, other(man.color), &|_, m| m.kind == man.kind)
    }

    pub fn in_check(&self) -> bool {
        if self.threatened(self.turn) {
            // Threatened by the opponent's next turn, as if ours were over.
            let mut next = self.clone();
            next.part = 0;
            next.all_en_passant = true;
            if next.turn == Color::Black {
                next.fullmove += 1;
            }
            next.turn = other(next.turn);
            return next.captures_royal_in_turn(self.turn);
        }
        self.royal_attacked(self.turn)
    }

    // ---- turns of several moves --------------------------------------------------------

    /// The moves of the side to move's current turn.
    pub fn turn_length(&self) -> u32 {
        let Some(s) = &self.rules.turn.series else { return 1 };
        if self.turn == Color::White && self.fullmove == 1 {
            if let Some(n) = s.first_turn_moves {
                return n as u32;
            }
        }
        match s.length {
            SeriesLength::Fixed(n) => n[ci(self.turn)] as u32,
            SeriesLength::Progressive => (2 * (self.fullmove - 1) + ci(self.turn) as u32 + 1).min(255),
        }
    }

    /// Whether `c`'s opponent may make more than one move a turn with checks not ending it.
    fn threatened(&self, c: Color) -> bool {
        let Some(s) = &self.rules.turn.series else { return false };
        let most = match s.length {
            SeriesLength::Fixed(n) => {
                let first = if c == Color::Black { s.first_turn_moves.unwrap_or(0) } else { 0 };
                n[ci(other(c))].max(first)
            }
            SeriesLength::Progressive => 2,
        };
        !s.check_ends_turn && most > 1
    }

    /// Whether the side to move can take a royal of `victim` before its turn ends.
    fn captures_royal_in_turn(&self, victim: Color) -> bool {
        if self.royal_attacked(victim) {
            return true;
        }
        if self.part + 1 >= self.turn_length() {
            return false;
        }
        // En passant too: the turn's first move may take a pawn the victim just
        // double-stepped, and go on to the royal.
        let mut moves = self.pseudo_moves();
        moves.extend(self.series_en_passant());
        moves.iter().any(|m| {
            let p = self.play(m);
            p.turn == self.turn && p.captures_royal_in_turn(victim)
        })
    }

    /// The en-passant captures of a series: pawns the opponent double-stepped in its last
    /// turn, standing beyond the passed square, on the turn's first move (or each move
    /// while all before it took en passant, with `leading`).
    /// Whether `def` on `from` has a one-step capturing leap onto `target` (the en-passant
    /// capture's move), `sign` the mover's forward.
    fn takes_onto(&self, def: &PieceDef, from: usize, target: usize, sign: i32) -> bool {
        def.directions.iter().any(|d| {
            d.range == 1
                && d.path.is_empty()
                && !d.initial_only
                && d.mode != Mode::Move
                && self.offset(from, d.dx as i32, d.dy as i32 * sign) == Some(target)
        })
    }

    fn series_en_passant(&self) -> Vec<RefMove> {
        let Some(s) = &self.rules.turn.series else { return Vec::new() };
        let us = self.turn;
        let them = other(us);
        let may = self.part == 0 || (s.en_passant == SeriesEnPassant::Leading && self.all_en_passant);
        let mut out = Vec::new();
        if !may {
            return out;
        }
        for &target in &self.passed[ci(them)] {
            let Some(victim) = self.offset(target, 0, Self::sign(them)) else { continue };
            let victim_ok = matches!(self.board[victim], Some(m) if m.color == them && self.rules.pieces[m.kind as usize].en_passant);
            if !victim_ok || !self.empty(target) {
                continue;
            }
            for from in 0..self.board.len() {
                let Some(man) = self.board[from] else { continue };
                let def = &self.rules.pieces[man.kind as usize];
                if man.color != us || !def.en_passant {
                    continue;
                }
                if self.takes_onto(def, from, target, Self::sign(us)) {
                    out.push(RefMove { from, to: target, ep_victim: Some(victim), ..RefMove::default() });
                }
            }
        }
        out
    }

    /// The legal moves of a series' turn.
    fn series_legal_moves(&self) -> Vec<RefMove> {
        let s = self.rules.turn.series.as_ref().expect("a series");
        let us = self.turn;
        let later = s.judged == Judged::Turn && self.part + 1 < self.turn_length();
        let mut moves = self.pseudo_moves();
        moves.extend(self.series_en_passant());
        moves
            .into_iter()
            .filter(|m| {
                let p = self.play(m);
                if p.turn == us {
                    // The turn goes on.
                    if later {
                        !p.legal_moves().is_empty()
                    } else {
                        !p.royal_attacked(us)
                    }
                } else {
                    !p.royal_attacked(us) && !(self.threatened(us) && p.captures_royal_in_turn(us))
                }
            })
            .collect()
    }

    /// A series' bookkeeping after move `m` of `self` gave `p` (played as a single move).
    fn after_series_move(&self, m: &RefMove, p: &mut RefPos, reset: bool) {
        let s = self.rules.turn.series.as_ref().expect("a series");
        let us = self.turn;
        let them = other(us);
        p.turn = us;
        p.fullmove = self.fullmove;
        p.ep = None;
        p.halfmove = if self.part == 0 {
            if reset {
                0
            } else {
                self.halfmove + 1
            }
        } else if reset {
            0
        } else {
            self.halfmove
        };
        // Our passed squares: a pawn that moves on ends the chance to take it (a piece
        // landing on the square only stands in the way while there: the pawn moved two
        // squares "but no further"); a double step adds one.
        let own = &mut p.passed[ci(us)];
        own.retain(|&t| self.offset(t, 0, Self::sign(us)) != Some(m.from));
        if m.double_step && m.promo.is_none() {
            own.push((m.from + m.to) / 2);
            own.sort();
        }
        if m.ep_victim.is_none() || s.en_passant == SeriesEnPassant::First {
            p.all_en_passant = false;
        }
        let ends = self.part + 1 >= self.turn_length() || (s.check_ends_turn && p.royal_attacked(them));
        if ends {
            p.part = 0;
            p.turn = them;
            if us == Color::Black {
                p.fullmove += 1;
            }
            p.passed[ci(them)].clear();
            p.all_en_passant = true;
        } else {
            p.part = self.part + 1;
        }
    }

    // ---- move generation -------------------------------------------------------------

    /// Moves that obey everything but the royal-safety rule (castling conditions included).
    pub fn pseudo_moves(&self) -> Vec<RefMove> {
        let us = self.turn;
        if let Some(anchor) = self.anchor {
            return self.duck_moves(anchor);
        }
        // In a capture-all variant the game is over once a side has no piece left.
        if self.rules.end.army_captured.is_some() && !self.board.iter().any(|m| matches!(m, Some(m) if m.color == us)) {
            return Vec::new();
        }
        // A side that has lost every piece of a kind counted together (Chu shogi's king
        // and prince) has lost: no moves.
        for e in self.rules.end.extinction.iter().filter(|e| e.together) {
            let kinds = e.of.unwrap_or_default();
            let left = self.board.iter().flatten().filter(|m| m.color == us && kinds.contains(PieceType::new(m.kind))).count();
            if left <= e.at_most as usize {
                return Vec::new();
            }
        }
        // A side down to `at_most` pieces of a type counted alone (Duck chess's king taken)
        // while the opponent has at least `opponent_at_least` has lost: no moves.
        for e in self.rules.end.extinction.iter().filter(|e| !e.together) {
            for t in e.of.unwrap_or_default().iter() {
                if self.count(us, t.get()) <= e.at_most as usize && self.count(other(us), t.get()) >= e.opponent_at_least as usize {
                    return Vec::new();
                }
            }
        }
        if self.bare_king_end().is_some() {
            return Vec::new();
        }
        let sign = Self::sign(us);
        // (from, to, castle, ep) -> double step
        let mut base: BTreeMap<(usize, usize, Option<usize>, Option<usize>), bool> = BTreeMap::new();
        let mut locusts = Vec::new();
        for s in 0..self.board.len() {
            let Some(man) = self.board[s] else { continue };
            if man.color != us || self.paralysed(s) {
                continue;
            }
            let def = &self.rules.pieces[man.kind as usize];
            for d in &def.directions {
                if d.initial_only && man.moved {
                    continue;
                }
                let (dx, dy) = (d.dx as i32, d.dy as i32 * sign);
                let mut cur = s;
                let mut steps = 0u32;
                // Never back onto its own square (round a cylinder).
                while let Some(next) = self.offset(cur, dx, dy).filter(|&n| n != s) {
                    steps += 1;
                    cur = next;
                    if d.range == 1 && !self.path_clear(s, &d.path, sign) {
                        break;
                    }
                    // A wall (the duck) is neither taken nor passed.
                    if self.walls[next] {
                        break;
                    }
                    match self.board[next] {
                        None => {
                            if d.mode != Mode::Capture {
                                base.entry((s, next, None, None)).or_insert(false);
                            }
                        }
                        Some(m) => {
                            if m.color != us && d.mode != Mode::Move {
                                base.entry((s, next, None, None)).or_insert(false);
                            }
                            break;
                        }
                    }
                    if d.range != 0 && steps >= d.range as u32 {
                        break;
                    }
                }
            }
            locusts.extend(self.locust_moves(s, us));
            // Double step.
            if def.double_step_ranks.contains(&(self.own_rank(s, us) as u8)) {
                if let (Some(a), Some(b)) = (self.offset(s, 0, sign), self.offset(s, 0, 2 * sign)) {
                    if self.empty(a) && self.empty(b) {
                        base.insert((s, b, None, None), true);
                    }
                }
            }
            // En passant.
            if let (true, Some((target, victim))) = (def.en_passant, self.ep) {
                let can = self.takes_onto(def, s, target, sign);
                let victim_ok = matches!(self.board[victim], Some(m) if m.color != us);
                if can && victim_ok && self.empty(target) {
                    base.insert((s, target, None, Some(victim)), false);
                }
            }
        }
        // Castling.
        let them = other(us);
        for (i, c) in self.rules.castles.iter().enumerate() {
            if !self.rights[i][ci(us)] {
                continue;
            }
            let kf = self.for_color(c.king_from, us);
            let rf = self.for_color(c.rook_from, us);
            let ours = |s: usize| matches!(self.board[s], Some(m) if m.color == us);
            if !ours(kf) || !ours(rf) || self.paralysed(kf) || self.paralysed(rf) {
                continue;
            }
            if c.empty.iter().any(|&e| {
                let e = self.for_color(e, us);
                e != kf && e != rf && !self.empty(e)
            }) {
                continue;
            }
            let mut lifted = self.clone();
            lifted.board[kf] = None;
            // With Madrasi the king is put on each square in turn, and only pieces not
            // paralysed there attack it.
            let passed = |e: usize| {
                let mut on = lifted.clone();
                on.board[e] = self.board[kf];
                on.attacked_by(e, them, &|from, _| !on.paralysed(from))
            };
            // Where the opponent's next turn may capture over several moves (Monster's
            // Black), "in check" is that threat: the king may not castle out of it, nor
            // through or onto a square where it would stand so (king put there, rook
            // unmoved).
            let threatened_on = |e: usize| {
                let mut on = lifted.clone();
                on.board[e] = self.board[kf];
                on.in_check()
            };
            // Where no piece is royal nothing is ever in check (Duck chess: "castling is
            // allowed out of, through and into check"): no square need be safe.
            if self.any_royal_type()
                && c.safe.iter().any(|&e| {
                    if self.threatened(us) {
                        threatened_on(self.for_color(e, us))
                    } else if self.rules.madrasi {
                        passed(self.for_color(e, us))
                    } else {
                        lifted.attacked(self.for_color(e, us), them)
                    }
                })
            {
                continue;
            }
            base.insert((kf, self.for_color(c.king_to, us), Some(i), None), false);
        }

        if self.transfer {
            // Every piece moved must find its square of the next board empty.
            base.retain(|&(_, to, castle, _), _| {
                let landings = match castle {
                    Some(i) => vec![self.for_color(self.rules.castles[i].king_to, us), self.for_color(self.rules.castles[i].rook_to, us)],
                    None => vec![to],
                };
                landings.iter().all(|&sq| self.board[self.twin(sq)].is_none())
            });
        }
        let mut out = Vec::new();
        for ((from, to, castle, ep_victim), double_step) in base {
            let plain = RefMove { from, to, castle, ep_victim, double_step, ..RefMove::default() };
            let kind = self.board[from].unwrap().kind;
            let promotion = self.rules.pieces[kind as usize].promotion.as_ref();
            let in_zone = |sq: usize| promotion.is_some_and(|p| p.ranks.contains(&(self.own_rank(sq, us) as u8)));
            match promotion {
                // (A piece that promotes as a move, Sittuyin's, is promoted by no arrival; the
                // reference has no such moves: it plays no variant with them.)
                Some(p)
                    if p.policy != PromotionPolicy::AsAMove
                        && castle.is_none()
                        && (ep_victim.is_none() || p.en_passant)
                        && ((if p.from_zone && in_zone(from) {
                            // `from_zone = "capturing"`: from inside, only a capture.
                            !p.from_zone_captures || self.board[to].is_some_and(|m| m.color != us)
                        } else {
                            in_zone(to)
                        }) || p.always_on.squares(self.rules.geometry, us).any(|sq| sq.index() == to)) =>
                {
                    // Only types below their limit are available.
                    let available: Vec<u8> = p.to[us]
                        .iter()
                        .copied()
                        .filter(|&t| self.rules.pieces[t].limit.is_none_or(|n| self.count(us, t.get()) < n as usize))
                        .map(PieceType::get)
                        .collect();
                    for &t in &available {
                        out.push(RefMove { promo: Some(t), ..plain.clone() });
                    }
                    let decline = match p.policy {
                        PromotionPolicy::Mandatory => false,
                        // Declining is not allowed where the piece could never move again.
                        PromotionPolicy::Optional => !self.immobile(kind, us, to),
                        PromotionPolicy::Free => true,
                        PromotionPolicy::IfAvailable => available.is_empty(),
                        PromotionPolicy::AsAMove => unreachable!("an arrival promotes no such piece"),
                    };
                    if decline {
                        out.push(plain);
                    }
                }
                _ => out.push(plain),
            }
        }
        out.extend(locusts);
        out.extend(self.drops());
        out
    }

    /// Drops from the mover's hand (crazyhouse's and bughouse's, from their published
    /// rules): a piece in hand onto any empty square of its drop zone (a pawn: not the
    /// first or last rank), never where it could not move again; a drop may check and
    /// mate.
    fn drops(&self) -> Vec<RefMove> {
        if self.rules.drops.is_none() {
            return Vec::new();
        }
        let us = self.turn;
        let mut out = Vec::new();
        for (kind, def) in self.rules.pieces.iter().enumerate() {
            if self.hands[ci(us)][kind] == 0 {
                continue;
            }
            let zone: Option<Vec<usize>> = def.drop_ranks.as_ref().map(|r| r.squares(self.rules.geometry, us).map(|s| s.index()).collect());
            for to in 0..self.board.len() {
                if !self.empty(to) || zone.as_ref().is_some_and(|z| !z.contains(&to)) || self.immobile(kind as u8, us, to) {
                    continue;
                }
                out.push(RefMove { from: to, to, drop: Some(kind as u8), ..RefMove::default() });
            }
        }
        out
    }

    /// The locust moves of `us`'s piece on `s`, read from its definition: a first step to
    /// a square that must hold an enemy (taken) or be empty, then the landing square, or
    /// back to `s`. (Pieces with such moves never promote: the ruleset refuses it.)
    fn locust_moves(&self, s: usize, us: Color) -> Vec<RefMove> {
        let sign = Self::sign(us);
        let Some(man) = self.board[s] else { return Vec::new() };
        let mut out = Vec::new();
        for d in &self.rules.pieces[man.kind as usize].locusts {
            let lo = d.locust.expect("a locust move");
            let Some(via) = self.offset(s, lo.via.0 as i32, lo.via.1 as i32 * sign) else { continue };
            let to = if (d.dx, d.dy) == (0, 0) { Some(s) } else { self.offset(s, d.dx as i32, d.dy as i32 * sign) };
            let Some(to) = to else { continue };
            let via_ok = !self.walls[via]
                && match self.board[via] {
                    Some(m) => lo.takes && m.color != us,
                    None => !lo.takes,
                };
            let to_ok = to == s
                || (!self.walls[to]
                    && match self.board[to] {
                        None => d.mode != Mode::Capture,
                        Some(m) => m.color != us && d.mode != Mode::Move,
                    });
            if via_ok && to_ok {
                out.push(RefMove { from: s, to, via: Some(via), ..RefMove::default() });
            }
        }
        out
    }

    /// Duck chess's second part, from its published rules (chess.com's "Duck Chess" and
    /// Wikipedia's "Duck chess"): the duck must move to a different empty square — any
    /// empty square on the first turn, when it is not on the board yet. Written from the
    /// square the turn's move landed on (`anchor`) to the duck's new square, as Chimera
    /// and Fairy-Stockfish write it.
    fn duck_moves(&self, anchor: usize) -> Vec<RefMove> {
        (0..self.board.len())
            .filter(|&to| self.empty(to))
            .map(|to| RefMove { from: anchor, to, wall: true, ..RefMove::default() })
            .collect()
    }

    /// The duck's square: the walled square that is not one of the board's own walls.
    fn duck(&self) -> Option<usize> {
        (0..self.walls.len()).find(|&s| self.walls[s] && !self.rules.walls.iter().any(|&w| w.index() == s))
    }

    /// Whether some piece type is royal (else nothing is ever in check).
    fn any_royal_type(&self) -> bool {
        self.rules.pieces.iter().any(|p| p.royal)
    }

    /// How many pieces of type `t` `c` has on the board.
    fn count(&self, c: Color, t: u8) -> usize {
        self.board.iter().filter(|m| matches!(m, Some(m) if m.color == c && m.kind == t)).count()
    }

    /// Whether a piece of type `kind` and colour `c` on `sq` could never move again, even
    /// on an empty board: none of its (non-initial) directions, nor a double step, leads
    /// from `sq` to a square of the board.
    fn immobile(&self, kind: u8, c: Color, sq: usize) -> bool {
        let def = &self.rules.pieces[kind as usize];
        let sign = Self::sign(c);
        let steps = def.directions.iter().any(|d| !d.initial_only && self.offset(sq, d.dx as i32, d.dy as i32 * sign).is_some());
        let double = def.double_step_ranks.contains(&(self.own_rank(sq, c) as u8)) && self.offset(sq, 0, 2 * sign).is_some();
        !(steps || double)
    }

    pub fn legal_moves(&self) -> Vec<RefMove> {
        if self.rules.turn.series.is_some() {
            return self.series_legal_moves();
        }
        let us = self.turn;
        let checkless = self.rules.modules.iter().any(|m| m.name == "checkless");
        self.pseudo_moves()
            .into_iter()
            .filter(|m| !self.play(m).royal_attacked(us) && self.lion_trade_allowed(m))
            .filter(|m| !checkless || self.checks_only_to_mate(m))
            .collect()
    }

    /// Checkless chess, from its text (Pritchard: "a player may not give check except to
    /// mate"): after `m`, the opponent is not in check, or is and has no legal move at
    /// all by orthodox rules (its own checking replies counted).
    fn checks_only_to_mate(&self, m: &RefMove) -> bool {
        let after = self.play(m);
        let them = after.turn;
        !after.royal_attacked(them) || after.pseudo_moves().iter().all(|r| after.play(r).royal_attacked(them))
    }

    /// Chu shogi's lion trading, from its text (H. G. Muller's Chu shogi page, as
    /// lishogi plays it): a lion takes an enemy lion two squares away only if no enemy
    /// piece would then attack that square, or if it took a piece other than a pawn or
    /// go-between on its way; right after a non-lion took a lion, a non-lion takes a lion
    /// only on that square.
    fn lion_trade_allowed(&self, m: &RefMove) -> bool {
        let Some((lions, cheap)) = &self.lions else { return true };
        let us = self.turn;
        let is_lion = |sq: usize| self.board[sq].is_some_and(|p| p.color != us && lions.contains(&p.kind));
        let mover = self.board[m.from].expect("a move starts on a piece");
        let via_victim = m.via.and_then(|v| self.board[v]).filter(|p| p.color != us);
        if !lions.contains(&mover.kind) {
            let Some(struck) = self.lion_struck else { return true };
            let takes = |sq: usize| sq != struck && is_lion(sq);
            return !(m.to != m.from && takes(m.to)) && !(via_victim.is_some() && m.via.is_some_and(takes));
        }
        let (f, r) = (m.from as i32 % self.files, m.from as i32 / self.files);
        let (tf, tr) = (m.to as i32 % self.files, m.to as i32 / self.files);
        if m.to == m.from || !is_lion(m.to) || (f - tf).abs().max((r - tr).abs()) < 2 {
            return true;
        }
        if via_victim.is_some_and(|p| !cheap.contains(&p.kind)) {
            return true;
        }
        !self.play(m).attacked(m.to, other(us))
    }

    /// The position after `m` (which must be one of [`RefPos::pseudo_moves`]).
    pub fn play(&self, m: &RefMove) -> RefPos {
        let us = self.turn;
        let mut p = self.clone();
        if m.wall {
            // The duck moves (or enters): the turn ends. The move part counted the turn's
            // halfmove; an en-passant square the duck lands on can no longer be moved to.
            if let Some(d) = self.duck() {
                p.walls[d] = false;
            }
            p.walls[m.to] = true;
            p.anchor = None;
            if p.ep.is_some_and(|(t, _)| t == m.to) {
                p.ep = None;
            }
            p.turn = other(us);
            if us == Color::Black {
                p.fullmove += 1;
            }
            return p;
        }
        p.ep = None;
        if let Some(kind) = m.drop {
            p.board[m.to] = Some(Man { color: us, kind, moved: true });
            p.hands[ci(us)][kind as usize] -= 1;
            p.promoted[m.to] = false;
            p.halfmove = if self.rules.end.move_rule_resets.contains(&ResetEvent::Drop) { 0 } else { self.halfmove + 1 };
            p.turn = other(us);
            if us == Color::Black {
                p.fullmove += 1;
            }
            return p;
        }
        let mut touched = vec![m.from, m.to];
        let mut capture = false;
        // The piece taken, and where it stood.
        let mut taken: Option<(Man, usize)> = None;
        let mut via_taken: Option<Man> = None;
        let mover = self.board[m.from].expect("a move starts on a piece");
        if let Some(i) = m.castle {
            let c = &self.rules.castles[i];
            let (kf, kt) = (self.for_color(c.king_from, us), self.for_color(c.king_to, us));
            let (rf, rt) = (self.for_color(c.rook_from, us), self.for_color(c.rook_to, us));
            let king = p.board[kf].take().expect("castling king");
            let rook = p.board[rf].take().expect("castling rook");
            p.board[kt] = Some(Man { moved: true, ..king });
            p.board[rt] = Some(Man { moved: true, ..rook });
            touched.push(rf);
            if self.transfer {
                p.board[self.twin(kt)] = p.board[kt].take();
                p.board[self.twin(rt)] = p.board[rt].take();
            }
        } else {
            if let Some(via) = m.via {
                // A locust move takes the piece on its first square, if any.
                via_taken = p.board[via].take();
                capture |= via_taken.is_some();
                touched.push(via);
            }
            let mut man = p.board[m.from].take().unwrap();
            let mut victim = None;
            if let Some(v) = m.ep_victim {
                victim = p.board[v].take().map(|man| (man, v));
                capture = true;
                touched.push(v);
            }
            if let Some(man) = p.board[m.to] {
                victim = Some((man, m.to));
                capture = true;
            }
            taken = victim;
            if let Some(t) = m.promo {
                man.kind = t;
            }
            man.moved = true;
            p.board[m.to] = Some(man);
            // A double step leaves an en-passant target, unless it promoted (the piece is
            // then no longer the one that double-stepped).
            if m.double_step && m.promo.is_none() && self.rules.pieces[mover.kind as usize].en_passant {
                let mid = (m.from + m.to) / 2; // same file: the middle square
                p.ep = Some((mid, m.to));
            }
            if self.transfer {
                p.board[self.twin(m.to)] = p.board[m.to].take();
                if let Some((mid, _)) = p.ep {
                    p.ep = Some((mid, self.twin(m.to)));
                }
            }
        }
        for (i, c) in self.rules.castles.iter().enumerate() {
            for color in [Color::White, Color::Black] {
                let (kf, rf) = (self.for_color(c.king_from, color), self.for_color(c.rook_from, color));
                if touched.iter().any(|&s| s == kf || s == rf) {
                    p.rights[i][ci(color)] = false;
                }
            }
        }
        // Chu shogi: where a non-lion took a lion, the landing square's over the way's.
        if let Some((lions, _)) = &self.lions {
            let lion = |man: Option<Man>| man.is_some_and(|x| lions.contains(&x.kind));
            p.lion_struck = if lions.contains(&mover.kind) {
                None
            } else if m.to != m.from && lion(taken.map(|(man, _)| man)) {
                Some(m.to)
            } else if lion(via_taken) {
                m.via
            } else {
                None
            };
        }
        if let Some(d) = self.rules.drops.as_ref().filter(|_| m.castle.is_none()) {
            // Promoted marks move with their pieces (and are made by promotions); a piece
            // taken goes to the captor's hand as its `captured_as` type — a promoted one
            // as the promoting type's (crazyhouse) — or leaves the game (bughouse: to
            // the partner on the other board).
            let was_promoted = taken.is_some_and(|(_, on)| self.promoted[on]);
            if let Some((_, on)) = taken {
                p.promoted[on] = false;
            }
            p.promoted[m.from] = false;
            p.promoted[m.to] = d.demote_on_capture && (self.promoted[m.from] || m.promo.is_some());
            if let Some((victim, _)) = taken {
                let pawn = self.rules.pieces.iter().position(|q| q.promotion.is_some());
                let kind = match pawn {
                    Some(pawn) if was_promoted && d.demote_on_capture => pawn,
                    _ => victim.kind as usize,
                };
                if let Captured::Hand(t) = self.rules.pieces[kind].captured_as {
                    p.hands[ci(us)][t.index()] += 1;
                }
            }
        }
        if let Some((victim, on)) = taken {
            let royal = |man: Man| self.rules.pieces[man.kind as usize].royal;
            // Andernach: the capturer, promoted if it promoted, turns.
            if self.rules.andernach && !royal(p.board[m.to].unwrap()) {
                let man = p.board[m.to].as_mut().unwrap();
                man.color = other(man.color);
                p.arrived(m.to);
            }
            // Circe: the victim is reborn, if its square is empty.
            if self.rules.circe.is_some() && !royal(victim) {
                if let Some(home) = p.rebirth_square(victim.color, victim.kind, on) {
                    if p.empty(home) {
                        let start_field = self.rules.start_fen.split_whitespace().next().unwrap_or("");
                        let start = parse_board(&self.rules, self.files, self.ranks, start_field).expect("start position");
                        p.board[home] = Some(Man { moved: start[home] != Some((victim.color, victim.kind)), ..victim });
                        p.arrived(home);
                    }
                }
            }
        }
        let end = &self.rules.end;
        let resets = |e: ResetEvent| end.move_rule_resets.contains(&e);
        let reset = (capture && resets(ResetEvent::Capture))
            || (m.promo.is_some() && resets(ResetEvent::Promotion))
            || end.move_rule_reset_by.contains(&PieceType::new(mover.kind));
        p.halfmove = if reset { 0 } else { self.halfmove + 1 };
        if us == Color::Black {
            p.fullmove += 1;
        }
        p.turn = other(us);
        if self.rules.turn.series.is_some() {
            self.after_series_move(m, &mut p, reset);
        }
        if self.rules.turn.walls.is_some() {
            // Duck chess: the same side moves the duck now, the turn's second part (also
            // after taking the king: the game ends with the turn, as Chimera's case
            // `tests/cases/duck/c-king-captured-ends-after-the-duck.toml` pins).
            p.turn = us;
            p.fullmove = self.fullmove;
            p.anchor = Some(match m.castle {
                Some(i) => self.for_color(self.rules.castles[i].king_to, us),
                None => m.to,
            });
        }
        p
    }

    /// `castling_rights_on_arrival`: the piece on `sq`, just come into being there, gains
    /// each castle of its side whose rook square that is, if of a listed type, while that
    /// side's king stands unmoved on the castle's king square.
    fn arrived(&mut self, sq: usize) {
        let Some(man) = self.board[sq] else { return };
        if !self.rules.castling_rights_on_arrival.contains(&PieceType::new(man.kind)) {
            return;
        }
        for i in 0..self.rules.castles.len() {
            let (kf, _, rf, _, _) = self.castle_squares(i, man.color);
            let king_home =
                matches!(self.board[kf], Some(k) if k.color == man.color && !k.moved && self.rules.pieces[k.kind as usize].royal);
            if rf == sq && king_home {
                self.rights[i][ci(man.color)] = true;
            }
        }
    }

    /// Circe: where a piece of `color` and `kind` taken on `on` is reborn (before asking
    /// whether the square is empty).
    fn rebirth_square(&self, color: Color, kind: u8, on: usize) -> Option<usize> {
        let start_field = self.rules.start_fen.split_whitespace().next().unwrap_or("");
        let start = parse_board(&self.rules, self.files, self.ranks, start_field).expect("start position");
        let homes: Vec<usize> = (0..start.len()).filter(|&s| start[s] == Some((color, kind))).collect();
        let light = |s: usize| self.rules.is_light(Square::new(s as u8));
        match homes.len() {
            0 => {
                let rank = if color == Color::White { self.ranks - 1 } else { 0 };
                let sq = (rank * self.files + self.file(on)) as usize;
                (!self.rules.walls.contains(&Square::new(sq as u8))).then_some(sq)
            }
            1 => Some(homes[0]),
            _ => {
                let same: Vec<usize> = homes.iter().copied().filter(|&s| light(s) == light(on)).collect();
                if same.len() == 1 {
                    return Some(same[0]);
                }
                let mut on_file: Vec<usize> = homes.iter().copied().filter(|&s| self.file(s) == self.file(on)).collect();
                on_file.sort_by_key(|&s| self.own_rank(s, color));
                if let Some(&s) = on_file.first() {
                    return Some(s);
                }
                let mut pool = if same.is_empty() { homes } else { same };
                pool.sort_by_key(|&s| ((self.file(s) - self.file(on)).abs(), self.file(s), self.own_rank(s, color)));
                pool.first().copied()
            }
        }
    }

    // ---- notation --------------------------------------------------------------------

    pub fn uci(&self, m: &RefMove) -> String {
        if let Some(kind) = m.drop {
            return format!("{}@{}", self.letter(kind).1, self.square_name(m.to));
        }
        let via = m.via.map_or(String::new(), |v| self.square_name(v));
        let mut s = format!("{}{via}{}", self.square_name(m.from), self.square_name(m.to));
        if let Some(t) = m.promo {
            match self.letter(t) {
                (true, _) => s.push('+'),
                (false, c) => s.push(c.to_ascii_lowercase()),
            }
        }
        s
    }

    /// A type's letter, and whether it is written `+` first (a face without a letter:
    /// its base's letter).
    fn letter(&self, t: u8) -> (bool, char) {
        let p = &self.rules.pieces[t as usize];
        match (p.letter, p.face_of) {
            (Some(c), _) => (false, c),
            (None, Some(b)) => (true, self.rules.pieces[b].letter.expect("a lettered base")),
            (None, None) => unreachable!("a piece without a letter is a face"),
        }
    }

    pub fn legal_moves_uci(&self) -> Vec<String> {
        let mut v: Vec<String> = self.legal_moves().iter().map(|m| self.uci(m)).collect();
        v.sort();
        v
    }

    /// Finds a legal move by its long algebraic form (and whether it is a castle).
    pub fn find(&self, uci: &str, castle: bool) -> Option<RefMove> {
        self.legal_moves().into_iter().find(|m| self.uci(m) == uci && m.castle.is_some() == castle)
    }

    pub fn fen(&self) -> String {
        let mut s = String::new();
        for rank in (0..self.ranks).rev() {
            let mut empty = 0;
            for file in 0..self.files {
                let sq = (rank * self.files + file) as usize;
                if self.walls[sq] {
                    if empty > 0 {
                        s += &empty.to_string();
                        empty = 0;
                    }
                    s.push('*');
                    continue;
                }
                match self.board[sq] {
                    None => empty += 1,
                    Some(m) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        let (plus, c) = self.letter(m.kind);
                        if plus {
                            s.push('+');
                        }
                        s.push(if m.color == Color::White { c } else { c.to_ascii_lowercase() });
                        if self.promoted[sq] {
                            s.push('~');
                        }
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            if rank > 0 {
                s.push('/');
            }
        }
        if self.rules.drops.is_some() {
            // The hand: White's then Black's, each type in the variant's order.
            s.push('[');
            for color in [Color::White, Color::Black] {
                for (kind, &n) in self.hands[ci(color)].iter().enumerate() {
                    let c = self.letter(kind as u8).1;
                    for _ in 0..n {
                        s.push(if color == Color::White { c } else { c.to_ascii_lowercase() });
                    }
                }
            }
            s.push(']');
        }
        s += if self.turn == Color::White { " w " } else { " b " };
        let mut castling = String::new();
        for color in [Color::White, Color::Black] {
            for (i, c) in self.rules.castles.iter().enumerate() {
                if self.rights[i][ci(color)] {
                    castling.push(if color == Color::White { c.fen_letter } else { c.fen_letter.to_ascii_lowercase() });
                }
            }
        }
        s += if castling.is_empty() { "-" } else { &castling };
        s.push(' ');
        if let Some(series) = &self.rules.turn.series {
            // The opponent's passed squares that may still be taken this turn.
            let them = other(self.turn);
            let may = self.part == 0 || (series.en_passant == SeriesEnPassant::Leading && self.all_en_passant);
            let open: Vec<String> = self.passed[ci(them)]
                .iter()
                .filter(|&&t| {
                    let victim = self.offset(t, 0, Self::sign(them));
                    may && self.empty(t) && victim.is_some_and(|v| matches!(self.board[v], Some(m) if m.color == them))
                })
                .map(|&t| self.square_name(t))
                .collect();
            s += &if open.is_empty() { "-".to_string() } else { open.concat() };
        } else {
            match self.ep {
                // The pawn's square too where it is not straight beyond (the engine's form).
                Some((t, v)) if self.file(t) != self.file(v) => {
                    s += &self.square_name(t.min(v));
                    s += &self.square_name(t.max(v));
                }
                Some((t, _)) => s += &self.square_name(t),
                None => s.push('-'),
            }
        }
        s += &format!(" {} {}", self.halfmove, self.fullmove);
        if let Some(a) = self.anchor {
            s += &format!(" part=2@{}", self.square_name(a));
        }
        if self.part > 0 {
            s += &format!(" part={}", self.part + 1);
            let own = &self.passed[ci(self.turn)];
            if !own.is_empty() {
                s += &format!(" passed={}", own.iter().map(|&t| self.square_name(t)).collect::<String>());
            }
        }
        if self.lions.is_some() {
            s += &format!(" lion={}", self.lion_struck.map_or("-".to_string(), |sq| self.square_name(sq)));
        }
        // Whether a piece has moved matters only for pieces with initial-only moves; when
        // that differs from what the board implies (pieces on their start squares are
        // unmoved), the FEN says so in an extension field.
        let start_field = self.rules.start_fen.split_whitespace().next().unwrap_or("");
        let start = parse_board(&self.rules, self.files, self.ranks, start_field).expect("start position");
        // (Where rights arrive with pieces, whether a king ever moved is tracked too.)
        let tracked = |kind: u8| {
            let def = &self.rules.pieces[kind as usize];
            def.directions.iter().any(|d| d.initial_only) || (def.royal && !self.rules.castling_rights_on_arrival.is_empty())
        };
        let mut actual = Vec::new();
        let mut implied = Vec::new();
        for (sq, man) in self.board.iter().enumerate() {
            let Some(m) = man else { continue };
            if !tracked(m.kind) {
                continue;
            }
            if !m.moved {
                actual.push(sq);
            }
            if start[sq] == Some((m.color, m.kind)) {
                implied.push(sq);
            }
        }
        if actual != implied {
            let names: Vec<String> = actual.iter().map(|&sq| self.square_name(sq)).collect();
            s += &format!(" unmoved={}", if names.is_empty() { "-".to_string() } else { names.join(",") });
        }
        s
    }

    /// The whole turns legal now, each written as its parts' long algebraic joined by
    /// commas (`e2e4,e4e5`), sorted: the turn's first move, then every way to go on (a
    /// part after which no part is legal ends the turn).
    pub fn legal_turns_uci(&self) -> Vec<String> {
        let mut out = Vec::new();
        for m in self.legal_moves() {
            let p = self.play(&m);
            let rest = if p.turn == self.turn { p.legal_turns_uci() } else { Vec::new() };
            if rest.is_empty() {
                out.push(self.uci(&m));
            }
            out.extend(rest.iter().map(|r| format!("{},{r}", self.uci(&m))));
        }
        out.sort();
        out
    }

    /// Whether a drop would parry the side to move's check if its hand held one piece of
    /// every type a hand may hold: chess.com's bughouse rule ("a check that could be
    /// blocked by a piece drop is not considered checkmate, even if the player doesn't
    /// have a piece in the bank"), which Chimera leaves to the server (see the module's
    /// header): the differential counts the mates it would not call mates.
    pub fn drop_could_parry(&self) -> bool {
        let mut full = self.clone();
        for (kind, def) in self.rules.pieces.iter().enumerate() {
            if !def.royal {
                full.hands[ci(self.turn)][kind] = 1;
            }
        }
        full.legal_moves().iter().any(|m| m.drop.is_some())
    }

    /// How the game has ended at this position, if it has, from the rules' text: between
    /// turns only (mid-turn the turn is played out first); the opponent's extinction,
    /// then the mover's (`[[end.extinction]]`: a type counted alone, or the types
    /// together, down to `at_most`); then, with no legal move, checkmate's or stalemate's
    /// verdict for the side to move; then the move rule's automatic end (the halfmove
    /// clock at twice its move count). Repetitions are not modelled: the differential
    /// compares positions of games that have none.
    pub fn outcome(&self) -> Option<Outcome> {
        if self.anchor.is_some() || self.part > 0 {
            return None;
        }
        let us = self.turn;
        for e in &self.rules.end.extinction {
            for c in [other(us), us] {
                let kinds = e.of.unwrap_or_default();
                let count = |side: Color, kinds: &[u8]| kinds.iter().map(|&t| self.count(side, t)).sum::<usize>();
                let groups: Vec<Vec<u8>> =
                    if e.together { vec![kinds.iter().map(|t| t.get()).collect()] } else { kinds.iter().map(|t| vec![t.get()]).collect() };
                if groups.iter().any(|g| count(c, g) <= e.at_most as usize && count(other(c), g) >= e.opponent_at_least as usize) {
                    return Some(Outcome::for_side(e.verdict, c, EndReason::Extinction));
                }
            }
        }
        if let Some(end) = self.bare_king_end() {
            return Some(end);
        }
        if self.legal_moves().is_empty() {
            let (verdict, reason) = if self.in_check() {
                (self.rules.end.checkmate, EndReason::Checkmate)
            } else {
                (self.rules.end.stalemate, EndReason::Stalemate)
            };
            return Some(Outcome::for_side(verdict, us, reason));
        }
        let automatic = self.rules.end.move_rule.automatic;
        if automatic != 0 && self.halfmove >= 2 * automatic as u32 {
            return Some(Outcome::for_side(Verdict::Draw, us, EndReason::MoveRule));
        }
        None
    }

    /// Chu shogi's bare king, from the text lishogi's shogiops plays (`isBareKing`,
    /// `isDraw`): a side whose pieces, less its pawns and lances on its last rank, are one
    /// king, loses to a side with one king, not attacked, and more than it besides its
    /// pawns, go-betweens and dead lances — two more, or one its king cannot reach in a
    /// step; the side to move judged first. Two lone kings, neither attacked: a draw.
    fn bare_king_end(&self) -> Option<Outcome> {
        let [kings, dead, weak] = self.bare_king.as_ref()?;
        let last_rank = |c: Color| if c == Color::White { self.ranks - 1 } else { 0 };
        let counts = |s: usize, m: Man, skip_weak: bool| {
            let stuck = dead.contains(&m.kind) && s as i32 / self.files == last_rank(m.color);
            !stuck && !(skip_weak && weak.contains(&m.kind))
        };
        let pieces = |c: Color, skip_weak: bool| -> Vec<usize> {
            (0..self.board.len()).filter(|&s| self.board[s].is_some_and(|m| m.color == c && counts(s, m, skip_weak))).collect()
        };
        let king_squares = |c: Color| -> Vec<usize> {
            (0..self.board.len()).filter(|&s| self.board[s].is_some_and(|m| m.color == c && kings.contains(&m.kind))).collect()
        };
        let bared = |us: Color| {
            let them = other(us);
            let (ours, theirs) = (pieces(us, false), pieces(them, true));
            let (our_king, their_king) = (king_squares(us), king_squares(them));
            if ours.len() != 1 || our_king.len() != 1 || their_king.len() != 1 || theirs.len() < 2 {
                return false;
            }
            if self.attacked(their_king[0], us) {
                return false;
            }
            let step = |a: usize, b: usize| {
                let (fa, ra, fb, rb) = (a as i32 % self.files, a as i32 / self.files, b as i32 % self.files, b as i32 / self.files);
                a != b && (fa - fb).abs() <= 1 && (ra - rb).abs() <= 1
            };
            theirs.len() > 2 || !theirs.iter().any(|&s| step(our_king[0], s))
        };
        let us = self.turn;
        if bared(us) {
            return Some(Outcome::for_side(Verdict::Loss, us, EndReason::Rule("bare-king")));
        }
        if bared(other(us)) {
            return Some(Outcome::for_side(Verdict::Win, us, EndReason::Rule("bare-king")));
        }
        let alone = [Color::White, Color::Black]
            .into_iter()
            .all(|c| pieces(c, false).len() == 1 && king_squares(c).len() == 1 && !self.attacked(king_squares(c)[0], other(c)));
        alone.then(|| Outcome::for_side(Verdict::Draw, us, EndReason::Rule("bare-kings")))
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if self.rules.turn.has_parts() {
            // Whole turns: a move that leaves the turn going on counts the rest of it.
            return moves
                .iter()
                .map(|m| {
                    let p = self.play(m);
                    if p.turn != self.turn {
                        p.perft(depth - 1)
                    } else if depth == 1 && p.legal_moves().is_empty() {
                        // No move left mid-turn: the turn (and the game) ends here.
                        1
                    } else {
                        p.perft(depth)
                    }
                })
                .sum();
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
