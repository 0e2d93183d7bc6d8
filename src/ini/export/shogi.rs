//! Shogi-style promotions as Fairy-Stockfish's `promotedPieceType`: a piece promotes to
//! its one promoted type on a move into, out of or inside the promotion region (each piece
//! but the pawn always; the pawn where its promotion says `from_zone`, or where its
//! promoted type is captured as the pawn), all promotions alike mandatory
//! (`mandatoryPiecePromotion`; the pawn's own `mandatoryPawnPromotion`) or optional (with
//! `immobilityIllegal` where a piece would be stuck unpromoted), all or none on captures
//! only (`piecePromotionOnCapture`). A promoted type that turns back into its origin at
//! every move is Fairy-Stockfish's `pieceDemotion` (Kyoto and Micro shogi's faces).
//!
//! Fairy-Stockfish knows a promoted piece by the piece itself, not by its type: a captured
//! promoted piece goes to the hand as its origin, and only a promoted piece demotes. So
//! Chimera's type captured as another (`captured_as`) is exported only where it is the
//! Shogi-style promotion of that other, from it alone; and each such piece of the start
//! position is written promoted (`+W` for a gold promoted from a wing).

use toml::Value;

use super::army::Army;
use super::pawn::region;
use super::{refuse, ExportRefusal, Section};

/// The keys of a Shogi-style `promotion` table this writer reads.
const KEYS: [&str; 5] = ["ranks", "to", "policy", "from_zone", "on_capture"];

/// One Shogi-style promotion: the origin's and the promoted type's ruleset names.
struct Pair<'a> {
    from: &'a str,
    to: &'a str,
}

/// Whether the piece's `promotion` is Shogi style, not Fairy-Stockfish's pawn promotion
/// ([`super::pawn`]): any piece's but the pawn's; the pawn's where it says `from_zone`,
/// or where the type it promotes to is captured as the pawn (Dobutsu's hen).
pub(super) fn shogi_style(army: &Army, name: &str) -> bool {
    let Some(t) = army.table(name) else { return false };
    let Some(promotion) = t.get("promotion").and_then(Value::as_table) else { return false };
    if army.pawn.is_none_or(|(p, _)| p != name) {
        return true;
    }
    let to = promotion.get("to").and_then(Value::as_array).and_then(|a| a.first()).and_then(Value::as_str);
    promotion.get("from_zone").and_then(Value::as_bool) == Some(true)
        || to.and_then(|to| army.table(to)?.get("captured_as")?.as_str()) == Some(name)
}

