//! Checks of a whole ruleset, for mistakes no single section sees: a variant without a
//! royal piece must say so (`royal = "none"`), no royal piece may reach a hand or the
//! shop, and every castle is written its own way, unlike any other move.
//!
//! Run on the compiled rules; errors point into the merged document, at the key to fix.

use std::ops::Range;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::error::RulesetError;
use super::source::Reporter;
use crate::features::castling::castle_key;
use crate::movetext::GameResult;
use crate::rules::{Captured, Rules};
use crate::types::{PieceType, Square};

/// The top-level `royal` key: `"none"` says that the variant has no royal piece on
/// purpose (Antichess, Breakthrough), so that pieces are captured like any other;
/// `"black-only"` (`"white-only"`) that only that side's army has one (Horde).
#[derive(serde::Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum RoyalKey {
    None,
    WhiteOnly,
    BlackOnly,
}

impl RoyalKey {
    /// The side whose army has no royal piece, for a one-sided key.
    pub(crate) fn unguarded_side(self) -> Option<crate::types::Color> {
        match self {
            RoyalKey::None => None,
            RoyalKey::WhiteOnly => Some(crate::types::Color::Black),
            RoyalKey::BlackOnly => Some(crate::types::Color::White),
        }
    }
}

/// Every check, in the order of the document: royal pieces, hands and the shop, castles.
pub(crate) fn check(doc: &DeTable, royal: Option<RoyalKey>, rules: &Rules, r: &Reporter) -> Result<(), RulesetError> {
    let fail = |path: &[Step], message: String| {
        let key = path.iter().map(Step::to_string).collect::<Vec<_>>().join(".").replace(".[", "[");
        r.at(find(doc, path).map_or(0, |s| s.start), key, message)
    };
    let name = |t: PieceType| rules.piece(t).name.as_str();
    let royal_piece = rules.pieces.iter().find(|p| p.royal);
    // Pieces royal by being the last of their kind (`royal_when_last`,
    // `royal_while_at_most`) are the royals.
    let royal_kind = rules.end.extinction.iter().any(|e| e.royal_when_last) || rules.pieces.iter().any(|p| p.royal_while_at_most.is_some());
    match (royal_piece, royal) {
        (None, None) if royal_kind => {}
        (None, None) => {
            return Err(fail(
                &[Step::Key("pieces")],
                "no piece is royal: mark the king with `royal = true`, or write `royal = \"none\"` at the top level \
                 for a game without one (every piece is then captured like any other, and nothing is ever in check)"
                    .to_string(),
            ))
        }
        (None, Some(RoyalKey::WhiteOnly | RoyalKey::BlackOnly)) => {
            return Err(fail(
                &[Step::Key("royal")],
                "says one side has a royal piece, but no piece is royal: mark it with `royal = true`".to_string(),
            ))
        }
        (Some(p), Some(RoyalKey::None)) => {
            return Err(fail(&[Step::Key("royal")], format!("`royal = \"none\"` says there is no royal piece, but `{}` is royal", p.name)))
        }
        _ => {}
    }
    if let Some(drops) = &rules.drops {
        for p in rules.pieces.iter().filter(|p| !p.royal) {
            if let Captured::Hand(t) = p.captured_as {
                if rules.piece(t).royal {
                    let path = [Step::Key("pieces"), Step::Key(&p.name), Step::Key("captured_as")];
                    return Err(fail(&path, format!("a captured {} would put the royal `{}` into the hand", p.name, name(t))));
                }
            }
        }
        let never_dropped = |t: PieceType| format!("`{}` is royal: a royal piece is never in the hand, so never dropped", name(t));
        if let Some(&(t, _)) = drops.per_file.iter().find(|l| rules.piece(l.0).royal) {
            let counted = [Step::Key("drops"), Step::Key("per_file"), Step::Key(name(t))];
            let path: &[Step] = if find(doc, &counted).is_some() { &counted } else { &[Step::Key("drops"), Step::Key("one_per_file")] };
            return Err(fail(path, never_dropped(t)));
        }
        if let Some(&t) = drops.no_drop_mate.iter().find(|&&t| rules.piece(t).royal) {
            return Err(fail(&[Step::Key("drops"), Step::Key("no_drop_mate")], never_dropped(t)));
        }
    }
    if let Some(economy) = &rules.economy {
        if let Some(&(t, _)) = economy.buy.iter().find(|(t, _)| rules.piece(*t).royal) {
            let path = [Step::Key("economy"), Step::Key("buy"), Step::Key(name(t))];
            return Err(fail(&path, format!("`{}` is royal: a royal piece cannot be bought", name(t))));
        }
    }
    // A series tracks the squares double steps pass along the file (`Pos::passed`).
    if rules.turn.series.is_some() {
        let bent = |p: &&crate::rules::PieceDef| {
            p.en_passant && p.directions.iter().any(|d| d.initial_only && d.dx != 0 && d.mode == crate::betza::Mode::Move)
        };
        if let Some(p) = rules.pieces.iter().find(bent) {
            return Err(fail(
                &[Step::Key("turn"), Step::Key("moves")],
                format!("`{}` takes its first step aside and may be taken en passant: a turn of several moves follows straight double steps only", p.name),
            ));
        }
    }
    dead_positions(doc, rules, r)?;
    castles(rules, &fail)
}

