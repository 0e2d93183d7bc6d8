//! En passant: a piece that double-stepped past an enemy piece able to capture en
//! passant may be taken as if it had made a single step, on the very next move.
//!
//! The double step and the capture are move kinds of the generator's inner loop (kept
//! there: it is the hot path); this file owns what the square means elsewhere: whether
//! it changes the position's identity (hash, repetition), and its FEN field.

use crate::bitboard::Bitboard;
use crate::fen::error::{err, FenError, FenField};
use crate::moves::Move;
use crate::position::{EnPassant, Pos};
use crate::types::{Color, Square};

impl<B: Bitboard> Pos<B> {
    /// Whether `by` has a piece that could capture en passant onto `ep.target`, or a triple
    /// step's second square (ignoring pins): only then does the en-passant square change
    /// the position's identity. (Its hash key is `ep.target`'s: the placement tells a
    /// triple step's from a double's.)
    #[inline]
    pub(crate) fn ep_capturable(&self, ep: EnPassant, by: Color) -> bool {
        let t = &*self.t;
        t.en_passant_types.iter().any(|pt| {
            let base = (by.index() * t.types + pt.index()) * t.squares;
            (t.ep_attackers[base + ep.target.index()] & self.pieces(by, pt)).any()
        }) || (t.long_passes && self.far_capturable(ep, by))
    }

    /// [`Pos::ep_capturable`] onto a triple step's second square (out of line: the rare case).
    #[inline(never)]
    fn far_capturable(&self, ep: EnPassant, by: Color) -> bool {
        let t = &*self.t;
        let Some(far) = self.far_passed(ep) else { return false };
        t.en_passant_types.iter().any(|pt| {
            let base = (by.index() * t.types + pt.index()) * t.squares;
            (t.ep_attackers[base + far.index()] & self.pieces(by, pt)).any()
        })
    }

    /// Whether the en-passant target of this position belongs in its hash: whether the
    /// side that may take it could (mid-turn the side to move made the double step, and
    /// its opponent may take).
    pub(crate) fn ep_in_hash(&self) -> bool {
        let by = if self.status.part != 0 { self.turn.opponent() } else { self.turn };
        self.status.ep.is_some_and(|ep| self.ep_capturable(ep, by))
    }

    /// The square step `m` (a double or triple step: `en_passant = "any-passed"` in the
    /// variant) passed nearest its origin.
    #[inline(never)]
    pub(crate) fn near_passed(&self, m: Move) -> Square {
        let g = self.t.geometry;
        let (df, dr) = (i32::from(g.file(m.to)) - i32::from(g.file(m.from)), i32::from(g.rank(m.to)) - i32::from(g.rank(m.from)));
        let n = df.abs().max(dr.abs()).max(1);
        g.offset(m.from, df / n, dr / n).expect("a passed square")
    }

    /// A triple step's second passed square (`en_passant = "any-passed"`): the one between
    /// `ep.target` and the piece beyond it, where they are two squares apart along a line
    /// (a double step's target is next to its piece) and no wall stands on it (a duck
    /// placed there keeps the other square alone). `None` in every other variant.
    #[inline(never)]
    pub(crate) fn far_passed(&self, ep: EnPassant) -> Option<Square> {
        let t = &*self.t;
        if !t.long_passes {
            return None;
        }
        let g = t.geometry;
        // (With Alice chess's transfer the piece has since passed to the next board.)
        let victim = if t.rules.transfer { g.twin(ep.victim) } else { ep.victim };
        let df = i32::from(g.file(victim)) - i32::from(g.file(ep.target));
        let dr = i32::from(g.rank(victim)) - i32::from(g.rank(ep.target));
        let apart = |d: i32| d == 0 || d.abs() == 2;
        if df.abs().max(dr.abs()) != 2 || !apart(df) || !apart(dr) {
            return None;
        }
        g.offset(ep.target, df / 2, dr / 2).filter(|&far| !self.walls.has(far) && self.piece_at(far).is_none())
    }

    /// The squares en passant may capture onto: `ep.target`, and a triple step's second.
    pub(crate) fn ep_squares(&self, ep: EnPassant) -> (Square, Option<Square>) {
        (ep.target, self.far_passed(ep))
    }
}

