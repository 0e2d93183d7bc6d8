//! Turns of several moves, a series (`[turn] moves`): Marseillais chess (two moves a
//! turn), Monster chess (White two, Black one), Progressive chess (the n-th turn has n
//! moves). Each move is a part of the turn (`features/turns.rs` owns the parts: the
//! counter, its FEN field and hash, whole turns, perft by turns); this file owns what a
//! series adds:
//! - how many moves the turn has (`moves`, `first_turn_moves`), and that a check ends
//!   it early (`check_ends_turn`);
//! - when the mover's royal safety is judged (`judged`): after every move, or only when
//!   the turn ends (Monster: the king may pass through check), the earlier moves kept
//!   only where some completion of the turn leaves the royals safe;
//! - what "in check" means for a side whose opponent moves several times without a
//!   check ending the turn (Monster's Black): that the opponent's next turn could capture
//!   a royal, which its moves must avoid;
//! - en passant across turns: every pawn that double-stepped in the opponent's last turn
//!   and has not moved since may be taken, by the turn's first move (`en_passant =
//!   "first"`), or by its first moves while each is such a capture (`"leading"`). The
//!   passed squares live in `Pos::passed`, per side, hashed and journalled; the FEN's
//!   en-passant field lists the opponent's (`d6e6`), and mid-turn `passed=` the mover's own.
//!
//! A series' generation is out of line and plays moves on a copy to judge them: the
//! kernel's generator runs unchanged and the variants without a series pay one flag test.

use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::fen::error::{err, FenError, FenField};
use crate::movegen::MoveSink;
use crate::moves::{Move, MoveKind};
use crate::position::{Edit, Pos};
use crate::rules::{Judged, Series, SeriesEnPassant, SeriesLength, TurnRules};
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::tables::Zobrist;
use crate::types::{ByColor, Color, Square};

/// `[turn] moves`: a count for both sides, one per side, or `"progressive"`.
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum RawMoves {
    Count(i64),
    Named(String),
    Sides { white: i64, black: i64 },
}

/// The most moves a turn may have (the part counter's width, with room to spare).
const MAX_MOVES: i64 = 16;

/// The FEN key of the squares the mover passed with double steps earlier in its turn.
pub(crate) const FEN_KEY: &str = "passed";

/// The series keys of `[turn]`, read with the rest of the table (`features/turns.rs`).
pub(crate) struct SeriesKeys<'a> {
    pub moves: Option<&'a Spanned<RawMoves>>,
    pub first_turn_moves: Option<&'a Spanned<i64>>,
    pub check_ends_turn: bool,
    pub judged: Option<&'a Spanned<String>>,
    pub en_passant: Option<&'a Spanned<String>>,
}

/// Compiles the series keys of `[turn]` (table `raw`; no `moves`: one move a turn, and
/// the other keys are refused).
pub(crate) fn compile<T>(raw: &Spanned<T>, turn: SeriesKeys<'_>, cx: &Context) -> Result<Option<Series>, RulesetError> {
    let count = |v: i64, key: &str, span: &Spanned<RawMoves>| {
        if (1..=MAX_MOVES).contains(&v) {
            Ok(v as u8)
        } else {
            Err(cx.r.span(span, key, format!("{v}: a turn has 1 to {MAX_MOVES} moves")))
        }
    };
    let Some(moves) = turn.moves else {
        let stray = [
            (turn.first_turn_moves.is_some(), "turn.first_turn_moves"),
            (turn.check_ends_turn, "turn.check_ends_turn"),
            (turn.judged.is_some(), "turn.judged"),
            (turn.en_passant.is_some(), "turn.en_passant"),
        ];
        if let Some((_, key)) = stray.iter().find(|(set, _)| *set) {
            return Err(cx.r.span(raw, *key, "only for turns of several moves: set `moves` too"));
        }
        return Ok(None);
    };
    let length = match moves.get_ref() {
        RawMoves::Count(n) => SeriesLength::Fixed([count(*n, "turn.moves", moves)?; 2]),
        RawMoves::Sides { white, black } => {
            SeriesLength::Fixed([count(*white, "turn.moves.white", moves)?, count(*black, "turn.moves.black", moves)?])
        }
        RawMoves::Named(name) if name == "progressive" => SeriesLength::Progressive,
        RawMoves::Named(name) => {
            return Err(cx.r.span(
                moves,
                "turn.moves",
                format!("`{name}`: expected a number of moves, `{{ white = 2, black = 1 }}` or `\"progressive\"`"),
            ))
        }
    };
    let first_turn_moves = match turn.first_turn_moves {
        None => None,
        Some(n) if (1..=MAX_MOVES).contains(n.get_ref()) => Some(*n.get_ref() as u8),
        Some(n) => return Err(cx.r.span(n, "turn.first_turn_moves", format!("{}: a turn has 1 to {MAX_MOVES} moves", n.get_ref()))),
    };
    let judged = match turn.judged.map(|j| (j, j.get_ref().as_str())) {
        None | Some((_, "move")) => Judged::Move,
        Some((_, "turn")) => Judged::Turn,
        Some((j, other)) => return Err(cx.r.span(j, "turn.judged", format!("`{other}`: expected `move` or `turn`"))),
    };
    let en_passant = match turn.en_passant.map(|e| (e, e.get_ref().as_str())) {
        None | Some((_, "first")) => SeriesEnPassant::First,
        Some((_, "leading")) => SeriesEnPassant::Leading,
        Some((e, other)) => return Err(cx.r.span(e, "turn.en_passant", format!("`{other}`: expected `first` or `leading`"))),
    };
    Ok(Some(Series { length, first_turn_moves, check_ends_turn: turn.check_ends_turn, judged, en_passant }))
}