/// Writes the Shogi-style promotions and returns the start FEN with the promoted pieces
/// marked (`+W`). `to_hand`: captured pieces go to the captor's hand.
pub(super) fn write(army: &Army, start: &str, to_hand: bool, files: i64, ranks: i64, out: &mut Section) -> Result<String, ExportRefusal> {
    let names: Vec<&str> = army.pieces.iter().map(|f| f.name.as_str()).filter(|n| shogi_style(army, n)).collect();
    let mut pairs: Vec<Pair> = Vec::new();
    let mut zone: Option<Vec<i64>> = None;
    let (mut policy, mut on_capture): (Option<&str>, Option<bool>) = (None, None);
    let mut pawn_policy = None;
    let whole: Vec<i64> = (1..=ranks).collect();
    for &name in &names {
        let key = |k: &str| format!("pieces.{name}.promotion.{k}");
        let p = army.table(name).and_then(|t| t.get("promotion")).and_then(Value::as_table).expect("a promotion");
        if let Some(k) = p.keys().find(|k| !KEYS.contains(&k.as_str())) {
            return refuse(key(k), "not exported with Shogi-style promotions (only ranks, to, policy, from_zone, on_capture)");
        }
        let to = match p.get("to").and_then(Value::as_array).map(Vec::as_slice) {
            Some([to]) => to.as_str().filter(|to| army.get(to).is_some()),
            _ => None,
        };
        let Some(to) = to else { return refuse(key("to"), "a Shogi-style promotion to one piece of the variant") };
        let own: Vec<i64> = p.get("ranks").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_integer).collect();
        if own.is_empty() {
            return refuse(key("ranks"), "a Shogi-style promotion zone of own ranks");
        }
        if zone.get_or_insert_with(|| own.clone()) != &own {
            return refuse(key("ranks"), "Shogi-style promotions with different zones (Fairy-Stockfish's promotion region is one)");
        }
        // Fairy-Stockfish promotes a piece on moves out of the zone too (Chimera's
        // `from_zone`), its own pawn only on moves into it: the same where no move of the
        // piece leaves the zone.
        let fsf_pawn = army.get(name).is_some_and(|f| f.fsf == "pawn");
        let from_zone = p.get("from_zone").and_then(Value::as_bool) == Some(true);
        if from_zone == fsf_pawn && leaves_zone(army, name, &own, files, ranks) {
            let why = if fsf_pawn {
                "Fairy-Stockfish's pawn promotes only on moves into the zone"
            } else {
                "promotion only on moves into the zone (Fairy-Stockfish's also on moves out of it)"
            };
            return refuse(key("from_zone"), why);
        }
        let capture = p.get("on_capture").and_then(Value::as_bool).unwrap_or(false);
        if *on_capture.get_or_insert(capture) != capture {
            return refuse(
                key("on_capture"),
                "some promotions on captures only, others not (Fairy-Stockfish's `piecePromotionOnCapture` is one)",
            );
        }
        let pol = p.get("policy").and_then(Value::as_str).unwrap_or("mandatory");
        if !["mandatory", "optional", "free"].contains(&pol) {
            return refuse(key("policy"), format!("`{pol}` (exported: mandatory, optional, free)"));
        }
        if army.table(to).is_some_and(|t| t.contains_key("limit")) || army.table(name).is_some_and(|t| t.contains_key("limit")) {
            return refuse(format!("pieces.{to}.limit"), "a limit on a Shogi-style promotion (not exported yet)");
        }
        // Fairy-Stockfish's own pawn obeys `mandatoryPawnPromotion`, every other piece
        // `mandatoryPiecePromotion`.
        let slot = if army.get(name).is_some_and(|f| f.fsf == "pawn") { &mut pawn_policy } else { &mut policy };
        if slot.get_or_insert(pol) != &pol {
            return refuse(key("policy"), "Shogi-style promotions of different policies (Fairy-Stockfish's is one)");
        }
        if pol == "optional" {
            // The piece must promote where it could never move again unpromoted.
            out.set_immobility_illegal();
        }
        pairs.push(Pair { from: name, to });
    }
    let Some(zone) = zone else { return Ok(start.to_string()) };

    // A promoted type that turns back at every move: Fairy-Stockfish's demotion. Its
    // origin is the type it is captured as.
    let back = |pair: &Pair| pairs.iter().any(|q| q.from == pair.to && q.to == pair.from);
    let first = |pair: &Pair| army.table(pair.to).and_then(|t| t.get("captured_as")).and_then(Value::as_str) == Some(pair.from);
    let demotion = pairs.iter().any(back);
    if demotion {
        if pairs.iter().any(|p| !back(p)) {
            let p = pairs.iter().find(|p| !back(p)).expect("one");
            return refuse(format!("pieces.{}.promotion", p.to), "a promoted type that does not turn back, beside ones that do (Fairy-Stockfish's `pieceDemotion` is every promoted piece's)");
        }
        if zone != whole || policy.or(pawn_policy) != Some("mandatory") {
            return refuse(
                format!("pieces.{}.promotion", pairs[0].from),
                "faces that turn over other than at every move (mandatory, on the whole board)",
            );
        }
        if let Some(p) = pairs.iter().find(|p| !first(p) && !first(&Pair { from: p.to, to: p.from })) {
            return refuse(
                format!("pieces.{}.captured_as", p.to),
                "two faces neither of which is captured as the other: which is the first is unknown",
            );
        }
        pairs.retain(first);
        out.set("pieceDemotion", "true");
    }
    for (i, p) in pairs.iter().enumerate() {
        if pairs.iter().skip(i + 1).any(|q| q.to == p.to) {
            return refuse(
                format!("pieces.{}.promotion.to", p.from),
                format!("`{}` promoted to from two types (exported: a promoted type each)", p.to),
            );
        }
        if pairs.iter().any(|q| q.from == p.to) {
            return refuse(format!("pieces.{}.promotion", p.to), "a promoted type that promotes again");
        }
    }

    // Where captured pieces go to the hand, Fairy-Stockfish demotes a promoted one to its
    // origin: Chimera's promoted type must be captured as it, and any other type captured
    // as another must be such a promoted one.
    for f in &army.pieces {
        let Some(c) = army.table(&f.name).and_then(|t| t.get("captured_as")).and_then(Value::as_str) else { continue };
        let promoted = pairs.iter().any(|p| p.to == f.name && p.from == c);
        if c != f.name && !(promoted && to_hand) {
            return refuse(
                format!("pieces.{}.captured_as", f.name),
                format!("captured as `{c}`, which it is not promoted from Shogi style (Fairy-Stockfish demotes only a promoted piece)"),
            );
        }
    }
    if to_hand {
        if let Some(p) = pairs.iter().find(|p| !first(p)) {
            return refuse(
                format!("pieces.{}.captured_as", p.to),
                format!(
                    "a promoted type not captured as `{}` (Fairy-Stockfish's captured promoted piece goes to the hand as its origin)",
                    p.from
                ),
            );
        }
    }

    let letter = |name: &str| army.get(name).map(|f| f.letter).expect("a piece of the variant");
    let list: Vec<String> = pairs.iter().map(|p| format!("{}:{}", letter(p.from), letter(p.to))).collect();
    out.set("promotedPieceType", list.join(" "));
    out.set("promotionRegionWhite", region(&zone, ranks, false));
    out.set("promotionRegionBlack", region(&zone, ranks, true));
    if let Some(pol) = policy {
        out.set("mandatoryPiecePromotion", (pol == "mandatory").to_string());
    }
    if let Some(pol) = pawn_policy {
        // Fairy-Stockfish's pawn promotes only Shogi style: no pawn promotions.
        out.set("promotionPieceTypes", "-");
        out.set("mandatoryPawnPromotion", (pol == "mandatory").to_string());
    }
    if on_capture == Some(true) {
        if pawn_policy.is_some() {
            return refuse(format!("pieces.{}.promotion.on_capture", pairs[0].from), "Fairy-Stockfish's pawn promoting on captures only");
        }
        out.set("piecePromotionOnCapture", "true");
    }

    // The promoted pieces of the start position, marked: those that demote when captured
    // or turn back.
    let marked: Vec<(char, char)> =
        if to_hand || demotion { pairs.iter().map(|p| (letter(p.to), letter(p.from))).collect() } else { Vec::new() };
    let (board, rest) = start.split_once(' ').unwrap_or((start, ""));
    let (board, hand) = board.split_once('[').map_or((board, None), |(b, h)| (b, Some(h)));
    if let Some((t, _)) = marked.iter().find(|(t, _)| hand.is_some_and(|h| h.contains([*t, t.to_ascii_uppercase()]))) {
        return refuse("start", format!("a promoted piece `{t}` in hand"));
    }
    let mut fen = String::with_capacity(start.len() + 8);
    for ch in board.chars() {
        match marked.iter().find(|(t, _)| *t == ch.to_ascii_lowercase()) {
            Some((_, from)) => {
                fen.push('+');
                fen.push(if ch.is_ascii_uppercase() { from.to_ascii_uppercase() } else { *from });
            }
            None => fen.push(ch),
        }
    }
    if let Some(h) = hand {
        fen.push('[');
        fen.push_str(h);
    }
    if !rest.is_empty() {
        fen.push(' ');
        fen.push_str(rest);
    }
    Ok(fen)
}