/// Reads the en-passant field: the passed square (`e3`); a triple step's two (`e3e4`,
/// `en_passant = "any-passed"`); and, for a piece that does not stand straight beyond
/// them, its own square too, in any order (`d3c4`, as Fairy-Stockfish writes it).
pub(crate) fn parse_ep<B: Bitboard>(pos: &Pos<B>, s: &str) -> Result<EnPassant, FenError> {
    let t = &*pos.t;
    let g = t.geometry;
    let squares = split_squares(s).map(|sq| g.parse_square(sq).ok_or(sq)).collect::<Result<Vec<Square>, &str>>();
    let squares = match squares {
        Ok(squares) if !squares.is_empty() && squares.len() <= 3 => squares,
        Ok(_) => return err(FenField::EnPassant, format!("`{s}` names no square, or more than three")),
        Err(sq) => return err(FenField::EnPassant, format!("`{sq}` is not a square of this board")),
    };
    // Mid-turn (`part=`, read before this field) the double step was the side to move's own.
    let mover = if pos.status.part != 0 { pos.turn } else { pos.turn.opponent() };
    let forward = if mover == Color::Black { -1 } else { 1 };
    let bad = || err(FenField::EnPassant, format!("{s} is not a square a {mover} piece has just passed with a double step"));
    // The empty squares are the passed ones, an occupied one the piece's own. (With Alice
    // chess's transfer the piece has since passed to the next board: its square there.)
    let (mut passed, placed): (Vec<Square>, Vec<Square>) = squares.iter().partition(|&&sq| pos.piece_at(sq).is_none());
    if placed.len() > 1 || passed.is_empty() || passed.len() > 2 || (squares.len() == 3 && placed.is_empty()) {
        return bad();
    }
    // The passed squares in the piece's order: the one nearer its origin first.
    passed.sort_by_key(|&sq| i32::from(g.rank(sq)) * forward);
    let (target, also) = (passed[0], passed[passed.len() - 1]);
    // One step beyond `from`, seen from the mover's side: straight, or one file aside.
    let beyond =
        |from: Square, v: Square| i32::from(g.rank(v)) - i32::from(g.rank(from)) == forward && g.file(v).abs_diff(g.file(from)) <= 1;
    let victim = match placed[..] {
        [v] => v,
        _ => {
            let Some(v) = g.offset(also, 0, forward) else { return bad() };
            if t.rules.transfer {
                g.twin(v)
            } else {
                v
            }
        }
    };
    let onward = |v: Square| beyond(also, v) || (t.rules.transfer && beyond(also, g.twin(v)));
    // Two passed squares lie on the piece's line: the second one step beyond the first,
    // as the piece beyond the second, in the same direction.
    let line = also == target
        || (beyond(target, also)
            && (i32::from(g.file(victim)) - i32::from(g.file(also)) == i32::from(g.file(also)) - i32::from(g.file(target))));
    let ok = (placed.is_empty() || onward(victim))
        && line
        && pos.piece_at(victim).is_some_and(|p| {
            let def = t.rules.piece(p.kind);
            p.color == mover && def.en_passant && (also == target || def.en_passant_any_passed)
        });
    if !ok {
        return bad();
    }
    Ok(EnPassant { target, victim })
}

/// `c5d6` as `c5`, `d6`: each square is a letter and the digits after it.
pub(crate) fn split_squares(s: &str) -> impl Iterator<Item = &str> {
    let mut rest = s;
    std::iter::from_fn(move || {
        let end = rest.char_indices().skip(1).find(|(_, c)| c.is_ascii_alphabetic()).map_or(rest.len(), |(i, _)| i);
        let (square, tail) = rest.split_at(end);
        rest = tail;
        (!square.is_empty()).then_some(square)
    })
}

impl<B: Bitboard> Pos<B> {
    /// The en-passant field: the passed square, with the piece's own square when that is
    /// not straight beyond it (a diagonal double step), as Fairy-Stockfish does, so that
    /// the field says which piece may be taken.
    pub(crate) fn write_ep(&self, s: &mut String) {
        let g = self.t.geometry;
        let Some(ep) = self.status.ep else {
            s.push('-');
            return;
        };
        // In Fairy-Stockfish's order: the lower square first.
        let mut squares = vec![ep.target];
        let far = self.far_passed(ep);
        squares.extend(far);
        if g.file(ep.victim) != g.file(far.unwrap_or(ep.target)) {
            squares.push(ep.victim);
        }
        squares.sort();
        for sq in squares {
            *s += &g.square_name(sq);
        }
    }
}

/// [`crate::tables::Tables::ep_attackers`]: per (colour, type, square) where a piece of
/// each type of `takers` captures en passant onto the square from: its capturing plain
/// leaps (`leap_attackers`), or with `takes_en_passant = "capture-only"` those of them
/// that only capture, where no quiet move of the piece goes (Fairy-Stockfish's
/// `attacks & ~quiets`: Borderlands' soldier `fWfceFifmnD` takes by its diagonals alone).
pub(crate) fn attackers<B: Bitboard>(
    rules: &crate::rules::Rules,
    leap_attackers: &[B],
    mobility: &[crate::tables::Mobility<B>],
    takers: crate::types::PieceSet,
) -> Vec<B> {
    use crate::betza::{Hop, Mode};
    if takers.is_empty() {
        return Vec::new();
    }
    let g = rules.geometry;
    let (types, squares) = (rules.pieces.len(), g.squares());
    let mut out = leap_attackers.to_vec();
    let reach = i32::from(g.files.max(g.ranks));
    for color in Color::BOTH {
        let sign = if color == Color::White { 1 } else { -1 };
        for (t, def) in rules.pieces.iter().enumerate().filter(|(_, d)| d.takes_en_passant_capture_only) {
            let base = (color.index() * types + t) * squares;
            let plain = |d: &&crate::betza::Direction| d.hop == Hop::None && !d.initial_only && !d.is_conditional();
            let quiet: Vec<(i32, i32)> = def
                .directions
                .iter()
                .filter(plain)
                .filter(|d| d.mode != Mode::Capture)
                .flat_map(|d| {
                    let steps = if d.range == 0 { reach } else { i32::from(d.range).min(reach) };
                    (1..=steps).map(move |k| (i32::from(d.dx) * k, i32::from(d.dy) * k))
                })
                .collect();
            let within = mobility[color.index() * types + t].within;
            for sq in 0..squares {
                out[base + sq] = B::EMPTY;
            }
            for d in def.directions.iter().filter(plain).filter(|d| d.mode == Mode::Capture && d.range == 1) {
                if quiet.contains(&(i32::from(d.dx), i32::from(d.dy))) {
                    continue;
                }
                let (dx, dy) = (i32::from(d.dx) * sign, i32::from(d.dy) * sign);
                for sq in g.all().filter(|&sq| within.has(sq)) {
                    if let Some(from) = g.offset(sq, -dx, -dy).filter(|&from| from != sq) {
                        out[base + sq.index()] |= B::bit(from);
                    }
                }
            }
        }
    }
    out
}
