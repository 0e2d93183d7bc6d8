//! Move ordering: alpha-beta cuts more the sooner it meets the best move. The order: the
//! transposition table's move, then captures by MVV-LVA (the most valuable victim first,
//! and among equal victims the least valuable attacker), promotions, the killer moves of
//! this ply (quiet moves that cut elsewhere at the same depth), then the rest.

use chimera_engine::{Move, MoveKind, Position};

use crate::eval::Values;

/// Killer moves: two per ply.
pub struct Killers {
    slots: Vec<[Option<Move>; 2]>,
}

impl Killers {
    /// Room for `plies` plies.
    pub fn new(plies: usize) -> Killers {
        Killers { slots: vec![[None; 2]; plies] }
    }

    /// Remembers a quiet move that cut at `ply`.
    pub fn add(&mut self, ply: usize, m: Move) {
        if let Some(s) = self.slots.get_mut(ply) {
            if s[0] != Some(m) {
                s[1] = s[0];
                s[0] = Some(m);
            }
        }
    }

    fn rank(&self, ply: usize, m: Move) -> Option<usize> {
        self.slots.get(ply).and_then(|s| s.iter().position(|k| *k == Some(m)))
    }
}

/// The value a capture takes: the piece on the target square, or for an en-passant
/// capture or a locust's via square, the piece beside or on the way; a capture the
/// kernel reports that takes no piece we can name (an exploding capture's blast is
/// not counted) still sorts before quiet moves.
pub fn victim_value(pos: &Position, values: &Values, m: Move) -> i32 {
    let taken = match m.kind {
        MoveKind::Locust => pos.piece_at(m.piece_square()).or_else(|| pos.piece_at(m.to)),
        _ => pos.piece_at(m.to),
    };
    match taken {
        Some(p) if p.color != pos.turn() => values.value(p.kind).max(1),
        // En passant: the pawn taken is beside the target; any nonzero value sorts it
        // with the captures.
        _ => 1,
    }
}

/// Sorts `moves` for searching, best candidates first.
pub fn order(pos: &Position, values: &Values, killers: &Killers, ply: usize, hash_move: Option<Move>, moves: &mut [Move]) {
    let mut keyed: Vec<(i64, Move)> = moves.iter().map(|&m| (-score(pos, values, killers, ply, hash_move, m), m)).collect();
    // Stable: equal keys keep the generator's order, so the search is deterministic.
    keyed.sort_by_key(|&(k, _)| k);
    for (slot, (_, m)) in moves.iter_mut().zip(keyed) {
        *slot = m;
    }
}

fn score(pos: &Position, values: &Values, killers: &Killers, ply: usize, hash_move: Option<Move>, m: Move) -> i64 {
    if Some(m) == hash_move {
        return 1 << 40;
    }
    let promotion = m.promotion().map_or(0, |t| i64::from(values.value(t)));
    if pos.is_capture(m) {
        let attacker = pos.piece_at(m.from).map_or(0, |p| i64::from(values.value(p.kind)));
        return (1 << 30) + i64::from(victim_value(pos, values, m)) * 1024 - attacker + promotion;
    }
    if promotion > 0 {
        return (1 << 29) + promotion;
    }
    match killers.rank(ply, m) {
        Some(k) => (1 << 28) - k as i64,
        None => 0,
    }
}
