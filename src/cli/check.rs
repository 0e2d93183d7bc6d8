//! `chimera check <file.toml>`: load a ruleset and summarise it.

use std::io::Write;
use std::path::Path;

use chimera::rules::{Captured, PromotionPolicy, Rules, Verdict};
use chimera::{Color, PieceType};
use chimera::Variant;

use super::{read_error, Failure};

#[derive(clap::Args)]
pub struct Args {
    /// The ruleset file (a built-in's id also works).
    pub file: String,
}

pub fn run(args: &Args, out: &mut dyn Write) -> Result<(), Failure> {
    let variant = load(&args.file)?;
    out.write_all(summary(variant.rules()).as_bytes())?;
    Ok(())
}

/// Reads and compiles the file; a ruleset error is its `file:line:column: key: message` line.
fn load(file: &str) -> Result<Variant, Failure> {
    if !Path::new(file).exists() && !file.ends_with(".toml") {
        match chimera::variants::builtin(file) {
            Some(b) => return b.variant().map_err(|e| Failure::Message(e.to_string())),
            None => return Err(read_error(file, &std::io::Error::from(std::io::ErrorKind::NotFound))),
        }
    }
    chimera::variants::from_file(file).map_err(|e| Failure::Message(e.to_string()))
}

/// Columns separated by two spaces, padded to the widest cell; no trailing blanks.
fn table(rows: &[Vec<String>], indent: &str) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> =
        (0..columns).map(|c| rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0)).collect();
    let mut s = String::new();
    for row in rows {
        let mut line = indent.to_string();
        for (c, cell) in row.iter().enumerate() {
            // Padded by hand: `format!`'s width stops at 65,535, and a cell may be longer.
            line += cell;
            line.extend(std::iter::repeat(' ').take(widths[c] - cell.chars().count() + 2));
        }
        s += line.trim_end();
        s.push('\n');
    }
    s
}

fn list(items: &[String]) -> String {
    items.join(", ")
}

fn ranks(r: &[u8]) -> String {
    let names: Vec<String> = r.iter().map(|x| (x + 1).to_string()).collect();
    format!("{} {}", if r.len() == 1 { "rank" } else { "ranks" }, list(&names))
}

fn verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "the side to move wins",
        Verdict::Loss => "the side to move loses",
        Verdict::Draw => "draw",
    }
}

/// Hands, purchases, upgrades, lifts and rule modules, where the variant has them.
fn variant_actions(rules: &Rules) -> String {
    let name = |t: PieceType| rules.piece(t).name.clone();
    let mut s = String::new();
    if let Some(d) = &rules.drops {
        let to_hand = rules.pieces.iter().any(|p| matches!(p.captured_as, Captured::Hand(_)));
        let mut notes = vec![if to_hand {
            "pieces in hand may be dropped; captured pieces go to the captor's hand (see each piece)".to_string()
        } else {
            "pieces in hand may be dropped; captured pieces leave the game".to_string()
        }];
        if let Some(c) = d.capacity {
            notes.push(format!("at most {c} in a hand"));
        }
        for &(t, n) in &d.per_file {
            notes.push(format!("at most {n} {} per file for a drop there", name(t)));
        }
        if !d.no_drop_mate.is_empty() {
            notes.push(format!("no mate by a {} drop", d.no_drop_mate.iter().map(|&t| name(t)).collect::<Vec<_>>().join(" or ")));
        }
        if d.demote_on_capture {
            notes.push("promoted pieces return unpromoted".to_string());
        }
        s += &format!("hands: {}\n", notes.join("; "));
    }
    if let Some(l) = &rules.lift {
        let mut notes = vec!["a piece may be lifted into the hand, becoming a member of its class".to_string()];
        if !l.raise_ranks.is_empty() {
            notes.push(format!("one class up from {}", ranks(&l.raise_ranks)));
        }
        for c in &l.not_on_first_move {
            notes.push(format!("not on {c}'s first move"));
        }
        s += &format!("lift: {}\n", notes.join("; "));
    }
    if let Some(e) = &rules.economy {
        s += &format!("economy: {} coins each\n", e.coins);
        for &(t, price) in &e.buy {
            s += &format!("  buy a {} for {price}\n", name(t));
        }
        for u in &e.upgrades {
            s += &format!("  upgrade a {} to a {} for {}\n", name(u.from), name(u.to), u.cost);
        }
        if e.purchases_before_upgrades > 0 {
            s += &format!("  upgrades after {} purchases\n", e.purchases_before_upgrades);
        }
    }
    for m in &rules.modules {
        let params: Vec<String> = m.params.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        s += &format!("module: {}{}\n", m.name, if params.is_empty() { String::new() } else { format!(" ({})", params.join(", ")) });
    }
    s
}

