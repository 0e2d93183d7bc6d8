//! A Fairy-Stockfish variant (`Fsf`) as a Chimera ruleset document. Each mapping states
//! Fairy-Stockfish's rule and writes Chimera's equivalent; where there is none, the option
//! responsible is refused by name (see `Refusal`). The families' own parts live beside it:
//! `pawns`, `promote`, `mobility`, `drops` (the `[drops]` table), `janggi`, `xiangqi`,
//! `connect`, and `ends` (the `[end]` table); all of them read the model through `conv`.

use std::collections::{BTreeMap, BTreeSet};

use toml::{Table, Value};

use super::betza::{split_double_step, translate};
use super::conv::{square, strings, Conv};
use super::drops::Drops;
use super::fsf::{Fsf, PieceList};
use super::mobility::mobility_regions;
use super::pawns::pawn_rules;
use super::promote::{piece_promotions, promoted_faces, split_shared_targets};
use super::resolve::Origin;
use super::Refusal;
use super::{janggi, xiangqi};

/// A FEN's six fields as Fairy-Stockfish reads them: the side defaults to White, the
/// castling and en-passant fields are optional (a number where they would be is the
/// halfmove clock), and so are the clocks.
fn fen_fields(fen: &str) -> Vec<String> {
    let mut it = fen.split_whitespace().peekable();
    let mut fields = vec![it.next().unwrap_or("").to_string(), it.next().unwrap_or("w").to_string()];
    for _ in 0..2 {
        match it.peek() {
            Some(f) if !f.starts_with(|c: char| c.is_ascii_digit()) => fields.push(it.next().unwrap_or("-").to_string()),
            _ => fields.push("-".into()),
        }
    }
    fields.push(it.next().unwrap_or("0").to_string());
    fields.push(it.next().unwrap_or("1").to_string());
    fields
}

/// With `checkCounting`, Fairy-Stockfish reads the checks each side still has to give
/// (`3+3`, single digits) after the castling and en-passant fields; without them, the
/// next check wins. Chimera's `[end] checks` counts checks given towards one number for both
/// sides, so the start must owe both the same number. Returns the FEN without the field.
fn check_counts(fen: &str) -> (String, Result<u8, String>) {
    let tokens: Vec<&str> = fen.split_whitespace().collect();
    let is_count = |t: &str| t.len() == 3 && t.as_bytes()[1] == b'+' && t.bytes().all(|b| b == b'+' || b.is_ascii_digit());
    let Some(i) = tokens.iter().skip(1).position(|t| is_count(t)).map(|i| i + 1) else {
        return (fen.to_string(), Ok(1));
    };
    let rest = tokens.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, t)| *t).collect::<Vec<_>>().join(" ");
    let b = tokens[i].as_bytes();
    let (white, black) = (b[0] - b'0', b[2] - b'0');
    let n = match (white, black) {
        (w, b) if w != b => Err(format!("White owes {w} checks and Black {b} (Chimera's `[end] checks` is one number for both)")),
        (0, _) => Err("no checks left to give at the start".to_string()),
        (w, _) => Ok(w),
    };
    (rest, n)
}

/// The start position's board: (file, rank) -> FEN letter, as written (case = colour).
fn fen_board(board: &str, files: u8, ranks: u8) -> Result<BTreeMap<(u8, u8), char>, String> {
    let mut out = BTreeMap::new();
    let rows: Vec<&str> = board.split('[').next().unwrap_or("").split('/').collect();
    if rows.len() != ranks as usize {
        return Err(format!("{} ranks in the FEN, the board has {ranks}", rows.len()));
    }
    for (i, row) in rows.iter().enumerate() {
        let r = ranks - 1 - i as u8;
        let (mut f, mut digits) = (0u8, String::new());
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            if !digits.is_empty() {
                f += digits.parse::<u8>().unwrap_or(0);
                digits.clear();
            }
            match c {
                '~' => {}
                // A wall: Chimera reads the start position's walls as Fairy-Stockfish does.
                '*' => f += 1,
                c if c.is_ascii_alphabetic() => {
                    out.insert((f, r), c);
                    f += 1;
                }
                c => return Err(format!("`{c}` in the FEN's board")),
            }
        }
        f += digits.parse::<u8>().unwrap_or(0);
        if f != files {
            return Err(format!("rank {} of the FEN has {f} files, the board has {files}", r + 1));
        }
    }
    Ok(out)
}

/// Fairy-Stockfish's switches on its king's rules, with Chimera's top-level key and the
/// value it takes when the switch is on: kings may not face each other on an open line,
/// a king in check may only take its single checker (Makpong).
const ROYAL_RULES: [(&str, &str, bool); 2] = [("flyingGeneral", "flying_royals", true), ("makpongRule", "royal_flees_check", false)];

