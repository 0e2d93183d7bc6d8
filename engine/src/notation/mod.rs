//! Move notation: Chimera's SAN and long algebraic form (`san.rs`), and the notations of
//! Fairy-Stockfish, written exactly as it writes them (its `SAN::move_to_san`) and read
//! back: its long algebraic form (`lan.rs`), the three shogi forms (`shogi.rs`), Xiangqi's
//! WXF and Janggi's (`xiangqi.rs`), Makruk's Thai forms (`thai.rs`).
//!
//! Every one but SAN and the long form is written by one routine ([`Pos::write_fsf`]),
//! as Fairy-Stockfish writes them: the piece, the origin (as much of it as the
//! notation's disambiguation asks), a separator, the destination, the promotion mark.
//! Each family file gives its parts. A move is read by writing every legal move in the
//! notation and taking the one whose text it is (also in a few looser forms, such as a
//! promoted shogi piece by its own letter), so what is read is what is written.

mod boards;
mod fsf_long;
mod lan;
pub(crate) mod names;
mod san;
mod shogi;
mod thai;
mod xiangqi;

pub use names::Notation;

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind};
use crate::position::Pos;
use crate::refusal::{refuse, IllegalCode, MoveError};
use crate::rules::Rules;
use crate::types::{PieceType, Square};

impl Notation {
    /// The notation a variant's moves are written in by default: its ruleset's
    /// `notation` key (SAN if it has none).
    pub fn default_for(rules: &Rules) -> Notation {
        rules.notation
    }
}

/// How much of a move's origin is written (Fairy-Stockfish's `Disambiguation`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Level {
    None,
    File,
    Rank,
    Square,
}

/// What a move does to its piece's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Change {
    /// It stays what it is.
    Stays,
    /// It becomes its promoted face (Shogi's promotion: `+`).
    TurnsUp,
    /// A promoted face turns back (Kyoto shogi: `-`).
    TurnsDown,
    /// It becomes another piece of a choice (chess's promotion: `=Q`).
    Becomes(PieceType),
}

/// Looser forms a reader accepts besides the written text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Form {
    /// Pieces by their FEN letters: a promoted shogi piece by its own letter (`T-5a` for
    /// `+P-5a`), its promotion as the new piece's letter (`P-5a=T` for `P-5a+`), a piece
    /// with a notation letter by its FEN letter (Xiangqi's `N2+3` for `H2+3`).
    own_letters: bool,
    /// A shogi move that could have promoted, without the `=` that says it did not.
    bare_declined: bool,
    /// Without its origin (`G-58` for `G69-58`): read if only one move fits.
    no_origin: bool,
    /// Outside the shogi notations, a promoted face of Chimera's by the type that moves
    /// alike (a tokin as `G`): Fairy-Stockfish's promoted piece is of that type (its
    /// tokin is its gold), named and told apart from others as such.
    fsf_types: bool,
}

const WRITTEN: Form = Form { own_letters: false, bare_declined: false, no_origin: false, fsf_types: false };
/// How Fairy-Stockfish writes a move ([`Pos::notate_fsf_in`]).
const FSF: Form = Form { fsf_types: true, ..WRITTEN };
const LOOSE: [Form; 5] = [
    // As compat writes it (`Nb4xa2=G`), so that its texts read back.
    FSF,
    Form { own_letters: true, ..WRITTEN },
    Form { bare_declined: true, ..WRITTEN },
    Form { own_letters: true, bare_declined: true, ..WRITTEN },
    Form { no_origin: true, ..WRITTEN },
];

impl<B: Bitboard> Pos<B> {
    /// The move `m` (legal here) in notation `n`, with check marks where `n` has them.
    pub fn notate(&mut self, m: Move, n: Notation) -> String {
        let legal = self.legal_moves();
        self.notate_in(m, n, &legal)
    }

    /// The move `m` in notation `n`, given the legal moves of the position.
    pub fn notate_in(&mut self, m: Move, n: Notation, legal: &[Move]) -> String {
        match n {
            Notation::San => self.san_in(m, legal),
            Notation::Long => self.uci(m),
            _ => {
                let mut s = self.write_fsf(m, n, legal, WRITTEN);
                if n.marks_check() {
                    self.write_check_mark(m, &mut s);
                }
                s
            }
        }
    }

