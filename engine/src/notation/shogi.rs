//! The shogi notations (Fairy-Stockfish's `NOTATION_SHOGI_HOSKING`, `_HODGES`,
//! `_HODGES_NUMBER`): files numbered from the right, ranks from the top (numbers, or
//! letters in Hodges's form); a promoted piece written `+` and its unpromoted letter; a
//! drop `*` (Hosking: `'`); a promotion `+`, a declined one `=`, a piece turned back
//! (Kyoto shogi) `-`; the origin square written only when another piece of the kind
//! could make the move; no check marks. `P-76`, `S*34`, `+B-33`, `N-33=`, `P-2c+`.
//!
//! The parts are used by the shared writer in `mod.rs`.

use super::Notation;
use crate::types::{Geometry, Square};

/// A file, numbered from White's right (`9` for the a-file of Shogi's board).
pub(super) fn write_file(g: Geometry, sq: Square, s: &mut String) {
    s.push_str(&(g.files - g.file(sq)).to_string());
}

/// A rank, from White's far side: a number (`1` for the last rank), or in Hodges's form
/// a letter (`a`).
pub(super) fn write_rank(g: Geometry, sq: Square, n: Notation, s: &mut String) {
    let from_top = g.ranks - 1 - g.rank(sq);
    if n == Notation::ShogiHodges {
        s.push((b'a' + from_top) as char);
    } else {
        s.push_str(&(from_top + 1).to_string());
    }
}