/// The Chimera ruleset for a Fairy-Stockfish variant, as a TOML table.
pub fn convert(fsf: &Fsf) -> Result<Table, Refusal> {
    let probe = Conv { fsf, files: 8, ranks: 8 };
    let files = probe.file("maxFile", 7)? + 1;
    let ranks = match probe.int("maxRank", 8)? {
        n @ 1..=10 => n as u8,
        n => return Err(probe.refuse("maxRank", format!("{n} is not a rank"))),
    };
    let c = Conv { fsf, files, ranks };
    let min = crate::MIN_SIDE;
    if files < min || ranks < min {
        let key = if files < min { "maxFile" } else { "maxRank" };
        return Err(c.refuse(key, format!("a {files}x{ranks} board (Chimera's boards are {min} to 16 squares a side)")));
    }
    // Gating other than Cambodian's or Seirawan's is refused before anything else is read.
    let cambodian = super::cambodian::on(&c)?;
    let gating = super::gating::seirawan(&c)?.is_some();
    let mut doc = Table::new();
    doc.insert("name".into(), Value::String(fsf.name.clone()));
    doc.insert("description".into(), Value::String(format!("{} (imported from Fairy-Stockfish's variants.ini)", fsf.name)));
    let mut board = Table::new();
    board.insert("files".into(), Value::Integer(files.into()));
    board.insert("ranks".into(), Value::Integer(ranks.into()));
    doc.insert("board".into(), Value::Table(board));

    let default_fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
    let mut fen = fsf.value("startFen").map(|(v, _)| v.clone()).unwrap_or_else(|| default_fen.to_string());
    let checks = if c.bool("checkCounting", false)? {
        let (rest, remaining) = check_counts(&fen);
        fen = rest;
        Some(remaining.map_err(|why| c.refuse("startFen", why))?)
    } else {
        None
    };
    let mut fields = fen_fields(&fen);
    let mut promoted = fsf.promoted();
    for (_, to, src) in &promoted {
        if fsf.piece(to).is_none() {
            return Err(c.refuse_at(src, "promotedPieceType", format!("`{to}` is not a piece of the variant")));
        }
    }
    let own_faces = split_shared_targets(&c, &mut promoted)?;
    // Fairy-Stockfish's `+f` (a fers promoted): the board is written with the promoted
    // type's own letter, and `plus_faces` remembers which types stood there so.
    let (board_field, plus_faces) = promoted_faces(fsf, &fields[0], &promoted, &own_faces).map_err(|e| c.refuse("startFen", e))?;
    fields[0] = board_field;
    let placement = fen_board(fields.first().map(String::as_str).unwrap_or(""), files, ranks).map_err(|e| c.refuse("startFen", e))?;

    // Pieces. Fairy-Stockfish's king is royal; every other piece is not.
    let has_king = fsf.piece("king").is_some();
    let atomic = atomic(&c)?;
    let atomic_king = atomic.as_ref().and_then(|(king, _)| king.clone());
    let mut pieces = Table::new();
    let mut betzas = BTreeMap::new();
    // A piece of these types that captures turns to a wall (Nuclear chess).
    let petrifying = c.names("petrifyOnCaptureTypes", &[])?;
    // Pieces whose Betza has Fairy-Stockfish's initial double step (`ifmnD`).
    let mut doublers = BTreeSet::new();
    for p in fsf.pieces.values() {
        let (fsf_betza, doubles) = split_double_step(&p.betza);
        if doubles {
            doublers.insert(p.name.clone());
        }
        let betza = translate(&fsf_betza).map_err(|why| c.refuse_at(&p.src, &p.name, format!("Betza `{}`: {why}", p.betza)))?;
        betzas.insert(p.name.clone(), betza.clone());
        let mut t = Table::new();
        t.insert("letter".into(), Value::String(p.letter.to_ascii_uppercase().to_string()));
        t.insert("betza".into(), Value::String(betza));
        // A built-in's second letter for the piece (`pieceSynonyms`, builtins.ini's own
        // option), which Fairy-Stockfish writes in moves: the xiangqi horse's `H`. A piece
        // a variants.ini defines again has none, as in Fairy-Stockfish.
        if let Some(synonym) = synonym(fsf, p) {
            t.insert("notation_letter".into(), Value::String(synonym.to_ascii_uppercase().to_string()));
        }
        if p.name == "king" || atomic_king.as_ref() == Some(&p.name) {
            t.insert("royal".into(), Value::Boolean(true));
        }
        if p.name == "pawn" {
            t.insert("pawn".into(), Value::Boolean(true));
        }
        if petrifying.contains(&p.name) {
            if t.contains_key("royal") {
                return Err(c.refuse("petrifyOnCaptureTypes", format!("the royal `{}` petrifies (Chimera's royal pieces may not)", p.name)));
            }
            t.insert("petrify_on_capture".into(), Value::Boolean(true));
        }
        // Fairy-Stockfish's Janggi cannon neither hops over nor takes a Janggi cannon.
        if p.name == "janggiCannon" {
            t.insert("hop_barred".into(), strings([p.name.clone()]));
        }
        pieces.insert(p.name.clone(), Value::Table(t));
    }
    for face in &own_faces {
        let betza = betzas[&face.like].clone();
        let t = Table::from_iter([
            ("letter".to_string(), Value::String(face.letter.to_ascii_uppercase().to_string())),
            ("betza".to_string(), Value::String(betza.clone())),
        ]);
        pieces.insert(face.name.clone(), Value::Table(t));
        betzas.insert(face.name.clone(), betza);
    }
    let pseudo = pseudo_royal(&c)?;
    if !has_king && atomic_king.is_none() && pseudo.is_none() {
        doc.insert("royal".into(), Value::String("none".into()));
    }
    // One side without a king on the board (Horde's White): Fairy-Stockfish's king is
    // royal wherever it stands, and no king is dropped.
    if let Some(k) = fsf.piece("king").filter(|_| atomic_king.is_none() && pseudo.is_none() && !c.bool("pieceDrops", false).unwrap_or(true))
    {
        let board = fields[0].split('[').next().unwrap_or("");
        match (board.contains(k.letter.to_ascii_uppercase()), board.contains(k.letter)) {
            (false, true) => {
                doc.insert("royal".into(), Value::String("black-only".into()));
            }
            (true, false) => {
                doc.insert("royal".into(), Value::String("white-only".into()));
            }
            _ => {}
        }
    }
    if c.bool("mustCapture", false)? {
        doc.insert("must_capture".into(), Value::Boolean(true));
    }
    // Rules on royal pieces that Chimera names alike: Fairy-Stockfish's option switched
    // on sets the key to the value (the built-ins xiangqi and makpong, verified
    // against Fairy-Stockfish, use these keys for these options).
    for (option, key, value) in ROYAL_RULES {
        if c.bool(option, false)? {
            doc.insert(key.into(), Value::Boolean(value));
        }
    }
    // Fairy-Stockfish's `checking = false` makes every move that gives check illegal (and
    // so no capture that gives check is compulsory, in Chimera as in Fairy-Stockfish).
    if !c.bool("checking", true)? {
        doc.insert("checks_allowed".into(), Value::Boolean(false));
    }

    xiangqi::soldier(&c, &mut pieces)?;
    janggi::diagonal_lines(&c, &mut pieces)?;
    let board_field = fields[0].clone();
    let pawn_zone = pawn_rules(&c, &board_field, &mut pieces, &betzas, doublers, &promoted)?;
    if let Some((limits, src)) = fsf.value("promotionLimit") {
        let mut it = limits.split_whitespace();
        for item in it.by_ref() {
            let parsed = item.split_once(':').and_then(|(l, n)| {
                let letter = l.chars().next()?.to_ascii_lowercase();
                Some((fsf.pieces.values().find(|p| p.letter == letter)?, n.parse::<i64>().ok()?))
            });
            let Some((piece, n)) = parsed else {
                return Err(c.refuse_at(src, "promotionLimit", format!("`{item}` is not `letter:count` of a piece")));
            };
            if n > 0 {
                if let Some(t) = pieces.get_mut(&piece.name).and_then(Value::as_table_mut) {
                    t.insert("limit".into(), Value::Integer(n));
                }
            }
        }
    }

    let shogi_zones = piece_promotions(&c, &mut pieces, &betzas, &promoted)?;
    let drop_bounds = mobility_regions(&c, &mut pieces, &placement, &fields[0])?;
    if cambodian {
        super::cambodian::write(&c, &mut pieces, &mut doc)?;
    }

    // Castling: the rights of the start FEN, each a castle of Fairy-Stockfish's shape.
    let castling = c.bool("castling", true)?;
    let rights = fields.get(2).cloned().unwrap_or_else(|| "-".into());
    let dropped_castling = castling && c.bool("castlingDroppedPiece", false)?;
    if dropped_castling {
        // Fairy-Stockfish's castles with no right at the start: a castling king dropped
        // on `castlingKingFile` gains those with castling rooks in the corners.
        if rights != "-" {
            return Err(c.refuse("castlingDroppedPiece", "castling rights both in the start FEN and from dropped pieces"));
        }
        if c.int("castlingRank", 1)? != 1 {
            return Err(c.refuse("castlingRank", "castles gained by dropped pieces on a rank other than the first"));
        }
        let (kl, rooks) = castling_letters(&c)?;
        let [rl] = rooks[..] else {
            return Err(c.refuse("castlingRookPieces", "more than one kind of castling rook, with castles gained by dropped pieces"));
        };
        let top = ranks - 1;
        let king = c.file("castlingKingFile", 4)?;
        let mut home = BTreeMap::from([((king, 0), kl.to_ascii_uppercase()), ((king, top), kl)]);
        for f in [0, files - 1] {
            home.extend([((f, 0), rl.to_ascii_uppercase()), ((f, top), rl)]);
        }
        let castles = castles(&c, &home, "KQkq")?;
        doc.insert("castling".into(), Value::Array(castles.into_iter().map(Value::Table).collect()));
    } else if castling && rights != "-" {
        // With gating the field's file letters are gates (`[gating]` reads them).
        let castle_rights: String = if gating { rights.chars().filter(|r| "KQkq".contains(*r)).collect() } else { rights.clone() };
        let castles = castles(&c, &placement, if castle_rights.is_empty() { "-" } else { &castle_rights })?;
        let arrivals = other_castling_rooks(&c, &placement, &castles, &pieces)?;
        if !arrivals.is_empty() {
            doc.insert("castling_rights_on_arrival".into(), strings(arrivals));
        }
        doc.insert("castling".into(), Value::Array(castles.into_iter().map(Value::Table).collect()));
    } else if rights != "-" && !cambodian && !gating {
        // Without castling Fairy-Stockfish ignores the rights; so does the converted FEN.
        fields[2] = "-".into();
    }
    // Chess960 castling: every position read with kings and rooks anywhere on their first
    // rank, castles written king-takes-rook (Chimera's `chess960`).
    if c.bool("chess960", false)? {
        doc.insert("chess960".into(), Value::Boolean(true));
    }
    if c.bool("oppositeCastling", false)? && doc.contains_key("castling") {
        doc.insert("opposite_castling".into(), Value::Boolean(true));
    }
    // Fairy-Stockfish's castling-right letters, each colour's own (`castlingWins = q`:
    // Black's long castle only).
    let castling_wins: Vec<String> =
        c.fsf.value("castlingWins").map_or("", |(v, _)| v.trim()).chars().filter(char::is_ascii_alphabetic).map(String::from).collect();
    if !castling_wins.is_empty() && !doc.contains_key("castling") {
        return Err(c.refuse("castlingWins", "castles that win in a game without castling"));
    }

    let drops = super::drops::drops_table(
        &c,
        Drops {
            fields: &fields,
            pieces: &mut pieces,
            betzas: &betzas,
            promoted: &promoted,
            plus_faces: &plus_faces,
            pawn_zone: &pawn_zone,
            drop_bounds: &drop_bounds,
            dropped_castling,
        },
    )?;
    if let Some(t) = drops {
        doc.insert("drops".into(), Value::Table(t));
    }
    if gating {
        super::gating::write(&c, &mut doc)?;
    }
    if super::drops::stuck_moves_barred(&c, c.fsf, &betzas, &shogi_zones)? {
        doc.insert("immobile_moves".into(), Value::Boolean(false));
    }

    let duple = duple_check(&c, pseudo.as_ref())?;
    if let Some((types, count)) = &pseudo {
        for name in types {
            let piece = pieces.get_mut(name).and_then(Value::as_table_mut).expect("a piece of the variant");
            piece.insert("royal_while_at_most".into(), Value::Integer(if duple { i64::from(u8::MAX) } else { *count }));
        }
    }
    if duple {
        doc.insert("duple_check".into(), Value::Boolean(true));
    }
    // Fairy-Stockfish reads a `~` (a promoted piece) in any variant's FEN; Chimera's FEN
    // has the mark only where a captured promoted piece demotes. Elsewhere it says nothing
    // about the game (Jieqi's start marks its covered pieces so, for pychess), and the
    // mark is dropped (compat gives the start FEN as written: `registry::start_text`).
    let demotes = doc.get("drops").and_then(|d| d.get("demote_on_capture")).and_then(Value::as_bool) == Some(true);
    if !demotes {
        fields[0] = fields[0].replace('~', "");
    }
    doc.insert("start".into(), Value::String(fields.join(" ")));
    doc.insert("pieces".into(), Value::Table(pieces));

    // Endings.
    let mut end = super::ends::end_table(
        &c,
        doc["pieces"].as_table().expect("the pieces, above"),
        &fields[0],
        &promoted,
        atomic_king.is_some() || pseudo.is_some(),
        castling_wins,
    )?;
    if let Some(n) = checks {
        end.insert("checks".into(), Value::Integer(n.into()));
    }
    if !end.is_empty() {
        doc.insert("end".into(), Value::Table(end));
    }
    if let Some(flips) = flips(&c)? {
        doc.insert("flips".into(), Value::String(flips.into()));
    }
    if let Some(pass) = pass(&c)? {
        doc.insert("pass".into(), pass);
    }
    if let Some(turn) = walls(&c)? {
        doc.insert("turn".into(), Value::Table(turn));
    }
    let mut modules = Table::new();
    if let Some((_, module)) = atomic {
        modules.insert("atomic".into(), Value::Table(module));
    }
    if !modules.is_empty() {
        doc.insert("modules".into(), Value::Table(modules));
    }
    Ok(doc)
}

