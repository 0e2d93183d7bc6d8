//! Fairy-Stockfish's Xiangqi rules that are options, for `convert`: the soldier that steps
//! sideways once across the river (`soldierPromotionRank`) and the Asian Xiangqi
//! Federation's chasing rule (`chasingRule = axf`).

use toml::{Table, Value};

use super::conv::{ints, Conv};
use super::Refusal;

/// The chasers of Fairy-Stockfish's `Position::chased`, with strengths that say whom each
/// chases whatever its protection: a horse or cannon a rook (chariot), an elephant or
/// advisor (`fers`) a rook, cannon or horse. Its king and soldiers never chase.
const CHASERS: [(&str, i64); 5] = [("rook", 3), ("horse", 2), ("cannon", 2), ("elephant", 1), ("fers", 1)];

impl Conv<'_> {
    /// The own rank (1-based) from which Fairy-Stockfish's soldier also steps sideways
    /// (and counts as promoted for the chasing rule); 1: always.
    fn soldier_rank(&self) -> Result<u8, Refusal> {
        let rank = self.int("soldierPromotionRank", 1)?;
        if !(1..=self.ranks as i64).contains(&rank) {
            return Err(self.refuse("soldierPromotionRank", format!("rank {rank} of a board of {} ranks", self.ranks)));
        }
        Ok(rank as u8)
    }
}

/// Fairy-Stockfish's soldier (`fsW`) steps sideways only from `soldierPromotionRank` on:
/// `fW` with `extra_moves` `sW` on those own ranks.
pub(super) fn soldier(c: &Conv<'_>, pieces: &mut Table) -> Result<(), Refusal> {
    let rank = c.soldier_rank()?;
    let Some(soldier) = pieces.get_mut("soldier").and_then(Value::as_table_mut) else { return Ok(()) };
    if rank > 1 {
        soldier.insert("betza".into(), Value::String("fW".into()));
        let extra = Table::from_iter([
            ("ranks".to_string(), ints(&(rank..=c.ranks).collect::<Vec<_>>())),
            ("betza".to_string(), Value::String("sW".into())),
        ]);
        soldier.insert("extra_moves".into(), Value::Table(extra));
    }
    Ok(())
}

/// `chasingRule = axf` as `[end.perpetual_chase]`: a side that chased one piece with every
/// move of a repetition loses. Fairy-Stockfish's rule knows its Xiangqi types only: a
/// variant with another piece (that would chase by its own reckoning) is refused. Its
/// soldiers are chased only once they step sideways (`immune` before).
pub(super) fn chasing(c: &Conv<'_>, pieces: &Table) -> Result<Option<Table>, Refusal> {
    match c.fsf.value("chasingRule").map(|(v, _)| v.trim()).unwrap_or("none") {
        "none" => return Ok(None),
        "axf" => {}
        other => return Err(c.refuse("chasingRule", format!("`{other}` chasing (Chimera has the AXF's)"))),
    }
    let known = |name: &str| name == "king" || name == "soldier" || CHASERS.iter().any(|(n, _)| *n == name);
    if let Some(other) = pieces.keys().find(|name| !known(name)) {
        return Err(c.refuse("chasingRule", format!("the chasing rule with `{other}`, a piece Fairy-Stockfish's rule does not know")));
    }
    let chasers: Table =
        CHASERS.iter().filter(|(name, _)| pieces.contains_key(*name)).map(|(name, s)| (name.to_string(), Value::Integer(*s))).collect();
    let mut rule =
        Table::from_iter([("verdict".to_string(), Value::String("loss".into())), ("chasers".to_string(), Value::Table(chasers))]);
    let rank = c.soldier_rank()?;
    if pieces.contains_key("soldier") && rank > 1 {
        let unpromoted = Table::from_iter([("soldier".to_string(), ints(&(1..rank).collect::<Vec<_>>()))]);
        rule.insert("immune".into(), Value::Table(unpromoted));
    }
    Ok(Some(rule))
}
