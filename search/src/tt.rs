//! The transposition table: what an earlier visit to a position found, keyed by
//! [`chimera_engine::Position::hash`] (which includes the side to move and, mid-turn, the part
//! and its anchor, so the parts of a turn never collide with whole positions).
//!
//! A fixed number of slots, one entry each, replaced when the new entry searched as
//! deep or deeper, or belongs to another position: bounded memory whatever the search.

use chimera_engine::Move;

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact (a PV node).
    Exact,
    /// The true score is at least this (a cut: a move reached beta).
    Lower,
    /// The true score is at most this (no move raised alpha).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// The full hash, to tell positions sharing a slot apart.
    pub key: u64,
    /// The best move found (tried first when the position comes again).
    pub best: Option<Move>,
    /// The score, mate scores stored relative to this node (see `search::to_tt`).
    pub score: i32,
    /// The depth it was searched to.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

/// A table of `2^n` slots.
pub struct Table {
    slots: Vec<Option<Entry>>,
    mask: usize,
}

impl Table {
    /// A table of at least `entries` slots (rounded up to a power of two, at least 1024).
    pub fn new(entries: usize) -> Table {
        let n = entries.max(1024).next_power_of_two();
        Table { slots: vec![None; n], mask: n - 1 }
    }

    /// The entry stored for this position, if any.
    pub fn probe(&self, key: u64) -> Option<Entry> {
        self.slots[key as usize & self.mask].filter(|e| e.key == key)
    }

    /// Stores a result, keeping a deeper one of the same position.
    pub fn store(&mut self, entry: Entry) {
        let slot = &mut self.slots[entry.key as usize & self.mask];
        match slot {
            Some(old) if old.key == entry.key && old.depth > entry.depth && entry.bound != Bound::Exact => {
                // Keep the deeper result, but learn the new best move if it has one.
                if entry.best.is_some() {
                    old.best = entry.best;
                }
            }
            _ => *slot = Some(entry),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
    }
}