/// Fairy-Stockfish's `flipEnclosedPieces` as Chimera's `flips`: Reversi's enclosed lines,
/// Ataxx's neighbours, and Quadwrangle's (neighbours, but on a drop only beside an own
/// piece).
fn flips(c: &Conv<'_>) -> Result<Option<&'static str>, Refusal> {
    match c.fsf.value("flipEnclosedPieces").map(|(v, _)| v.trim()).unwrap_or("none") {
        "none" => Ok(None),
        "reversi" => Ok(Some("enclosed")),
        "ataxx" => Ok(Some("adjacent")),
        "quadwrangle" => Ok(Some("adjacent-joined")),
        other => {
            Err(c.refuse("flipEnclosedPieces", format!("`{other}` flipping (Chimera flips Reversi's, Ataxx's and Quadwrangle's way)")))
        }
    }
}

/// Fairy-Stockfish's `pass` and `passOnStalemate`, each side's, as Chimera's `pass`. With
/// `passOnStalemate` Fairy-Stockfish allows the pass only when no other move is legal (and
/// the side is not in check: `legal`), whether or not `pass` is set too: `"when-stuck"`.
/// Two passes in a row draw in both.
fn pass(c: &Conv<'_>) -> Result<Option<Value>, Refusal> {
    let side = |color: &str| -> Result<&'static str, Refusal> {
        Ok(if c.bool(&format!("passOnStalemate{color}"), false)? {
            "when-stuck"
        } else if c.bool(&format!("pass{color}"), false)? {
            "always"
        } else {
            "never"
        })
    };
    let (white, black) = (side("White")?, side("Black")?);
    if (white, black) == ("never", "never") {
        return Ok(None);
    }
    if c.bool("extinctionPseudoRoyal", false)? {
        return Err(c.refuse("passOnStalemate", "passing with pseudo-royal pieces (not verified against Fairy-Stockfish)"));
    }
    if white == black {
        return Ok(Some(Value::String(white.into())));
    }
    let sides = [("white".to_string(), Value::String(white.into())), ("black".to_string(), Value::String(black.into()))];
    Ok(Some(Value::Table(Table::from_iter(sides))))
}

