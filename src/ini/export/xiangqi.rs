//! Xiangqi's rules that are Fairy-Stockfish options: the soldier that steps sideways once
//! across the river (`soldierPromotionRank`, read with the pieces by [`super::army`]),
//! the Asian Xiangqi Federation's chasing rule (`chasingRule = axf`, exactly as
//! import-ini reads it) and, with it, the move rule that counts no side's checks past ten.

use toml::{Table, Value};

use super::army::Army;
use super::{refuse, ExportRefusal, Section};

/// The chasers of Fairy-Stockfish's `Position::chased` and their strengths (as
/// import-ini's `xiangqi::CHASERS`): a horse or cannon chases a rook whatever its
/// protection, an elephant or advisor (`fers`) a rook, cannon or horse.
const CHASERS: [(&str, i64); 5] = [("rook", 3), ("horse", 2), ("cannon", 2), ("elephant", 1), ("fers", 1)];

/// The types Fairy-Stockfish's chasing rule knows.
const KNOWN: [&str; 7] = ["king", "soldier", "rook", "horse", "cannon", "elephant", "fers"];

pub(super) fn write(army: &Army, end: &Table, out: &mut Section) -> Result<(), ExportRefusal> {
    match army.soldier_rank {
        Some(rank) => out.set("soldierPromotionRank", rank.to_string()),
        None => out.implicit("soldierPromotionRank", "1"),
    }
    let axf = match end.get("perpetual_chase") {
        None => false,
        Some(v) => {
            if army.pieces.iter().any(|f| !KNOWN.contains(&f.fsf.as_str())) || Some(v) != Some(&Value::Table(chasing(army))) {
                return refuse("end.perpetual_chase", "a chasing rule other than Fairy-Stockfish's (the AXF's, with its Xiangqi pieces)");
            }
            true
        }
    };
    out.set_or_implicit("chasingRule", if axf { "axf" } else { "none" }, axf);
    let counted = end.get("move_rule_checks_counted").and_then(Value::as_integer).unwrap_or(0);
    let expected = if axf && end.contains_key("move_rule") { 10 } else { 0 };
    if counted != expected {
        return refuse(
            "end.move_rule_checks_counted",
            format!("{counted} (Fairy-Stockfish counts ten checks a side with the AXF's chasing rule, else every one)"),
        );
    }
    Ok(())
}

/// The `[end.perpetual_chase]` import-ini writes for `chasingRule = axf`, in the ruleset's
/// piece names.
fn chasing(army: &Army) -> Table {
    let chasers: Table = CHASERS.iter().filter_map(|(t, s)| army.of_type(t).map(|f| (f.name.clone(), Value::Integer(*s)))).collect();
    let mut rule =
        Table::from_iter([("verdict".to_string(), Value::String("loss".into())), ("chasers".to_string(), Value::Table(chasers))]);
    if let (Some(soldier), Some(rank)) = (army.of_type("soldier"), army.soldier_rank.filter(|&r| r > 1)) {
        let ranks = Value::Array((1..rank).map(Value::Integer).collect());
        rule.insert("immune".into(), Value::Table(Table::from_iter([(soldier.name.clone(), ranks)])));
    }
    rule
}