/// The summary `chimera check` prints.
pub fn summary(rules: &Rules) -> String {
    let g = rules.geometry;
    let mut s = String::new();
    s += &format!("name: {}\n", rules.name);
    if !rules.description.is_empty() {
        s += &format!("description: {}\n", rules.description);
    }
    s += &format!("board: {}x{}, a1 is {}\n", g.files, g.ranks, if rules.a1_light { "light" } else { "dark" });

    s += &format!("pieces: {}\n", rules.pieces.len());
    let mut rows = vec![vec!["name".to_string(), "letter".into(), "betza".into(), "rules".into()]];
    for p in &rules.pieces {
        let mut notes = Vec::new();
        if p.royal {
            notes.push("royal".to_string());
        }
        if p.pawn {
            notes.push("pawn".to_string());
        }
        if !p.double_step_ranks.is_empty() {
            notes.push(format!("double step from {}", ranks(&p.double_step_ranks)));
        }
        if p.en_passant {
            notes.push("en passant".to_string());
        }
        if let Some(n) = p.limit {
            notes.push(format!("at most {n} on the board"));
        }
        if let Some(c) = p.class {
            notes.push(format!("class {c}"));
        }
        // A royal piece is never captured, never in hand.
        if rules.drops.is_some() && !p.royal {
            notes.push(match p.captured_as {
                Captured::Removed => "removed when captured".to_string(),
                Captured::Hand(t) if rules.piece(t).name == p.name => "captured into the hand".to_string(),
                Captured::Hand(t) => format!("captured into the hand as a {}", rules.piece(t).name),
            });
        }
        if let Some(r) = p.drop_ranks.as_ref().filter(|_| !p.royal) {
            notes.push(format!("dropped or placed on {}", ranks(r)));
        }
        if let Some(pr) = &p.promotion {
            let names = |to: &[PieceType]| list(&to.iter().map(|&t| rules.piece(t).name.clone()).collect::<Vec<_>>());
            let to = if pr.to[Color::White] == pr.to[Color::Black] {
                names(&pr.to[Color::White])
            } else {
                format!("{} (White), {} (Black)", names(&pr.to[Color::White]), names(&pr.to[Color::Black]))
            };
            let (policy, otherwise) = match pr.policy {
                PromotionPolicy::Mandatory => ("must", ""),
                PromotionPolicy::Optional => ("may", ""),
                PromotionPolicy::IfAvailable => ("must", " if one is available (else stays)"),
            };
            let from_zone = if pr.from_zone { " (also leaving them)" } else { "" };
            notes.push(format!("{policy} promote on {}{from_zone} to {to}{otherwise}", ranks(&pr.ranks)));
        }
        rows.push(vec![p.name.clone(), p.letter.to_string(), p.betza.clone(), notes.join("; ")]);
    }
    s += &table(&rows, "  ");

    if rules.castles.is_empty() {
        s += "castling: none\n";
    } else {
        s += &format!("castling: {}\n", rules.castles.len());
        let rows: Vec<Vec<String>> = rules
            .castles
            .iter()
            .map(|c| {
                let mut extra = format!("FEN {}", c.fen_letter);
                if !c.aliases.is_empty() {
                    extra = format!("also {}; {extra}", list(&c.aliases));
                }
                vec![
                    c.notation.clone(),
                    format!("king {}-{}", g.square_name(c.king_from), g.square_name(c.king_to)),
                    format!("rook {}-{}", g.square_name(c.rook_from), g.square_name(c.rook_to)),
                    format!("({extra})"),
                ]
            })
            .collect();
        s += &table(&rows, "  ");
        if !rules.castling_rights_on_arrival.is_empty() {
            let names: Vec<String> = rules.castling_rights_on_arrival.iter().map(|&k| rules.piece(k).name.clone()).collect();
            s += &format!("  a right arrives with a {} that comes into being on its rook square while the king has never moved\n", names.join(" or "));
        }
    }

    s += &variant_actions(rules);

    let end = &rules.end;
    s += "end:\n";
    let mut rows = vec![
        vec!["checkmate:".to_string(), verdict(end.checkmate).to_string()],
        vec!["stalemate:".to_string(), verdict(end.stalemate).to_string()],
    ];
    rows.push(vec![
        "repetition:".into(),
        if end.repetition.is_on() { format!("draw by repetition ({})", thresholds(end.repetition, "-fold")) } else { "no draw".into() },
    ]);
    let side = |v: Verdict, who: &str| match v {
        Verdict::Win => format!("{who} wins"),
        Verdict::Loss => format!("{who} loses"),
        Verdict::Draw => "draw".to_string(),
    };
    if let Some(v) = end.perpetual.check {
        rows.push(vec!["perpetual check:".into(), side(v, "the side that checks with every move of a repetition")]);
    }
    if let Some(chase) = &end.perpetual.chase {
        let chasers: Vec<String> = chase.chasers.iter().map(|&(t, s)| format!("{} {s}", rules.piece(t).name)).collect();
        rows.push(vec![
            "perpetual chase:".into(),
            format!("{} (chasers by strength: {})", side(chase.verdict, "the side that chases a piece with every move of a repetition"), chasers.join(", ")),
        ]);
    }
    let move_rule = if !end.move_rule.is_on() {
        "none".to_string()
    } else {
        let mut resets = Vec::new();
        for e in &end.move_rule_resets {
            let article = if e.name().starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
            resets.push(format!("{article} {}", e.name()));
        }
        for &t in &end.move_rule_reset_by {
            resets.push(format!("a {} move", rules.piece(t).name));
        }
        let without = if resets.is_empty() { String::new() } else { format!(" without {}", resets.join(" or ")) };
        let checks = end
            .move_rule_checks_counted
            .map(|n| format!("; a side's checks past {n} do not count"))
            .unwrap_or_default();
        format!("draw after so many moves by each side{without} ({}){checks}", thresholds(end.move_rule, ""))
    };
    rows.push(vec!["move rule:".into(), move_rule]);
    let dead = match &end.insufficient_material {
        None => "never declared".to_string(),
        Some(im) => {
            let names = |v: &[chimera::PieceType]| v.iter().map(|&t| rules.piece(t).name.clone()).collect::<Vec<_>>();
            let mut cases = vec!["bare royals".to_string()];
            if !im.lone.is_empty() {
                cases.push(format!("a lone {}", names(&im.lone).join(" or ")));
            }
            if !im.same_color.is_empty() {
                cases.push(format!("{} only, all on squares of one colour", names(&im.same_color).join(" and ")));
            }
            format!("draw with {}", cases.join("; "))
        }
    };
    rows.push(vec!["dead position:".into(), dead]);
    if let Some(v) = end.army_captured {
        let hand = if end.army_includes_hand { "board and hand" } else { "board" };
        rows.push(vec!["army captured:".into(), format!("{} (the whole army, {hand})", verdict(v))]);
    }
    for x in &end.extinction {
        let hand = if x.include_hand { "board and hand" } else { "board" };
        let (label, what) = match x.of {
            None => ("extinction:".to_string(), format!("at most {} piece{} in all, {hand}", x.at_most, if x.at_most == 1 { "" } else { "s" })),
            Some(types) => {
                let names: Vec<String> = types.iter().map(|t| rules.piece(t).name.clone()).collect();
                ("extinction:".to_string(), format!("at most {} of {}, {hand}", x.at_most, names.join(" or ")))
            }
        };
        let mut terms = vec![what];
        if x.opponent_at_least > 0 {
            terms.push(format!("while the opponent has at least {}", x.opponent_at_least));
        }
        if x.reply {
            terms.push("a side reduced to it, to move, may reply first".to_string());
        }
        let who = match x.verdict {
            Verdict::Win => "the side reduced to it wins",
            Verdict::Loss => "the side reduced to it loses",
            Verdict::Draw => "draw",
        };
        rows.push(vec![label, format!("{who} ({})", terms.join("; "))]);
    }
    s += &table(&rows, "  ");

    s += &format!("start: {}\n", rules.start_fen);
    s
}

/// `claimable at 3-fold, automatic at 5-fold`, or either alone.
fn thresholds(t: chimera::Threshold, unit: &str) -> String {
    let claim = (t.claim != 0).then(|| format!("claimable at {}{unit}", t.claim));
    let automatic = (t.automatic != 0).then(|| format!("automatic at {}{unit}", t.automatic));
    claim.into_iter().chain(automatic).collect::<Vec<_>>().join(", ")
}