/// Fairy-Stockfish's `wallingRule` as Chimera's `[turn] walls`, its `wallingRegion` as
/// `no_walls_on` (the squares outside it).
fn walls(c: &Conv<'_>) -> Result<Option<Table>, Refusal> {
    let rule = c.fsf.value("wallingRule").map(|(v, _)| v.trim()).unwrap_or("none");
    let walls = match rule {
        "none" => return Ok(None),
        "duck" => "duck",
        "arrow" => "arrow",
        "past" => "behind",
        "static" => "anywhere",
        other => return Err(c.refuse("wallingRule", format!("`{other}` walls (Chimera has duck, arrow, past and static)"))),
    };
    if c.bool("blastOnCapture", false)? {
        // Fairy-Stockfish chooses the wall among the squares empty before the explosion.
        return Err(c.refuse(
            "wallingRule",
            "walls with explosions (Fairy-Stockfish's wall may not go where the explosion emptied; Chimera's may)",
        ));
    }
    if c.bool("wallOrMove", false)? {
        return Err(c.refuse("wallOrMove", "a turn that is a move or a wall (Chimera's is a move and a wall)"));
    }
    let all = |_: u8, _: u8| true;
    // Fairy-Stockfish reads the shared key last: it sets both colours.
    let shared = c.fsf.value("wallingRegion").is_some();
    if shared && (c.fsf.value("wallingRegionWhite").is_some() || c.fsf.value("wallingRegionBlack").is_some()) {
        return Err(c.refuse("wallingRegion", "both the shared walling region and a colour's (which wins depends on the sections' order)"));
    }
    let (white, black) = if shared {
        (c.region("wallingRegion", all)?, c.region("wallingRegion", all)?)
    } else {
        (c.region("wallingRegionWhite", all)?, c.region("wallingRegionBlack", all)?)
    };
    if white != black {
        return Err(
            c.refuse("wallingRegionBlack", "White's and Black's walling regions differ (Chimera's `no_walls_on` is the same for both)")
        );
    }
    let mut turn = Table::new();
    turn.insert("walls".into(), Value::String(walls.into()));
    let outside: Vec<String> =
        (0..c.files).flat_map(|f| (0..c.ranks).map(move |r| (f, r))).filter(|sq| !white.contains(sq)).map(|(f, r)| square(f, r)).collect();
    if !outside.is_empty() {
        turn.insert("no_walls_on".into(), strings(outside));
    }
    Ok(Some(turn))
}

