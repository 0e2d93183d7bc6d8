//! Fairy-Stockfish's game ends, for `convert`: mate and stalemate values, repetition and
//! the move rule, extinction, castles that win, and the endings of the families that
//! have their own (Reversi's counts, Janggi's, Makruk's counting, goal regions,
//! connections, the shogi pawn's drop mate) as Chimera's `[end]` table.

use std::collections::BTreeSet;

use toml::{Table, Value};

use super::conv::{square, strings, Conv, Squares};
use super::fsf::{PieceList, Src};
use super::Refusal;
use super::{janggi, xiangqi};

/// The `[end]` table of the variant whose `pieces` are converted, its start board field
/// `board`; `royal_by_rule`: a module or pseudo-royal pieces end the game where
/// Fairy-Stockfish's extinction would (so none is added); `castling_wins`, its castles
/// that win.
pub(super) fn end_table(
    c: &Conv<'_>,
    pieces: &Table,
    board: &str,
    promoted: &[(String, String, Src)],
    royal_by_rule: bool,
    castling_wins: Vec<String>,
) -> Result<Table, Refusal> {
    let mut end = Table::new();
    match c.verdict("checkmateValue", "loss")? {
        Some("loss") => {}
        Some(v) => {
            end.insert("checkmate".into(), Value::String(v.into()));
        }
        None => return Err(c.refuse("checkmateValue", "`none`")),
    }
    match c.verdict("stalemateValue", "draw")? {
        Some("draw") => {}
        Some(v) => {
            end.insert("stalemate".into(), Value::String(v.into()));
        }
        None => return Err(c.refuse("stalemateValue", "`none`")),
    }
    let n_fold = c.int("nFoldRule", 3)?;
    if n_fold != 0 {
        if !(2..=255).contains(&n_fold) {
            return Err(c.refuse("nFoldRule", format!("{n_fold}-fold repetition")));
        }
        match c.verdict("nFoldValue", "draw")? {
            Some("draw") => {
                end.insert("repetition".into(), claimable(n_fold));
            }
            // A decisive repetition ends the game by itself: the side to move would never
            // claim its own loss (and GUIs playing Fairy-Stockfish adjudicate it).
            Some(v) => {
                let automatic = Table::from_iter([("automatic".to_string(), Value::Integer(n_fold))]);
                end.insert("repetition".into(), Value::Table(automatic));
                // nFoldValueAbsolute: the value is White's, whoever is to move.
                let verdict = if c.bool("nFoldValueAbsolute", false)? {
                    let black = if v == "win" { "loss" } else { "win" };
                    Value::Table(Table::from_iter([
                        ("white".to_string(), Value::String(v.into())),
                        ("black".to_string(), Value::String(black.into())),
                    ]))
                } else {
                    Value::String(v.into())
                };
                end.insert("repetition_verdict".into(), verdict);
            }
            None => return Err(c.refuse("nFoldValue", "`none`")),
        }
        // Fairy-Stockfish's perpetual check: a repetition in which one side checked with
        // every move loses for it (both sides: a draw, in both engines).
        if c.bool("perpetualCheckIllegal", false)? {
            end.insert("perpetual_check".into(), Value::String("loss".into()));
        }
        // Fairy-Stockfish's `moveRepetitionIllegal` (Kakao Janggi's, and pychess's
        // Borderlands'), which it judges with the repetitions (not at all without them):
        // shuttling a piece back and forth loses for the shuttler, Chimera's `shuttling`.
        // Its count reaches back past captures where they go to the hand (its
        // `pliesFromNull`), Chimera's only to the last reset of the halfmove clock.
        if c.bool("moveRepetitionIllegal", false)? {
            if c.bool("capturesToHand", false)? {
                return Err(c.refuse("moveRepetitionIllegal", "shuttling judged across captures to the hand"));
            }
            end.insert("shuttling".into(), Value::String("loss".into()));
        }
        if let Some(rule) = xiangqi::chasing(c, pieces)? {
            end.insert("perpetual_chase".into(), Value::Table(rule));
        }
    }
    let n_move = c.int("nMoveRule", 50)?;
    if n_move != 0 {
        if !(1..=32767).contains(&n_move) {
            return Err(c.refuse("nMoveRule", format!("a {n_move}-move rule")));
        }
        end.insert("move_rule".into(), claimable(n_move));
        // Under the AXF's rules a side's checks past ten do not count (Fairy-Stockfish's
        // `is_optional_game_end`).
        if c.fsf.value("chasingRule").is_some_and(|(v, _)| v.trim() == "axf") {
            end.insert("move_rule_checks_counted".into(), Value::Integer(10));
        }
    }
    // What resets the halfmove clock, with a move rule or without one: Fairy-Stockfish
    // keeps the clock in every variant (its FENs write it; Makruk's family has no move
    // rule, its counting instead).
    let mut reset = vec!["capture".to_string()];
    reset.extend(c.shared_names("nMoveRuleTypes", &["pawn"], board, promoted)?);
    // Fairy-Stockfish counts every drop irreversible (`do_move`).
    if c.bool("pieceDrops", false)? {
        reset.push("drop".to_string());
    }
    end.insert("move_rule_reset".into(), strings(reset));
    // The atomic module ends the game when the royal piece explodes: that is the
    // extinction. With pseudo-royal pieces Fairy-Stockfish applies none.
    if let Some(verdict) = c.verdict("extinctionValue", "none")?.filter(|_| !royal_by_rule) {
        let mut rule = Table::new();
        match c.list("extinctionPieceTypes", &[])? {
            PieceList::All => {}
            PieceList::Some(set) if set.is_empty() => {
                return Err(c.refuse("extinctionPieceTypes", "extinction of no piece type"));
            }
            PieceList::Some(_) => {
                rule.insert("of".into(), strings(c.names("extinctionPieceTypes", &[])?));
            }
        }
        let count = c.int("extinctionPieceCount", 0)?;
        if count != 0 {
            rule.insert("at_most".into(), Value::Integer(count));
        }
        let opp = c.int("extinctionOpponentPieceCount", 0)?;
        if opp != 0 {
            rule.insert("opponent_at_least".into(), Value::Integer(opp));
        }
        // The side to move is judged only with one piece more on the other side: its
        // reply may still even the count (Shatranj's bare king).
        if c.bool("extinctionClaim", false)? {
            rule.insert("reply".into(), Value::Boolean(true));
        }
        rule.insert("verdict".into(), Value::String(verdict.into()));
        end.insert("extinction".into(), Value::Array(vec![Value::Table(rule)]));
    }
    if !castling_wins.is_empty() {
        end.insert("castling_wins".into(), strings(castling_wins));
    }
    reversi_ends(c, &mut end)?;
    janggi::ends(c, pieces, &mut end)?;
    if let Some(rule) = counting(c)? {
        end.insert("counting".into(), Value::Table(rule));
    }
    if let Some(rule) = region_win(c)? {
        end.insert("region_win".into(), Value::Table(rule));
    }
    // Fairy-Stockfish lists the shogi pawn's drop that mates, and scores the mate a win for
    // the mated side (`checkmate_value`).
    if c.bool("shogiPawnDropMateIllegal", false)? && c.fsf.piece("shogiPawn").is_some() {
        let rule =
            [("dropped".to_string(), strings(["shogiPawn".to_string()])), ("dropped_verdict".to_string(), Value::String("win".into()))];
        end.insert("mate_rule".into(), Value::Table(Table::from_iter(rule)));
    }
    // Shatar's mates (`shatarMateRule`, `Position::checkmate_value`): a mate given by
    // knights alone is illegal, a win for the mated side; else it wins only if a check of
    // the series of checks that led to it was given by a knight, rook or bers (a shak),
    // and is a draw (niol) otherwise.
    if c.bool("shatarMateRule", false)? {
        if end.contains_key("mate_rule") {
            return Err(c.refuse("shatarMateRule", "with the Shogi pawn's drop mate rule"));
        }
        let present =
            |names: &[&str]| -> Vec<String> { names.iter().filter(|n| c.fsf.piece(n).is_some()).map(|n| n.to_string()).collect() };
        let series = present(&["rook", "bers", "knight"]);
        if series.is_empty() {
            return Err(c.refuse("shatarMateRule", "no knight, rook or bers to give a shak"));
        }
        let mut rule = Table::new();
        if c.fsf.piece("knight").is_some() {
            rule.insert("sole_checkers".into(), strings(["knight".to_string()]));
            rule.insert("sole_checkers_verdict".into(), Value::String("win".into()));
        }
        rule.insert("series_needs".into(), strings(series));
        rule.insert("series_verdict".into(), Value::String("draw".into()));
        end.insert("mate_rule".into(), Value::Table(rule));
    }
    if let Some(rule) = super::connect::connect(c)? {
        end.insert("connect".into(), Value::Table(rule));
    }
    Ok(end)
}