    /// The move `m` as Fairy-Stockfish writes it in notation `n` (its `move_to_san`), SAN
    /// included, given the legal moves: the text `chimera.compat` gives for pyffish.
    /// Chimera's own SAN ([`Pos::san`]) differs in a few places: every pawn
    /// (`pawn = true`) without a letter, a pass written `pass`, pieces by their FEN letters.
    pub fn notate_fsf_in(&mut self, m: Move, n: Notation, legal: &[Move]) -> String {
        if n == Notation::Long {
            return self.uci(m);
        }
        let mut s = self.write_fsf(m, n, legal, FSF);
        if n.marks_check() {
            self.write_check_mark(m, &mut s);
        }
        s
    }

    /// Reads a move written in notation `n` (SAN and the long form are read by
    /// [`Pos::parse_move`], which takes either). Check marks are optional where `n` has
    /// them; a shogi piece may be named by its own letter.
    pub fn parse_move_in(&mut self, text: &str, n: Notation) -> Result<Move, MoveError> {
        if matches!(n, Notation::San | Notation::Long) {
            return self.parse_move(text);
        }
        let trimmed = text.trim();
        let clean = if n.marks_check() { trimmed.trim_end_matches(['+', '#']) } else { trimmed };
        if clean.is_empty() {
            return refuse(IllegalCode::Unparsable, format!("cannot read `{text}` as a move"));
        }
        let legal = self.legal_moves();
        let mut hits = self.moves_written(clean, n, &legal, &legal);
        // Moves written alike but for the check mark: the one written exactly so wins.
        if hits.len() > 1 && n.marks_check() {
            let exact: Vec<Move> = hits
                .iter()
                .copied()
                .filter(|&m| {
                    let mut mark = String::new();
                    self.write_check_mark(m, &mut mark);
                    format!("{clean}{mark}") == trimmed
                })
                .collect();
            if exact.len() == 1 {
                hits = exact;
            }
        }
        match hits.len() {
            1 => return Ok(hits[0]),
            0 => {}
            _ => {
                let names: Vec<String> = hits.iter().map(|&m| self.write_fsf(m, n, &legal, WRITTEN)).collect();
                return refuse(IllegalCode::Ambiguous, format!("ambiguous: {}", names.join(" or ")));
            }
        }
        // Not legal: a move of that text that the rules refuse says why.
        let mut pseudo = Vec::new();
        self.generate_pseudo(&mut pseudo);
        if let Some(&m) = self.moves_written(clean, n, &pseudo, &legal).first() {
            if let Some(e) = self.module_refusal(m) {
                return Err(e);
            }
            return refuse(IllegalCode::LeavesRoyalInCheck, format!("`{text}` leaves the royal piece in check"));
        }
        refuse(IllegalCode::Unparsable, format!("`{text}` is no legal move in {n} notation"))
    }

    /// The moves of `among` that notation `n` writes as `text`; if none, those it would
    /// write so in a looser form (see [`Form`]).
    fn moves_written(&self, text: &str, n: Notation, among: &[Move], legal: &[Move]) -> Vec<Move> {
        let written = |form: Form| -> Vec<Move> {
            let mut hits: Vec<Move> = among.iter().copied().filter(|&m| self.write_fsf(m, n, legal, form) == text).collect();
            hits.dedup();
            hits
        };
        let exact = written(WRITTEN);
        if !exact.is_empty() {
            return exact;
        }
        let mut loose = Vec::new();
        for form in LOOSE {
            for m in written(form) {
                if !loose.contains(&m) {
                    loose.push(m);
                }
            }
        }
        loose
    }