/// Fairy-Stockfish's `extinctionPseudoRoyal` without explosions: a side's pieces of an
/// extinction type are royal while it has at most `extinctionPieceCount` + 1 of that type
/// on the board (`set_check_info`), and the extinction rule never applies ("pseudo-royal
/// pieces can not be captured", `is_immediate_game_end`): each type's
/// `royal_while_at_most`, with no extinction rule. Returns the types and the count.
fn pseudo_royal(c: &Conv<'_>) -> Result<Option<(Vec<String>, i64)>, Refusal> {
    if !c.bool("extinctionPseudoRoyal", false)? || c.bool("blastOnCapture", false)? {
        return Ok(None);
    }
    if matches!(c.list("extinctionPieceTypes", &[])?, PieceList::All) {
        return Err(c.refuse("extinctionPseudoRoyal", "every piece type pseudo-royal (Chimera's royal kind is named)"));
    }
    // Fairy-Stockfish's king is royal whatever its count: listed, it stays the royal king
    // it is anyway (Forward chess's `kg`: the king and the piece that promotes to it).
    let types: Vec<String> = c.names("extinctionPieceTypes", &[])?.into_iter().filter(|t| t != "king").collect();
    let count = c.int("extinctionPieceCount", 0)? + 1;
    if !(1..=255).contains(&count) {
        return Err(c.refuse("extinctionPieceCount", format!("pseudo-royal pieces while at most {count} are left")));
    }
    Ok(Some((types, count)))
}