/// Per side: whether its opponent's turn may capture its royal over several moves (see
/// [`crate::tables::Tables::threatened`]).
pub(crate) fn threatened_sides(turn: &TurnRules) -> ByColor<bool> {
    let Some(s) = turn.series.as_ref().filter(|s| !s.check_ends_turn) else { return ByColor::both(false) };
    let longest = |side: Color| match s.length {
        SeriesLength::Fixed(n) => n[side.index()].max(if side == Color::White { s.first_turn_moves.unwrap_or(1) } else { 1 }),
        SeriesLength::Progressive => u8::MAX,
    };
    ByColor::new(longest(Color::Black) > 1, longest(Color::White) > 1)
}

impl<B: Bitboard> Pos<B> {
    fn series(&self) -> &Series {
        self.t.rules.turn.series.as_ref().expect("a variant with a series")
    }

    /// How many moves the side to move's current turn has.
    pub fn turn_length(&self) -> u8 {
        let Some(s) = self.t.rules.turn.series.as_ref() else {
            return 1;
        };
        if self.turn == Color::White && self.status.fullmove == 1 {
            if let Some(n) = s.first_turn_moves {
                return n;
            }
        }
        match s.length {
            SeriesLength::Fixed(n) => n[self.turn.index()],
            // White's turns are the odd ones, Black's the even ones.
            SeriesLength::Progressive => {
                let n = 2 * (self.status.fullmove as u64 - 1) + self.turn.index() as u64 + 1;
                n.min(u8::MAX as u64) as u8
            }
        }
    }

    /// Whether the side to move's royal safety is judged later in its turn: this move is
    /// generated unguarded, and kept only if the turn can end with the royals safe.
    pub(crate) fn judged_later(&self) -> bool {
        self.series().judged == Judged::Turn && self.status.part + 1 < self.turn_length()
    }

    /// The end of a move of a series: the clocks, the passed squares, and whether the
    /// turn goes on (another move) or passes.
    pub(crate) fn end_series_move(&mut self, m: Move, reset: bool) {
        if self.status.part == 0 {
            self.count_turn(reset);
        } else if reset {
            self.status.halfmove = 0;
        }
        let us = self.turn;
        let them = us.opponent();
        self.note_passed(m, us, them);
        let goes_on = self.status.part + 1 < self.turn_length() && !(self.series().check_ends_turn && self.royal_attacked(them));
        if goes_on {
            self.set_part(self.status.part + 1, Square::new(0), Square::new(0));
            return;
        }
        // The opponent's passed squares are spent; ours stand where a piece may still be
        // taken on them.
        for sq in self.passed[them].squares() {
            self.toggle_passed(them, sq);
        }
        for sq in self.passed[us].squares() {
            if self.piece_at(sq).is_some() || !self.passed_piece_stands(sq, us) {
                self.toggle_passed(us, sq);
            }
        }
        self.set_part(0, Square::new(0), Square::new(0));
        self.pass_turn();
    }