    /// A move in one of Fairy-Stockfish's notations, without check marks (its
    /// `SAN::move_to_san`). Gating is the piece's move and the gated piece (`Ng1-f3/H`);
    /// moves of kinds it has no form for (castles, purchases, a module's moves, lifts)
    /// are written as in SAN.
    fn write_fsf(&self, m: Move, n: Notation, legal: &[Move], form: Form) -> String {
        let drop = m.kind == MoveKind::Drop;
        // Fairy-Stockfish writes a pass as its piece's move to its own square (`Ke2`).
        let pass = m.kind == MoveKind::Pass;
        if !matches!(
            m.kind,
            MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Drop | MoveKind::Pass | MoveKind::Gate
        ) {
            return self.san_plain(m, legal);
        }
        let Some(mover) = (if drop { Some(m.piece) } else { self.piece_at(m.from).map(|p| p.kind) }) else {
            return self.san_plain(m, legal);
        };
        let mut s = String::new();
        self.write_piece(m, n, mover, form, &mut s);
        if n == Notation::ThaiLan {
            s.push(' ');
        }
        let level = if drop || form.no_origin { Level::None } else { self.level(m, n, mover, legal, form) };
        self.write_origin(m.from, n, level, &mut s);
        let capture = !drop && !pass && self.is_capture(m);
        if drop {
            s.push(match n {
                Notation::ShogiHosking => '\'',
                _ if n.is_shogi() => '*',
                _ => '@',
            });
        } else if n == Notation::XiangqiWxf {
            s.push(self.wxf_direction(m));
        } else if capture {
            s.push('x');
        } else if match n {
            Notation::Lan | Notation::ThaiLan | Notation::Janggi => true,
            Notation::ShogiHosking => level == Level::Square,
            Notation::ShogiHodges | Notation::ShogiHodgesNumber => true,
            Notation::ThaiSan => !self.is_chess_pawn(mover),
            _ => false,
        } {
            s.push('-');
        }
        if n == Notation::XiangqiWxf && !drop {
            self.write_wxf_destination(m, &mut s);
        } else {
            self.write_square_in(m.to, n, &mut s);
        }
        let letter = |t: PieceType| self.t.rules.symbol(self.named_type(t, n, form));
        match self.change(m, mover) {
            Change::Stays if n.is_shogi() && !drop && self.could_promote(m, legal) && !form.bare_declined => s.push('='),
            Change::Stays => {}
            Change::TurnsUp if n.is_shogi() && !form.own_letters => s.push('+'),
            Change::TurnsDown if n.is_shogi() && !form.own_letters => s.push('-'),
            Change::TurnsUp | Change::TurnsDown | Change::Becomes(_) => {
                s.push('=');
                letter(m.promotion().unwrap_or(mover)).write_to(&mut s);
            }
        }
        if m.kind == MoveKind::Gate {
            s.push('/');
            letter(m.piece).write_to(&mut s);
        }
        s
    }

    /// The piece's part: its letter, none for a chess pawn where the notation leaves it
    /// out, `+P` for a promoted shogi piece, a WXF tandem number, a Thai name.
    fn write_piece(&self, m: Move, n: Notation, mover: PieceType, form: Form, s: &mut String) {
        let drop = m.kind == MoveKind::Drop;
        let rules = &self.t.rules;
        if matches!(n, Notation::San | Notation::Lan | Notation::ThaiSan) && self.is_chess_pawn(mover) && !drop {
            return;
        }
        if n == Notation::XiangqiWxf && !drop && self.write_wxf_tandem(m.from, mover, s) {
            return;
        }
        if n.is_shogi() && !form.own_letters {
            // (A face that may stand unpromoted is `+R` where it stands promoted.)
            let promoted = !rules.unpromoted_face(mover) || (!drop && self.is_promoted(m.from));
            if let Some(u) = rules.promoted_from(mover).filter(|_| promoted) {
                s.push('+');
                return rules.symbol(u).write_to(s);
            }
        }
        if matches!(n, Notation::ThaiSan | Notation::ThaiLan) {
            return s.push_str(self.thai_piece(mover, !drop && self.is_promoted(m.from)));
        }
        let mover = self.named_type(mover, n, form);
        match rules.piece(mover).notation_letter {
            Some(c) if !form.own_letters => s.push(c),
            _ => rules.symbol(mover).write_to(s),
        }
    }

    /// The type whose letter names `t` in notation `n` written in `form`: with
    /// [`Form::fsf_types`], outside the shogi notations, a promoted face (Shogi's tokin)
    /// is the first type of the variant that is no face, no royal piece and moves alike
    /// (its gold), as Fairy-Stockfish's promoted piece is of that type; else `t` itself
    /// (Shogun's commoner, promoted from a pawn, moves as the king but is no king).
    fn named_type(&self, t: PieceType, n: Notation, form: Form) -> PieceType {
        let rules = &self.t.rules;
        if !form.fsf_types || n.is_shogi() {
            return t;
        }
        rules.fsf_type(t)
    }