/// Fairy-Stockfish's `dupleCheck` (xiangfu's): a side is in check only when all its
/// pseudo-royal extinction pieces (`pseudoRoyalCandidates`) are attacked, and a move is
/// illegal that leaves all of them attacked; while it has only one left, that one is
/// pseudo-royal as ever. That is Chimera's `duple_check` with those pieces royal however
/// many there are, where they are the only royal kind (no king, whose check
/// Fairy-Stockfish judges apart) and each is pseudo-royal only as the last of its kind
/// (`extinctionPieceCount = 0`: with more, it judges each of the last few alone). So
/// [`pseudo_royal`]'s count becomes "always" (`royal_while_at_most = 255`: more of a
/// kind than the board holds) and `duple_check` is set; any other `dupleCheck` is refused.
fn duple_check(c: &Conv<'_>, pseudo: Option<&(Vec<String>, i64)>) -> Result<bool, Refusal> {
    if !c.bool("dupleCheck", false)? {
        return Ok(false);
    }
    match pseudo {
        Some((types, 1)) if !types.is_empty() && c.fsf.piece("king").is_none() => Ok(true),
        _ => Err(c.refuse(
            "dupleCheck",
            "duple check other than on pseudo-royal extinction pieces that are the only royal kind, each pseudo-royal as the last of its kind",
        )),
    }
}

/// Fairy-Stockfish's atomic chess (`nocheckatomic`, `atomic`) as Chimera's `atomic`
/// module: captures explode (`blastOnCapture`, sparing Fairy-Stockfish's pawn type, which
/// is the only piece the converter marks `pawn`), and a side whose one non-royal "king"
/// type is extinct loses — the module's king, made royal, whose explosion loses. With
/// `extinctionPseudoRoyal` that piece may not be left attacked (the module's `checks`).
/// Without a king and any pseudo-royal piece, nothing is royal and the extinction rule
/// stays. Returns the piece made royal, if any, and the module's table.
fn atomic(c: &Conv<'_>) -> Result<Option<(Option<String>, Table)>, Refusal> {
    if !c.bool("blastOnCapture", false)? {
        for key in ["blastImmuneTypes", "mutuallyImmuneTypes"] {
            if !c.names(key, &[])?.is_empty() {
                return Err(c.refuse(key, "without blastOnCapture (Chimera has the rule only in its atomic module)"));
            }
        }
        return Ok(None);
    }
    let extinct = c.names("extinctionPieceTypes", &[])?;
    let lone_loss = c.verdict("extinctionValue", "none")? == Some("loss")
        && c.int("extinctionPieceCount", 0)? == 0
        && c.int("extinctionOpponentPieceCount", 0)? == 0
        && !matches!(c.list("extinctionPieceTypes", &[])?, PieceList::All);
    let no_king = c.fsf.piece("king").is_none();
    let king =
        match extinct.as_slice() {
            [king] if lone_loss && king != "pawn" && no_king => Some(king.clone()),
            // No royal piece at all (Atomic giveaway): blasts only remove pieces, and the
            // extinction rule, if any, ends the game as without them.
            _ if no_king && !c.bool("extinctionPseudoRoyal", false)? => None,
            _ => return Err(c.refuse(
                "blastOnCapture",
                "explosions with a royal piece other than the one extinct type (Chimera's atomic module is lost by the king's explosion)",
            )),
        };
    let mut module = Table::new();
    if !c.bool("extinctionPseudoRoyal", false)? {
        module.insert("checks".into(), Value::Boolean(false));
    }
    for (key, chimera) in [("blastImmuneTypes", "immune"), ("mutuallyImmuneTypes", "mutually_immune")] {
        let names = c.names(key, &[])?;
        if !names.is_empty() {
            module.insert(chimera.into(), strings(names));
        }
    }
    Ok(Some((king, module)))
}

