//! Check counting: `[end] checks = n`, a side that gives its n-th check wins (Three-check,
//! Five-check; Fairy-Stockfish's `checkCounting`).
//!
//! A move gives check when the side it leaves to move is in check (a checkmate counts
//! too). The position after the n-th check is over — "1-0 White wins by checks" — and has
//! no legal moves, whatever else holds there (so perft counts no moves below it, as
//! Fairy-Stockfish's does). The count comes before every other end rule.
//!
//! State: the checks each side has *given* (`Pos::checks`: counting up reads the same as
//! the Lichess notation `+2+0`), hashed, and journalled where a move changes them (a
//! check is rare; the status block that every move saves stays as small as it was). FEN field `checks=W/B`, White's count first, always written: `checks=2/0` is
//! White having given two checks, Black none. Each count is at most `n`; a FEN without
//! the field starts both at 0. Fairy-Stockfish's form (`3+3`, the checks each side still
//! needs, after the en-passant field) and Lichess's (`+0+0`, the checks given, at the
//! end) are read too.

use crate::bitboard::Bitboard;
use crate::fen::error::{err, FenError, FenField};
use crate::moves::{Move, MoveKind};
use crate::outcome::{EndReason, Outcome};
use crate::position::{Edit, Pos};
use crate::tables::Zobrist;
use crate::types::{ByColor, Color};

/// The FEN key of the counts.
pub(crate) const FEN_KEY: &str = "checks";

impl<B: Bitboard> Pos<B> {
    /// After move `m` of `mover` (and all it set off): counts a check if it left the
    /// opponent in check (called from `Pos::after_move`, out of line).
    #[inline]
    pub(crate) fn count_check(&mut self, m: Move, mover: Color) {
        if self.gave_check(m, mover) {
            let given = self.checks[mover];
            self.journal.push(Edit::Checks(mover, given));
            self.set_checks(mover, given.saturating_add(1));
        }
    }

    /// Whether `mover`'s move `m`, just played, left its opponent in check: what
    /// [`Pos::in_check`] answers, told where the tables allow
    /// ([`Tables::checks_by_lines`]) from the squares the move changed. The opponent
    /// was not in check before it (no position leaves the side not to move in check),
    /// so only the piece that arrived can check directly, and only a line through the
    /// square it left can open onto the royal.
    ///
    /// [`Tables::checks_by_lines`]: crate::tables::Tables::checks_by_lines
    fn gave_check(&self, m: Move, mover: Color) -> bool {
        let t = &*self.t;
        let them = mover.opponent();
        let royals = self.royals(them);
        if !t.checks_by_lines || !royals.is_single() || !matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::Drop) {
            return self.in_check(them);
        }
        let king = royals.lsb();
        let arrived = self.piece_at(m.to).expect("the piece that moved stands on its target").kind;
        // The leaps and lines of `attacked_with`, as they bear on the two squares.
        if t.leap_attackers[(mover.index() * t.types + arrived.index()) * t.squares + king.index()].has(m.to) {
            return true;
        }
        let left = if m.kind == MoveKind::Drop { B::EMPTY } else { B::bit(m.from) };
        // Most moves touch no line from the royal at all.
        if (t.group_reach[mover][king] & (left | B::bit(m.to))).is_empty() {
            return false;
        }
        t.attack_groups[mover].iter().any(|g| {
            let touched = if g.types.contains(arrived) { left | B::bit(m.to) } else { left };
            (g.reach[king] & touched).any()
                && (t.reach_over(&g.lines, king, self.occupied()) & self.group_attackers(g, self.board.by_color[mover])).any()
        })
    }

    fn set_checks(&mut self, side: Color, n: u16) {
        let old = self.checks[side];
        self.checks[side] = n;
        self.status.hash ^= Zobrist::checks(side, old) ^ Zobrist::checks(side, n);
    }

    /// The end by the n-th check: the last mover first, as only its count can have just
    /// reached n (the side to move holds n only in a FEN written so, and has then won
    /// just the same).
    #[inline]
    pub(crate) fn checks_won(&self) -> Option<Outcome> {
        let n = self.t.rules.end.checks?;
        let mover = self.turn.opponent();
        [mover, self.turn]
            .into_iter()
            .find(|&c| self.checks[c] >= n)
            .map(|winner| Outcome { winner: Some(winner), reason: EndReason::Checks })
    }

    /// Appends ` checks=W/B` in a check-counting variant.
    pub(crate) fn write_checks(&self, s: &mut String) {
        if self.t.rules.end.checks.is_some() {
            let c = self.checks;
            s.push_str(&format!(" {FEN_KEY}={}/{}", c[Color::White], c[Color::Black]));
        }
    }

    /// Reads the value of `checks=`: the checks given, White's and Black's (`1/0`).
    pub(crate) fn read_checks_field(&mut self, text: &str) -> Result<(), FenError> {
        let Some(n) = self.t.rules.end.checks else {
            return err(FenField::Extra, "`checks=` is only for variants that count checks (`[end] checks`)");
        };
        let Some((white, black)) = text.split_once('/').and_then(|(w, b)| check_count(w, n).zip(check_count(b, n))) else {
            return err(
                FenField::Extra,
                format!("checks: `{text}` is not two counts of checks given, White's and Black's, each from 0 to {n} (like `1/0`)"),
            );
        };
        self.set_counts(ByColor::new(white, black));
        Ok(())
    }

    /// Reads Fairy-Stockfish's `3+3` (the checks each side still needs) or Lichess's
    /// `+0+1` (the checks given): `None` where `field` is neither, or the variant counts
    /// no checks.
    pub(crate) fn read_foreign_checks(&mut self, field: &str) -> Option<Result<(), FenError>> {
        let n = self.t.rules.end.checks?;
        let (given, text) = match field.strip_prefix('+') {
            Some(text) => (true, text),
            None => (false, field),
        };
        let (w, b) = text.split_once('+')?;
        let Some((w, b)) = check_count(w, n).zip(check_count(b, n)) else {
            return Some(err(FenField::Extra, format!("`{field}`: not two counts of checks from 0 to {n}")));
        };
        let counts = if given { ByColor::new(w, b) } else { ByColor::new(n - w, n - b) };
        self.set_counts(counts);
        Some(Ok(()))
    }

    /// The counts a FEN gives (the reader computes the hash afterwards, from them).
    fn set_counts(&mut self, counts: ByColor<u16>) {
        self.checks = counts;
    }
}

/// A count of checks in a FEN, from 0 to `n`.
fn check_count(text: &str, n: u16) -> Option<u16> {
    text.parse::<u16>().ok().filter(|&c| c <= n)
}