/// Whether some move of the piece `name` from a square of the zone (own ranks) ends
/// outside it, on an empty board.
fn leaves_zone(army: &Army, name: &str, zone: &[i64], files: i64, ranks: i64) -> bool {
    let betza = army.table(name).and_then(|t| t.get("betza")).and_then(Value::as_str).unwrap_or("");
    let dirs = crate::betza::parse(betza).unwrap_or_default();
    let reach = files.max(ranks);
    zone.iter().flat_map(|&r| (0..files).map(move |f| (f, r - 1))).any(|(f, r)| {
        dirs.iter().any(|d| {
            let steps = if d.range == 0 { reach } else { i64::from(d.range).min(reach) };
            (1..=steps).any(|k| {
                let (x, y) = (f + k * i64::from(d.dx), r + k * i64::from(d.dy));
                (0..files).contains(&x) && (0..ranks).contains(&y) && !zone.contains(&(y + 1))
            })
        })
    })
}

/// Whether the pawn promotes as Fairy-Stockfish's pawn does (its promoted pieces marked
/// `Q~` where they go to a hand), not Shogi style.
pub(super) fn promotes_pawn_style(army: &Army) -> bool {
    army.pawn.is_some_and(|(name, p)| p.get("promotion").is_some() && !shogi_style(army, name))
}