/// The letters of the castling king and of the kinds of castling rook (Chess with
/// Different Armies: the rook, and the bishop-dabbaba of the Colorbound Clobberers). A
/// Chimera castle's rook is whatever partner stands on its square, so the kinds need no
/// more than finding each castle's rook.
fn castling_letters(c: &Conv<'_>) -> Result<(char, Vec<char>), Refusal> {
    let king_type = c.names("castlingKingPiece", &["king"])?;
    let rook_types = c.names("castlingRookPieces", &["rook"])?;
    let letter = |name: &str| c.fsf.piece(name).map(|p| p.letter);
    let (Some(king), rooks) = (king_type.first().and_then(|k| letter(k)), rook_types.iter().filter_map(|r| letter(r)).collect::<Vec<_>>())
    else {
        return Err(c.refuse("startFen", "castling rights without a castling king or rook piece"));
    };
    if rooks.is_empty() {
        return Err(c.refuse("startFen", "castling rights without a castling king or rook piece"));
    }
    Ok((king, rooks))
}

/// The castling rook kinds (`castlingRookPieces`) that stand on no castle's rook square
/// at the start (cwda's `r d g s`, with rooks and bishop-dabbabas in the corners):
/// Fairy-Stockfish honours a FEN's castling right for any of them. Chimera takes the
/// kinds standing there at the start for castling rooks, and also the kinds that gain a
/// castle by arriving on its rook square (`castling_rights_on_arrival`): the others are
/// given so. That adds nothing else where no such piece can come into being on its own
/// castle's rook square: no drops, no gating, and no promotion zone holding the own
/// castling rank (a pawn promotes on the far side); elsewhere the section is refused.
fn other_castling_rooks(
    c: &Conv<'_>,
    placement: &BTreeMap<(u8, u8), char>,
    castles: &[Table],
    pieces: &Table,
) -> Result<Vec<String>, Refusal> {
    let names = c.names("castlingRookPieces", &["rook"])?;
    let own_rank = c.int("castlingRank", 1)?.clamp(1, c.ranks as i64) as u8 - 1;
    let mut at_start = BTreeSet::new();
    for castle in castles {
        let Some(file) = castle.get("rook").and_then(Value::as_str).and_then(|sq| sq.bytes().next()) else { continue };
        let file = file - b'a';
        for rank in [own_rank, c.ranks - 1 - own_rank] {
            if let Some(&l) = placement.get(&(file, rank)) {
                at_start.insert(l.to_ascii_lowercase());
            }
        }
    }
    let others: Vec<String> =
        names.into_iter().filter(|name| c.fsf.piece(name).is_some_and(|p| !at_start.contains(&p.letter.to_ascii_lowercase()))).collect();
    if others.is_empty() {
        return Ok(others);
    }
    let zone_on_castling_rank = pieces.values().filter_map(|p| p.get("promotion")).any(|pr| {
        pr.get("ranks").and_then(Value::as_array).is_none_or(|ranks| ranks.iter().any(|r| r.as_integer() == Some(i64::from(own_rank) + 1)))
    });
    if c.bool("pieceDrops", false)? || c.bool("gating", false)? || c.bool("seirawanGating", false)? || zone_on_castling_rank {
        return Err(c.refuse(
            "castlingRookPieces",
            "castling rook kinds not on the castles' squares at the start, where such a piece may come into being on one",
        ));
    }
    Ok(others)
}