    /// The passed squares after move `m` of `us`: a double step passes one; a piece
    /// leaving a square beyond one of ours has moved on (that pawn may no longer be taken
    /// en passant); and our own chances to take en passant end with this move, unless it
    /// took en passant and the rule lets the turn's leading moves do so.
    fn note_passed(&mut self, m: Move, us: Color, them: Color) {
        if matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant) {
            if let Some(behind) = self.t.geometry.offset(m.from, 0, if us == Color::White { -1 } else { 1 }) {
                if self.passed[us].has(behind) {
                    self.toggle_passed(us, behind);
                }
            }
        }
        // A piece landing on a passed square only stands in the way while it stays there:
        // the pawn still "moved two squares in one move, but no further" (Wikipedia's
        // Progressive chess), so once the square is empty again, the pawn may be taken en
        // passant. (A piece still there when the turn ends stays there through the
        // opponent's turn: `end_series_move` drops the square then.)
        if m.kind == MoveKind::DoubleStep {
            let g = self.t.geometry;
            self.toggle_passed(us, g.square(g.file(m.from), (g.rank(m.from) + g.rank(m.to)) / 2));
        }
        let keep = self.series().en_passant == SeriesEnPassant::Leading && m.kind == MoveKind::EnPassant;
        let spent = if keep { self.passed[them] & B::bit(m.to) } else { self.passed[them] };
        for sq in spent.squares() {
            self.toggle_passed(them, sq);
        }
    }

    /// Toggles a passed square, journalled (undone with the move) and hashed.
    fn toggle_passed(&mut self, color: Color, sq: Square) {
        self.passed[color] ^= B::bit(sq);
        self.status.hash ^= Zobrist::passed(color, sq);
        self.journal.push(Edit::Passed(color, sq));
    }

    /// The square of the piece that passed `sq` (of `owner`): straight beyond it.
    pub(crate) fn passed_victim(&self, sq: Square, owner: Color) -> Square {
        self.t.geometry.offset(sq, 0, if owner == Color::White { 1 } else { -1 }).expect("a passed square has a square beyond it")
    }

    /// Whether a piece of `owner` that may be taken en passant stands beyond `sq`.
    fn passed_piece_stands(&self, sq: Square, owner: Color) -> bool {
        let beyond = self.t.geometry.offset(sq, 0, if owner == Color::White { 1 } else { -1 });
        beyond.and_then(|v| self.piece_at(v)).is_some_and(|p| p.color == owner && self.t.rules.piece(p.kind).en_passant)
    }

    /// Every legal move of a series' turn: the kernel's (unguarded where safety is judged
    /// later), the en-passant captures of the opponent's passed pawns, then each judged
    /// as the series says.
    #[inline(never)]
    pub(crate) fn generate_series<S: MoveSink>(&self, sink: &mut S) {
        let us = self.turn;
        let later = self.judged_later();
        let mut moves = Vec::with_capacity(64);
        self.generate_part(&mut moves);
        self.generate_passed_captures(&mut moves, later);
        let threatened = self.t.threatened[us];
        if later || threatened {
            let mut child = self.without_history();
            moves.retain(|&m| {
                if threatened
                    && matches!(m.kind, MoveKind::Castle | MoveKind::GateCastle)
                    && self.castle_threatened(self.castle_index(m, us)).is_some()
                {
                    // Not out of check, nor through or onto a square in check by that next
                    // turn (`features/castling.rs`).
                    return false;
                }
                child.play_unchecked(m);
                let ok = if child.status.part == 0 {
                    // The turn ended here: the royals must be safe now, and from the
                    // opponent's whole next turn where it may capture over several moves.
                    (!later || !child.royal_attacked(us)) && (!threatened || !child.captures_royal_in_turn(us))
                } else {
                    !later || child.count_moves() > 0
                };
                child.undo();
                ok
            });
        }
        for m in moves {
            sink.push(m);
        }
    }

    /// The en-passant captures of the pieces the opponent's last turn passed, where this
    /// move of the turn may take them (legal as to royal safety unless `unguarded`).
    fn generate_passed_captures(&self, moves: &mut Vec<Move>, unguarded: bool) {
        let us = self.turn;
        let them = us.opponent();
        let may = self.status.part == 0 || self.series().en_passant == SeriesEnPassant::Leading;
        if !may || self.passed[them].is_empty() {
            return;
        }
        let t = &*self.t;
        // One copy for every candidate, each played and taken back on it.
        let mut trial: Option<Pos<B>> = None;
        for target in self.passed[them].squares() {
            if self.piece_at(target).is_some() || !self.passed_piece_stands(target, them) {
                continue;
            }
            for pt in t.en_passant_types.iter() {
                let from = t.leap_attackers[(us.index() * t.types + pt.index()) * t.squares + target.index()] & self.pieces(us, pt);
                for sq in from.squares() {
                    let m = Move::new(sq, target, MoveKind::EnPassant, Move::NO_PROMOTION);
                    let safe = unguarded || {
                        let pos = trial.get_or_insert_with(|| self.without_history());
                        pos.play_unchecked(m);
                        let safe = !pos.royal_attacked(us);
                        pos.undo();
                        safe
                    };
                    if safe {
                        moves.push(m);
                    }
                }
            }
        }
    }

    /// Whether the side to move (any part of its turn) can capture a royal of `victim`
    /// before its turn ends: now, or after moves that leave the turn going on. Moves are
    /// tried unguarded: a capture of the royal ends the game first.
    pub(crate) fn captures_royal_in_turn(&mut self, victim: Color) -> bool {
        if self.royal_attacked(victim) {
            return true;
        }
        if self.status.part + 1 >= self.turn_length() {
            return false;
        }
        let mover = self.turn;
        let mut moves = Vec::with_capacity(64);
        self.generate_pseudo(&mut moves);
        // En passant too: a pawn that double-stepped in the victim's last turn may be taken
        // by this turn's first move, and the taker may go on to the royal (Monster chess:
        // Black's f7-f5 beside a White pawn on e5, then exf6 e.p. and fxe7).
        self.generate_passed_captures(&mut moves, true);
        moves.into_iter().any(|m| {
            self.play_unchecked(m);
            let captures = self.status.part != 0 && self.turn == mover && self.captures_royal_in_turn(victim);
            self.undo();
            captures
        })
    }

    /// Whether `side`, whose opponent's turn may capture over several moves, is in check:
    /// that turn, coming next, could capture one of its royals.
    pub(crate) fn threatened_by_next_turn(&self, side: Color) -> bool {
        let mut next = self.without_history();
        if next.turn == side {
            // Look at the opponent's next turn as if ours were over.
            next.status.part = 0;
            next.pass_turn();
        }
        next.captures_royal_in_turn(side)
    }

    /// Whether the side to move's royal on `from`, standing on `sq` instead (nothing else
    /// moved; a piece of its own there lifted, as a Chess960 castle's rook), could be
    /// captured by the opponent's next turn: "in check" on that square where the
    /// opponent's turn may capture over several moves ([`Pos::threatened_by_next_turn`]).
    /// A castle's path is judged so (`features/castling.rs`).
    #[inline(never)]
    pub(crate) fn threatened_on(&self, from: Square, sq: Square) -> bool {
        let side = self.turn;
        let mut next = self.without_history();
        if from != sq {
            let royal = next.board.take(from);
            if next.board.squares[sq] != crate::types::NO_PIECE {
                next.board.take(sq);
            }
            next.board.put(sq, royal);
        }
        // The opponent's next turn, as if ours were over (as `threatened_by_next_turn`).
        next.status.part = 0;
        next.pass_turn();
        next.captures_royal_in_turn(side)
    }

    /// Mid-turn with no move left: the series stalls (Marseillais and Progressive chess
    /// score it as stalemate).
    pub(crate) fn stalled_mid_turn(&self) -> bool {
        self.t.series && self.status.part != 0 && self.count_moves() == 0
    }

    /// The en-passant field of a series: the squares the opponent passed that may still
    /// be taken (`d6e6`).
    pub(crate) fn write_passed(&self, s: &mut String, color: Color) {
        let g = self.t.geometry;
        for sq in self.passed[color].squares() {
            *s += &g.square_name(sq);
        }
    }

    /// Reads a list of passed squares of `owner` (`d6e6`; `-` none): each empty, with a
    /// piece of `owner` that may be taken en passant straight beyond it. The mover's own
    /// mid-turn (`passed=`, `field` [`FenField::Extra`]) may hold a piece of its own that
    /// landed there this turn and may still leave.
    pub(crate) fn read_passed(&mut self, value: &str, owner: Color, field: FenField) -> Result<(), FenError> {
        if value == "-" {
            return Ok(());
        }
        for name in super::en_passant::split_squares(value) {
            let Some(sq) = self.t.geometry.parse_square(name) else {
                return err(field, format!("`{name}` is not a square of this board"));
            };
            let landed = field == FenField::Extra && self.piece_at(sq).is_some_and(|p| p.color == owner);
            if (self.piece_at(sq).is_some() && !landed) || !self.passed_piece_stands(sq, owner) {
                return err(field, format!("{name} is not a square a {owner} piece has passed with a double step"));
            }
            self.passed[owner] |= B::bit(sq);
        }
        Ok(())
    }
}