/// FIDE's dead positions (a lone knight or bishop, bishops on one colour) hold on a
/// rectangle, where every square has at least three neighbours; a board whose walls leave
/// a square fewer (Omicron's corners: one) lets a lone minor piece mate there. Such a rule
/// inherited from a base of another board is refused: the designer must say it again
/// beside the walls, if it still holds, or change it.
fn dead_positions(doc: &DeTable, rules: &Rules, r: &Reporter) -> Result<(), RulesetError> {
    let Some(im) = &rules.end.insufficient_material else { return Ok(()) };
    if im.lone.is_empty() && im.same_color.is_empty() {
        return Ok(());
    }
    let g = rules.geometry;
    let on_board = |sq: Square| !rules.walls.contains(&sq);
    let neighbours = |sq: Square| {
        let steps = (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))).filter(|&d| d != (0, 0));
        steps.filter(|&(dx, dy)| g.offset(sq, dx, dy).is_some_and(on_board)).count()
    };
    let Some(nook) = g.all().filter(|&sq| on_board(sq)).find(|&sq| neighbours(sq) < 3) else { return Ok(()) };
    let path = [Step::Key("end"), Step::Key("insufficient_material")];
    let (Some(rule), Some(start)) = (find(doc, &path), find(doc, &[Step::Key("start")])) else { return Ok(()) };
    let (rule_at, start_at) = (r.at(rule.start, "", ""), r.at(start.start, "", ""));
    if rule_at.file == start_at.file {
        return Ok(());
    }
    Err(r.at(
        start.start,
        "end.insufficient_material",
        format!(
            "the dead positions inherited from {}:{} (a lone minor piece, or bishops on one colour, cannot mate) need not hold on \
             this board: its walls leave {} with {} neighbouring square(s), where a lone knight or bishop can mate. Say under \
             `[end]` which positions are dead here: `insufficient_material = {{}}` (bare royals only), `\"none\"`, or the \
             inherited rule again if it holds",
            rule_at.file,
            rule_at.line,
            g.square_name(nook),
            neighbours(nook)
        ),
    ))
}

/// Each castle's notation and aliases are its own: no two castles share a spelling (`O-O`
/// and `0-0` are one), and none reads as another kind of move, a result or a move number.
/// (A castle is read by its spellings before any other move, so a collision would
/// silently shadow a move.)
fn castles(rules: &Rules, fail: &dyn Fn(&[Step], String) -> RulesetError) -> Result<(), RulesetError> {
    // Spellings so far: the key, the castle, and where it is written.
    let mut seen: Vec<(String, usize, String)> = Vec::new();
    for (i, c) in rules.castles.iter().enumerate() {
        let spellings =
            std::iter::once((c.notation.as_str(), None)).chain(c.aliases.iter().enumerate().map(|(j, a)| (a.as_str(), Some(j))));
        for (text, alias) in spellings {
            let path = match alias {
                None => vec![Step::Key("castling"), Step::Index(i), Step::Key("notation")],
                Some(j) => vec![Step::Key("castling"), Step::Index(i), Step::Key("aliases"), Step::Index(j)],
            };
            let here = match alias {
                None => format!("castling[{i}]'s notation"),
                Some(j) => format!("castling[{i}]'s alias {j}"),
            };
            let key = castle_key(text.trim());
            if let Some(why) = other_move(&key, rules) {
                return Err(fail(
                    &path,
                    format!("`{text}` reads as {why}: a castle's notation names no square and has no `@`, `^` or `<>`"),
                ));
            }
            // One castle may well spell itself twice (`0-0` beside `O-O`); two may not.
            if let Some((_, _, other)) = seen.iter().find(|(k, castle, _)| *k == key && *castle != i) {
                return Err(fail(&path, format!("`{text}` is also {other}: moves written alike could not be told apart")));
            }
            seen.push((key, i, here));
        }
    }
    Ok(())
}

/// What else `key` (a castle spelling) would be read as, if anything.
fn other_move(key: &str, rules: &Rules) -> Option<String> {
    if key.is_empty() {
        return Some("nothing (it is empty)".to_string());
    }
    if GameResult::parse(key).is_some() {
        return Some("a game result".to_string());
    }
    if key.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return Some("a move number".to_string());
    }
    for (mark, what) in [("@", "a drop or purchase"), ("^", "a lift into the hand"), ("<>", "a swap")] {
        if key.contains(mark) {
            return Some(what.to_string());
        }
    }
    // A square anywhere: `e2`, `Kg1`, `e1g1` are moves to it.
    let g = rules.geometry;
    (0..key.len()).filter(|&i| key.is_char_boundary(i)).find_map(|i| {
        let rest = &key[i..];
        let digits = rest.chars().skip(1).take_while(char::is_ascii_digit).count();
        (1..=digits.min(2)).rev().find_map(|n| g.parse_square(&rest[..1 + n]).map(|sq| format!("a move to {}", g.square_name(sq))))
    })
}

/// One step of a key path.
enum Step<'a> {
    Key(&'a str),
    Index(usize),
}

impl std::fmt::Display for Step<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Step::Key(k) => f.write_str(k),
            Step::Index(i) => write!(f, "[{i}]"),
        }
    }
}

/// Where the value at `path` is written (the deepest step found, for a key a default
/// left out).
fn find(doc: &DeTable, path: &[Step]) -> Option<Range<usize>> {
    let Some((Step::Key(first), rest)) = path.split_first() else { return None };
    let (_, mut value): (_, &Spanned<DeValue>) = doc.iter().find(|(k, _)| k.get_ref() == first)?;
    for step in rest {
        let next = match step {
            Step::Key(k) => value.get_ref().get(*k),
            Step::Index(i) => value.get_ref().get(*i),
        };
        match next {
            Some(v) => value = v,
            None => break,
        }
    }
    Some(value.span())
}