    /// How much of the origin notation `n` writes for `m` (Fairy-Stockfish's
    /// `disambiguation_level`).
    fn level(&self, m: Move, n: Notation, mover: PieceType, legal: &[Move], form: Form) -> Level {
        match n {
            Notation::Lan | Notation::ThaiLan | Notation::Janggi => return Level::Square,
            Notation::XiangqiWxf => return self.wxf_level(m, mover),
            // A chess pawn's capture names its file.
            Notation::San | Notation::ThaiSan if self.is_chess_pawn(mover) && self.is_capture(m) => return Level::File,
            // A pawn's promotion as a move that steps names its square (`b6c7=F`).
            Notation::San | Notation::ThaiSan
                if self.is_chess_pawn(mover) && m.promotion().is_some() && m.from != m.to && self.t.promotes_as_a_move.contains(mover) =>
            {
                return Level::Square
            }
            _ => {}
        }
        // The other pieces of the type that may make the same move to the same square; in
        // Thai SAN, which names pieces by their movement, of the movement (a tokin and a
        // gold are both `X`, as Fairy-Stockfish's types are both its gold). A gating move
        // is told apart only from other pieces' moves gating the same piece (`Nd2/E` with
        // a knight that reaches d2 but cannot gate, as Fairy-Stockfish writes it; `Rab8/E`
        // where both rooks may gate, which Fairy-Stockfish leaves ambiguous).
        let g = self.t.geometry;
        let rules = &self.t.rules;
        let moves_alike = |t: PieceType| rules.moves_alike(t, mover);
        let named = self.named_type(mover, n, form);
        // (A piece of the mover's own type is named alike.)
        let alike = |o: Square| {
            self.piece_at(o).is_some_and(|p| self.named_type(p.kind, n, form) == named || (n == Notation::ThaiSan && moves_alike(p.kind)))
        };
        let others: Vec<Square> = legal
            .iter()
            .filter(|o| {
                let same_kind = if m.kind == MoveKind::Gate {
                    o.kind == MoveKind::Gate && o.piece == m.piece
                } else {
                    matches!(o.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant)
                        && (o.kind == MoveKind::EnPassant) == (m.kind == MoveKind::EnPassant)
                        // Fairy-Stockfish tells apart the pieces that may move there
                        // promoting, whatever they promote to (Kyoto's `Gba3=N` beside a
                        // gold turning into a lance).
                        && (o.promotion() == m.promotion() || form.fsf_types && o.promotion().is_some() == m.promotion().is_some())
                };
                o.to == m.to && o.from != m.from && same_kind && alike(o.from)
            })
            .map(|o| o.from)
            .collect();
        if others.is_empty() {
            Level::None
        } else if n.is_shogi() {
            Level::Square
        } else if !others.iter().any(|&o| g.file(o) == g.file(m.from)) {
            Level::File
        } else if !others.iter().any(|&o| g.rank(o) == g.rank(m.from)) {
            Level::Rank
        } else {
            Level::Square
        }
    }

    fn write_origin(&self, from: Square, n: Notation, level: Level, s: &mut String) {
        match level {
            Level::None => {}
            Level::File => self.write_file_in(from, n, s),
            Level::Rank => self.write_rank_in(from, n, s),
            Level::Square => self.write_square_in(from, n, s),
        }
    }

    /// A square in notation `n` (Janggi writes the rank first).
    fn write_square_in(&self, sq: Square, n: Notation, s: &mut String) {
        if n == Notation::Janggi {
            self.write_rank_in(sq, n, s);
            self.write_file_in(sq, n, s);
        } else {
            self.write_file_in(sq, n, s);
            self.write_rank_in(sq, n, s);
        }
    }

    fn write_file_in(&self, sq: Square, n: Notation, s: &mut String) {
        let g = self.t.geometry;
        match n {
            _ if n.is_shogi() => shogi::write_file(g, sq, s),
            Notation::Janggi => xiangqi::write_janggi_file(g, sq, s),
            Notation::XiangqiWxf => xiangqi::write_wxf_file(g, sq, self.turn, s),
            Notation::ThaiSan | Notation::ThaiLan => thai::write_file(g, sq, s),
            _ => lan::write_file(g, sq, s),
        }
    }

    fn write_rank_in(&self, sq: Square, n: Notation, s: &mut String) {
        let g = self.t.geometry;
        match n {
            _ if n.is_shogi() => shogi::write_rank(g, sq, n, s),
            Notation::Janggi => xiangqi::write_janggi_rank(g, sq, s),
            Notation::XiangqiWxf => self.write_wxf_rank(sq, s),
            Notation::ThaiSan | Notation::ThaiLan => thai::write_rank(g, sq, s),
            _ => lan::write_rank(g, sq, s),
        }
    }

    /// What `m` does to its piece's kind.
    fn change(&self, m: Move, mover: PieceType) -> Change {
        let Some(p) = m.promotion() else { return Change::Stays };
        let rules = &self.t.rules;
        if m.kind == MoveKind::Drop {
            Change::Stays
        } else if rules.promoted_from(p) == Some(mover) {
            Change::TurnsUp
        } else if rules.promoted_from(mover) == Some(p) {
            Change::TurnsDown
        } else {
            Change::Becomes(p)
        }
    }

    /// Whether the same piece could have promoted on the same move (a shogi move that
    /// declines promotion is marked `=`).
    fn could_promote(&self, m: Move, legal: &[Move]) -> bool {
        legal.iter().any(|o| o.from == m.from && o.to == m.to && o.kind != MoveKind::Drop && o.promotion().is_some())
    }
}