/// Fairy-Stockfish's castles for the rights of the start FEN (`KQkq`): the castling king
/// piece on the first rank, the outermost castling rook on that side, the king to
/// `castlingKingsideFile`/`castlingQueensideFile` and the rook beside it, all on the own
/// `castlingRank`. Chimera's castles are White's squares mirrored for Black, so Black's
/// must be the mirror image.
fn castles(c: &Conv<'_>, placement: &BTreeMap<(u8, u8), char>, rights: &str) -> Result<Vec<Table>, Refusal> {
    let own_rank = match c.int("castlingRank", 1)? {
        r @ 1.. if r <= c.ranks as i64 => r as u8 - 1,
        r => return Err(c.refuse("castlingRank", format!("castling on rank {r}, off the board"))),
    };
    let (kl, rl) = castling_letters(c)?;
    let king_file_option = c.file("castlingKingFile", 4)?;
    let kingside_to = c.file("castlingKingsideFile", 6)?;
    let queenside_to = c.file("castlingQueensideFile", 2)?;
    // Per side (true = kingside): the castle in file numbers, from each colour's rights.
    let mut found: BTreeMap<bool, (u8, u8, u8, u8)> = BTreeMap::new();
    for right in rights.chars() {
        if !"KQkq".contains(right) {
            return Err(c.refuse("startFen", format!("castling right `{right}` (only KQkq are converted)")));
        }
        let white = right.is_ascii_uppercase();
        let rank = if white { own_rank } else { c.ranks - 1 - own_rank };
        let own = |l: char| if white { l.to_ascii_uppercase() } else { l };
        let kings: Vec<u8> = (0..c.files).filter(|&f| placement.get(&(f, rank)) == Some(&own(kl))).collect();
        let king = match kings.as_slice() {
            [k] => *k,
            _ => king_file_option,
        };
        if placement.get(&(king, rank)) != Some(&own(kl)) {
            continue; // Fairy-Stockfish skips a right without its king.
        }
        let kingside = right.eq_ignore_ascii_case(&'K');
        // Fairy-Stockfish's rook: the outermost piece of a castling rook kind.
        let mut rooks = (0..c.files).filter(|&f| placement.get(&(f, rank)).is_some_and(|&p| rl.iter().any(|&l| own(l) == p)));
        let rook = if kingside { rooks.next_back() } else { rooks.next() };
        let Some(rook) = rook else { continue };
        if (rook > king) != kingside {
            return Err(c.refuse("startFen", format!("castling right `{right}` with its rook on the other side of the king")));
        }
        let king_to = if kingside { kingside_to } else { queenside_to };
        let rook_to = if kingside { king_to.wrapping_sub(1) } else { king_to + 1 };
        if rook_to >= c.files || king_to >= c.files {
            return Err(c.refuse("castlingKingsideFile", "a castle off the board"));
        }
        let castle = (king, king_to, rook, rook_to);
        if let Some(other) = found.get(&kingside) {
            if *other != castle {
                return Err(c.refuse("startFen", "White's and Black's castles are not mirror images"));
            }
        }
        found.insert(kingside, castle);
    }
    let span = |a: u8, b: u8| -> BTreeSet<u8> {
        // Fairy-Stockfish's between_bb(a, b): the squares after a up to b.
        let (lo, hi) = (a.min(b), a.max(b));
        (lo..=hi).filter(|&f| f != a).collect()
    };
    let mut out = Vec::new();
    for kingside in [true, false] {
        let Some(&(king, king_to, rook, rook_to)) = found.get(&kingside) else { continue };
        let empty: BTreeSet<u8> = span(rook, rook_to).union(&span(king, king_to)).copied().filter(|&f| f != king && f != rook).collect();
        let (lo, hi) = (king.min(king_to), king.max(king_to));
        let mut safe: Vec<u8> = (lo..=hi).collect();
        if king_to < king {
            safe.reverse();
        }
        let mut t = Table::new();
        t.insert("king".into(), Value::String(square(king, own_rank)));
        t.insert("king_to".into(), Value::String(square(king_to, own_rank)));
        t.insert("rook".into(), Value::String(square(rook, own_rank)));
        t.insert("rook_to".into(), Value::String(square(rook_to, own_rank)));
        t.insert("empty".into(), strings(empty.iter().map(|&f| square(f, own_rank))));
        t.insert("safe".into(), strings(safe.iter().map(|&f| square(f, own_rank))));
        let (notation, alias) = if kingside { ("O-O", "0-0") } else { ("O-O-O", "0-0-0") };
        t.insert("notation".into(), Value::String(notation.into()));
        t.insert("aliases".into(), strings([alias]));
        out.push(t);
    }
    Ok(out)
}

/// The second letter a built-in gives piece `p` (builtins.ini's `pieceSynonyms =
/// horse:h`), if the built-in defined the piece and the letter is not its own.
fn synonym(fsf: &Fsf, p: &super::fsf::Piece) -> Option<char> {
    if p.src.origin != Origin::Builtin {
        return None;
    }
    let (list, _) = fsf.value("pieceSynonyms")?;
    list.split_whitespace()
        .filter_map(|item| item.split_once(':'))
        .find(|(name, _)| *name == p.name)
        .and_then(|(_, letter)| letter.chars().next())
        .filter(|&l| l != p.letter)
}