/// Fairy-Stockfish's `countingRule` (`Position::count_limit`) as `[end.counting]`, as the
/// built-in rulesets makruk, cambodian and asean have it.
fn counting(c: &Conv<'_>) -> Result<Option<Table>, Refusal> {
    match c.fsf.value("countingRule").map(|(v, _)| v.as_str()).unwrap_or("none") {
        "none" => Ok(None),
        rule => match counting_table(rule, &|piece| c.fsf.piece(piece).map(|_| piece.to_string())) {
            Some(t) => Ok(Some(t)),
            None => Err(c.refuse("countingRule", format!("`{rule}` is not a counting rule Fairy-Stockfish has"))),
        },
    }
}

/// Fairy-Stockfish's counting rules.
pub(super) const COUNTING_RULES: [&str; 3] = ["makruk", "cambodian", "asean"];

/// The `[end.counting]` table of Fairy-Stockfish's counting rule `rule` (`None` for no such
/// rule). Its limits go by Fairy-Stockfish's rook, khon (its silver) and knight types,
/// which `name_of` names in the variant: an entry for a type the variant lacks (`None`)
/// never applies (its count is 0), so it is left out.
pub(super) fn counting_table(rule: &str, name_of: &dyn Fn(&str) -> Option<String>) -> Option<Table> {
    type Limit = (&'static str, i64, i64);
    let (board, pieces_moves, from_pieces, by): (Option<(i64, i64, bool)>, i64, bool, &[Limit]) = match rule {
        "makruk" => {
            (Some((64, 0, false)), 64, true, &[("rook", 2, 8), ("rook", 1, 16), ("silver", 2, 22), ("knight", 2, 32), ("silver", 1, 44)])
        }
        "cambodian" => {
            (Some((63, 3, true)), 63, true, &[("rook", 2, 7), ("rook", 1, 15), ("silver", 2, 21), ("knight", 2, 31), ("silver", 1, 43)])
        }
        "asean" => (None, 0, false, &[("rook", 1, 16), ("silver", 1, 44), ("knight", 1, 64)]),
        _ => return None,
    };
    let mut t = Table::new();
    if let Some((moves, most, with_pawns)) = board {
        let mut b = Table::from_iter([("moves".to_string(), Value::Integer(moves))]);
        if most != 0 {
            b.insert("most_pieces".into(), Value::Integer(most));
        }
        if with_pawns {
            b.insert("with_pawns".into(), Value::Boolean(true));
        }
        t.insert("board_honour".into(), Value::Table(b));
    }
    let limits = by.iter().filter_map(|&(piece, at_least, moves)| {
        let mut l = Table::from_iter([("piece".to_string(), Value::String(name_of(piece)?)), ("moves".to_string(), Value::Integer(moves))]);
        if at_least != 1 {
            l.insert("at_least".into(), Value::Integer(at_least));
        }
        Some(Value::Table(l))
    });
    let mut p = Table::from_iter([("by".to_string(), Value::Array(limits.collect()))]);
    if pieces_moves != 0 {
        p.insert("moves".into(), Value::Integer(pieces_moves));
    }
    if from_pieces {
        p.insert("from_pieces".into(), Value::Boolean(true));
    }
    t.insert("pieces_honour".into(), Value::Table(p));
    Some(t)
}

/// Fairy-Stockfish's flag rule (`Position::is_immediate_game_end`) as `[end.region_win]`,
/// which follows it verdict for verdict: `flagMove` is `reply`, `flagPieceSafe` is `safe`.
/// Chimera's goal pieces are the same for both sides.
fn region_win(c: &Conv<'_>) -> Result<Option<Table>, Refusal> {
    let white = c.region("flagRegionWhite", |_, _| false)?;
    let black = c.region("flagRegionBlack", |_, _| false)?;
    if white.is_empty() && black.is_empty() {
        return Ok(None);
    }
    let piece = |key: &str| -> Result<Value, Refusal> {
        let letter = c.fsf.value(key).map(|(v, _)| v.trim()).unwrap_or("*");
        let mut pieces = c.fsf.pieces.values();
        let found = match letter {
            // Every piece type (Fairy-Stockfish's `ALL_PIECES`).
            "*" if pieces.len() == 1 => pieces.next(),
            "*" => return Ok(strings(pieces.map(|p| p.name.clone()))),
            l => pieces.find(|p| l.len() == 1 && l.eq_ignore_ascii_case(&p.letter.to_string())),
        };
        found.map(|p| Value::String(p.name.clone())).ok_or_else(|| c.refuse(key, format!("`{letter}` is not a piece of the variant")))
    };
    let (piece, black_piece) = (piece("flagPieceWhite")?, piece("flagPieceBlack")?);
    if piece != black_piece {
        return Err(c.refuse("flagPieceBlack", "White's and Black's goal pieces differ (Chimera's are the same)"));
    }
    let count = c.int("flagPieceCount", 1)?;
    if !(1..=255).contains(&count) {
        return Err(c.refuse("flagPieceCount", format!("a count of {count} pieces on the goal")));
    }
    let goal = |set: &Squares| {
        let whole: BTreeSet<u8> = set.iter().map(|&(_, r)| r).filter(|&r| (0..c.files).all(|f| set.contains(&(f, r)))).collect();
        let ranks = whole.iter().map(|r| format!("rank {}", r + 1));
        let squares = set.iter().filter(|(_, r)| !whole.contains(r)).map(|&(f, r)| square(f, r));
        strings(ranks.chain(squares))
    };
    let mut t = Table::new();
    t.insert("piece".into(), piece);
    // A side with no goal never wins by one (Fairy-Stockfish's empty region: Buffalo's
    // White).
    for (side, set) in [("white", &white), ("black", &black)] {
        if !set.is_empty() {
            t.insert(side.into(), goal(set));
        }
    }
    if count != 1 {
        t.insert("count".into(), Value::Integer(count));
    }
    for (key, chimera) in [("flagMove", "reply"), ("flagPieceSafe", "safe"), ("flagPieceBlockedWin", "full")] {
        if c.bool(key, false)? {
            t.insert(chimera.into(), Value::Boolean(true));
        }
    }
    Ok(Some(t))
}

/// The ends of the Reversi and Ataxx families: `materialCounting = unweighted` as
/// `[end.material_count]` (every piece 1; the draw odds with no weights and half a point of
/// komi), `adjudicateFullBoard` as `full_board`,
/// `stalematePieceCount` as `stalemate_by_count`.
fn reversi_ends(c: &Conv<'_>, end: &mut Table) -> Result<(), Refusal> {
    match c.fsf.value("materialCounting").map(|(v, _)| v.trim()).unwrap_or("none") {
        // Janggi's count: `janggi::ends`.
        "none" | "janggi" => {}
        "unweighted" => {
            end.insert("material_count".into(), Value::Table(Table::new()));
        }
        // Draw odds: every game the count would score is the side's. No piece weighs, and
        // half a point of komi puts that side ahead (Chimera's Armageddon).
        odds @ ("blackdrawodds" | "whitedrawodds") => {
            let komi = if odds == "blackdrawodds" { 0.5 } else { -0.5 };
            let count = Table::from_iter([("weights".to_string(), Value::Table(Table::new())), ("komi".to_string(), Value::Float(komi))]);
            end.insert("material_count".into(), Value::Table(count));
        }
        other => {
            return Err(c.refuse(
                "materialCounting",
                format!("`{other}` material counting (Chimera's importer maps `unweighted`, `janggi` and the draw odds)"),
            ))
        }
    }
    for (key, chimera) in [("adjudicateFullBoard", "full_board"), ("stalematePieceCount", "stalemate_by_count")] {
        if c.bool(key, false)? {
            end.insert(chimera.into(), Value::Boolean(true));
        }
    }
    Ok(())
}

/// Fairy-Stockfish's n-fold and n-move rules are claims (its "optional game end"), never
/// automatic ends: `{ claim = n }`.
fn claimable(n: i64) -> Value {
    Value::Table(toml::Table::from_iter([("claim".to_string(), Value::Integer(n))]))
}
