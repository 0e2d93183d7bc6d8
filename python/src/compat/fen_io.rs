//! FENs as pyffish reads and writes them, over Chimera's FEN.
//!
//! Reading ([`read`]): what Fairy-Stockfish accepts and Chimera's own FEN reader refuses
//! or spells otherwise — its check counts (`3+3` remaining, after the en-passant field,
//! or Lichess's `+0+2` given, at the end), and castling rights whose king or rook is not
//! there, which Fairy-Stockfish drops.
//!
//! Writing ([`write`]): Fairy-Stockfish's conventions — promoted Shogi pieces as `+P`,
//! pocket letters by its piece order, the en-passant square only where a pawn could take there, its halfmove clock,
//! its check counts, and squares hidden by fog of war as `*`.

use chimera::ini::{betza::translate, fsf::PIECES};

use super::fen_check::moves_as_pawn;
use chimera::rules::PieceDef;
use chimera::{CastlingLetters, CastlingMode, Color, FenField, FenStyle, Geometry, MoveKind, PieceType, Position, Rules, Square, Variant};

/// The position `fen` describes, read as pyffish reads it.
pub fn read(v: &Variant, fen: &str, chess960: bool) -> Result<Position, chimera::FenError> {
    // Promoted pieces' marks where Chimera's FEN has none (`M~`: [`promoted_marks`]), and
    // pieces promoted Shogi style to a type of their own (Chak's `+P`: [`piece_promotions`]).
    let fen = with_synonyms(v.rules(), fen);
    let (_, fen) = promoted_marks(v, &fen);
    let (_, fen) = piece_promotions(v, &fen);
    let fen = as_fsf_reads(v.rules(), &fen);
    let fen = if chess960 || v.rules().chess960 { gates_of_960_castles(v, &fen) } else { fen };
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    // Fairy-Stockfish reads a FEN whose side not to move stands in check, and walls anywhere.
    let position = |fen: &str| v.position_lenient(fen, mode);
    // It ignores castling letters it cannot honour, and en-passant squares no pawn could
    // take on (`validate_fen` is the call that judges them).
    let mut attempt = fen;
    for _ in 0..2 {
        match position(&attempt) {
            Err(e) if e.field == FenField::Castling => attempt = drop_bad_castling(v, &attempt, mode),
            Err(e) if e.field == FenField::EnPassant => attempt = with_field(&attempt, 3, "-"),
            other => return other,
        }
    }
    position(&attempt)
}

/// A piece's second letter (Fairy-Stockfish's `pieceSynonyms`, Chimera's
/// `notation_letter`: Xiangqi's and Janggi's horse `H` and elephant `E`), where no piece
/// has it for its own letter.
pub fn synonym(rules: &Rules, c: char) -> Option<char> {
    if !c.is_ascii_alphabetic() || rules.piece_by_letter(c).is_some() {
        return None;
    }
    let letter = rules.piece(rules.piece_by_move_letter(c)?).letter?;
    Some(if c.is_ascii_lowercase() { letter.to_ascii_lowercase() } else { letter })
}

/// The FEN with each piece's second letter ([`synonym`]) in its board field read as its
/// own, as Fairy-Stockfish reads them (`H` for a Xiangqi horse is `N`); in the hand it
/// reads none, and holds nothing for one (xiangqihouse's `[E]` is an empty hand).
fn with_synonyms(rules: &Rules, fen: &str) -> String {
    let field = fen.split(' ').next().unwrap_or("");
    let (board, hand) = field.split_once('[').map_or((field, None), |(b, h)| (b, Some(h)));
    let mut read: String = board.chars().map(|c| synonym(rules, c).unwrap_or(c)).collect();
    if let Some(hand) = hand {
        read.push('[');
        read.extend(hand.chars().filter(|&c| synonym(rules, c).is_none()));
    }
    fen.replacen(field, &read, 1)
}

/// In a Chess960 position of a gating variant (Seirawan960), Fairy-Stockfish reads a
/// castling field's `K` or `Q` as the castle with the outermost rook on that side of the
/// king, and as gates on that rook's square and on the king's, wherever they stand
/// (`KQ` of `BBQNNRKR` are the castles with the h1 and f1 rooks, and the gates h1, g1
/// and f1). Chimera's reader takes the letters for the castles' own squares, so for a
/// side with pieces in hand (where gates matter, and a king on a gate castles with every
/// rook on one) each such letter is written as the files of its rook and its king.
fn gates_of_960_castles(v: &Variant, fen: &str) -> String {
    let rules = v.rules();
    let (Some(gating), Some(field)) = (rules.gating.as_ref(), fen.split(' ').nth(2)) else { return fen.to_string() };
    let board = fen.split(' ').next().unwrap_or("");
    let (placement, hand) = board.split_once('[').map_or((board, ""), |(b, h)| (b, h));
    let g = rules.geometry;
    let Some(squares) = board_squares(g, placement) else { return fen.to_string() };
    let start = v.start();
    let rook_kinds: Vec<PieceType> = rules.castles.iter().filter_map(|c| start.piece_at(c.rook_from).map(|p| p.kind)).collect();
    let mut written = String::new();
    for c in field.chars() {
        let white = c.is_ascii_uppercase();
        let own = |t: &str| t.starts_with(|l: char| l.is_ascii_uppercase() == white);
        let rank = if white { gating.rank } else { g.ranks - 1 - gating.rank };
        let on_rank: Vec<(u8, PieceType)> = squares
            .iter()
            .filter(|(sq, _)| g.rank(*sq) == rank)
            .filter_map(|(sq, t)| t.as_deref().filter(|t| own(t)).and_then(|t| t.chars().next()).map(|l| (g.file(*sq), l)))
            .filter_map(|(f, l)| rules.piece_by_letter(l).map(|k| (f, k)))
            .collect();
        let king = on_rank.iter().find(|(_, k)| rules.piece(*k).royal).map(|&(f, _)| f);
        let rooks = on_rank.iter().filter(|(_, k)| rook_kinds.contains(k)).map(|&(f, _)| f);
        let rook = match c.to_ascii_uppercase() {
            'K' => rooks.max(),
            'Q' => rooks.min(),
            _ => None,
        };
        let in_hand = hand.chars().any(|h| h.is_ascii_alphabetic() && h.is_ascii_uppercase() == white);
        match (king, rook) {
            (Some(k), Some(r)) if in_hand && (r > k) == c.eq_ignore_ascii_case(&'K') => {
                for f in [r, k] {
                    let letter = Geometry::file_char(f);
                    let letter = if white { letter.to_ascii_uppercase() } else { letter };
                    if !written.contains(letter) {
                        written.push(letter);
                    }
                }
            }
            _ => written.push(c),
        }
    }
    with_field(fen, 2, &written)
}

/// `fen` with its `i`-th field (from 0) replaced.
fn with_field(fen: &str, i: usize, field: &str) -> String {
    let mut parts: Vec<&str> = fen.split(' ').collect();
    if let Some(p) = parts.get_mut(i) {
        *p = field;
    }
    parts.join(" ")
}

/// The FEN as Fairy-Stockfish's `Position::set` (src/position.cpp) reads it, written in
/// Chimera's fields (`board side castling ep halfmove fullmove`, the check counts as
/// `checks=`). It reads character by character and never refuses: the side is Black only
/// for `b`; where a digit follows the side, there are no castling and en-passant fields
/// (Shogi's and Ataxx's `w 0 1`, 3check's `w 3+3 0 1`); the en-passant field is read
/// square by square, and the first character that is none is passed over, so a FEN
/// without that field (Chennis's `w - 0 1`) loses its first number there and reads the
/// second as its halfmove clock; a counting variant (Makruk) reads a number in that
/// place as its counting limit; check counts `3+3` (one digit each, checks left) follow
/// if the variant counts checks; then the two clocks, each a number or 0 (and the second
/// then 0 too), a fullmove number below 1 read as 1; then Lichess's `+1+0` (checks
/// given, of three). What follows is ignored (pychess's second board after `|`), but
/// for Chimera's own `key=value` fields, kept for its own FENs.
fn as_fsf_reads(rules: &Rules, fen: &str) -> String {
    let s = fen.as_bytes();
    let g = rules.geometry;
    let mut at = 0;
    while at < s.len() && !s[at].is_ascii_whitespace() {
        at += 1;
    }
    let board = &fen[..at];
    at += 1;
    let black = s.get(at) == Some(&b'b');
    at += 2;
    let mut castling = String::new();
    let mut fourth = String::new();
    if !s.get(at).is_some_and(u8::is_ascii_digit) {
        while let Some(&c) = s.get(at) {
            at += 1;
            if c.is_ascii_whitespace() {
                break;
            }
            castling.push(char::from(c));
        }
        if rules.end.counting.is_some() && s.get(at).is_some_and(u8::is_ascii_digit) {
            while let Some(&c) = s.get(at).filter(|c| c.is_ascii_digit()) {
                fourth.push(char::from(c));
                at += 1;
            }
        } else {
            while let Some(&file) = s.get(at) {
                at += 1;
                if !(b'a'..b'a'.saturating_add(g.files)).contains(&file) {
                    break;
                }
                let Some(&rank) = s.get(at) else { break };
                at += 1;
                if !(b'1'..b'1'.saturating_add(g.ranks)).contains(&rank) {
                    break;
                }
                fourth.push(char::from(file));
                fourth += &(rank - b'0').to_string();
            }
        }
    }
    let skip_spaces = |at: &mut usize| {
        while s.get(*at).is_some_and(u8::is_ascii_whitespace) {
            *at += 1;
        }
    };
    // A digit character's value (Fairy-Stockfish's `token - '0'`, at least 0).
    let digit = |c: Option<&u8>| u16::from(c.copied().unwrap_or(b'0').saturating_sub(b'0'));
    let mut left: Option<(u16, u16)> = None;
    skip_spaces(&mut at);
    if rules.end.checks.is_some() && s.get(at).is_some() && s.get(at + 1) == Some(&b'+') {
        left = Some((digit(s.get(at)), digit(s.get(at + 2))));
        at += 3;
    }
    // `>>` into an int: spaces, a sign, digits; a failed read fails every later one.
    let number = |at: &mut usize| -> Option<i64> {
        skip_spaces(at);
        let start = *at;
        if matches!(s.get(*at), Some(b'+' | b'-')) {
            *at += 1;
        }
        let digits = *at;
        while s.get(*at).is_some_and(u8::is_ascii_digit) {
            *at += 1;
        }
        (*at > digits).then(|| fen[start..*at].parse::<i64>().unwrap_or(i64::MAX))
    };
    let halfmove = number(&mut at);
    let fullmove = halfmove.and_then(|_| number(&mut at));
    if let (Some(n), Some(_)) = (rules.end.checks, fullmove) {
        // Lichess's counts: `+`, checks given by White, `+`, by Black (of three).
        let mut chars = fen[at..].bytes().filter(|b| !b.is_ascii_whitespace());
        if chars.next() == Some(b'+') {
            let (w, _, b) = (chars.next(), chars.next(), chars.next());
            let of_three = |c: Option<u8>| 3u16.saturating_sub(digit(c.as_ref())).min(n);
            left = Some((of_three(w), of_three(b)));
        }
    }
    let ours = fen.split(" |").next().unwrap_or(fen).split_whitespace().skip(1).filter(|f| f.contains('='));
    let mut extra: Vec<String> = ours.filter(|f| left.is_none() || !f.starts_with("checks=")).map(str::to_string).collect();
    if let Some(n) = rules.end.checks {
        if !extra.iter().any(|f| f.starts_with("checks=")) {
            // Without counts the next check wins, as Fairy-Stockfish assumes.
            let (w, b) = left.unwrap_or((1, 1));
            extra.push(format!("checks={}/{}", n.saturating_sub(w.min(n)), n.saturating_sub(b.min(n))));
        }
    }
    let halfmove = halfmove.unwrap_or(0).clamp(0, i64::from(u16::MAX));
    let fullmove = fullmove.unwrap_or(0).clamp(1, i64::from(u32::MAX));
    let or_none = |f: String| if f.is_empty() { "-".to_string() } else { f };
    let side = if black { 'b' } else { 'w' };
    let mut out = format!("{board} {side} {} {} {halfmove} {fullmove}", or_none(castling), or_none(fourth));
    for f in extra {
        out.push(' ');
        out += &f;
    }
    out
}

/// pyffish's start FEN of each Fairy-Stockfish built-in, as its text (short forms such
/// as Shogi's `[-] w 0 1` included).
const FSF_START_FENS: &str = include_str!("fsf_start_fens.tsv");

/// The start FEN pyffish gives for `name`, where Chimera's variant of that name starts
/// from the same position (read as pyffish reads it); `None` otherwise.
pub fn fsf_start_fen(v: &Variant, name: &str) -> Option<&'static str> {
    let text = FSF_START_FENS.lines().filter(|l| !l.starts_with('#')).find_map(|l| {
        let (n, fen) = l.split_once('\t')?;
        (n == name).then_some(fen)
    })?;
    is_start(v, text).then_some(text)
}

/// Whether `text`, read as pyffish reads it, is the variant's start position (its clocks
/// aside: Chennis's `w - 0 1` reads as a halfmove clock of 1).
pub fn is_start(v: &Variant, text: &str) -> bool {
    let position = |p: &Position| p.fen().split_whitespace().take(4).collect::<Vec<_>>().join(" ");
    match (read(v, text, false), start(v, false)) {
        (Ok(theirs), Ok(ours)) => position(&theirs) == position(&ours),
        _ => false,
    }
}

/// The variant's start position, from its own (Chimera's) start FEN.
pub fn start(v: &Variant, chess960: bool) -> Result<Position, chimera::FenError> {
    let mode = if chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
    v.position_in(&v.rules().start_fen, mode)
}

/// The FEN with only the castling letters Chimera accepts one by one: Fairy-Stockfish
/// ignores a right whose king or rook is not where it castles from.
fn drop_bad_castling(v: &Variant, fen: &str, mode: CastlingMode) -> String {
    let mut parts: Vec<String> = fen.split_whitespace().map(str::to_string).collect();
    if parts.len() < 3 {
        return fen.to_string();
    }
    let with = |parts: &[String], field: &str| {
        let mut p = parts.to_vec();
        p[2] = field.to_string();
        p.join(" ")
    };
    let accepted = |c: char| v.position_lenient(&with(&parts, &c.to_string()), mode).is_ok();
    let mut kept = String::new();
    for c in parts[2].chars().filter(|&c| c != '-') {
        if accepted(c) {
            kept.push(c);
        } else if let Some(gate) = gate_of_castle(v, &parts[0], c).filter(|&g| accepted(g)) {
            kept.push(gate);
        }
    }
    parts[2] = if kept.is_empty() { "-".to_string() } else { kept };
    parts.join(" ")
}

/// With gating, Fairy-Stockfish reads a castling letter it cannot honour (`Q` with the
/// king gone) as the gate of the rook it finds from that corner: the file letter of the
/// first piece of the castle's rook type on the side's castling rank.
fn gate_of_castle(v: &Variant, board: &str, letter: char) -> Option<char> {
    let rules = v.rules();
    rules.gating.as_ref()?;
    let kingside = match letter.to_ascii_uppercase() {
        'K' => true,
        'Q' => false,
        _ => return None,
    };
    let g = rules.geometry;
    let castle = rules.castles.iter().find(|c| c.kingside(g) == kingside)?;
    let rook = v.start().piece_at(castle.rook_from)?.kind;
    let white = letter.is_ascii_uppercase();
    let rank = if white { g.rank(castle.rook_from) } else { g.ranks - 1 - g.rank(castle.rook_from) };
    let row = board.split('[').next()?.split('/').nth((g.ranks - 1 - rank) as usize)?;
    let mut files: Vec<(u8, char)> = Vec::new();
    let mut file = 0u8;
    let mut digits = 0u8;
    for c in row.chars() {
        if let Some(d) = c.to_digit(10) {
            digits = digits * 10 + d as u8;
            continue;
        }
        file += std::mem::take(&mut digits);
        if c.is_ascii_alphabetic() || c == '*' {
            files.push((file, c));
            file += 1;
        }
    }
    let own = |c: char| c.is_ascii_uppercase() == white && rules.piece_by_letter(c) == Some(rook);
    let mut found = files.into_iter().filter(|&(_, c)| own(c)).map(|(f, _)| f);
    let f = if kingside { found.next_back() } else { found.next() }?;
    let gate = Geometry::file_char(f);
    Some(if white { gate.to_ascii_uppercase() } else { gate })
}

/// A piece's place in Fairy-Stockfish's piece-type order (its pocket order, highest
/// first): the predefined type that moves alike, the king last, other pieces after the
/// predefined ones in Chimera's order (as custom pieces follow them), an imported
/// section's custom pieces by their number.
fn fsf_order(rules: &Rules, t: usize) -> usize {
    let p: &PieceDef = &rules.pieces[t];
    if p.royal {
        return 10_000;
    }
    // An imported section's custom pieces keep Fairy-Stockfish's names: they follow the
    // predefined types, by number, however they move (xiangfu's `customPiece3`, a
    // commoner's moves, comes after its `customPiece1` in the pocket, as pyffish writes it).
    if let Some(n) = p.name.strip_prefix("customPiece").and_then(|n| n.parse::<usize>().ok()) {
        return 1_000 + n;
    }
    // An imported section's soldier (`fsW`) moves as `fW` until its `soldierPromotionRank`
    // and sideways beyond (extra moves), like no predefined type's Betza alone: it keeps
    // Fairy-Stockfish's soldier's place (`[PC]` in xiangqihouse's pocket, as pyffish).
    if p.name == "soldier" {
        if let Some(i) = PIECES.iter().position(|(name, _)| *name == "soldier") {
            return i;
        }
    }
    let same = |betza: &str| {
        let Ok(ours) = translate(betza).and_then(|b| chimera::betza::parse(&b).map_err(|e| e.reason)) else { return false };
        ours.len() == p.directions.len() && ours.iter().all(|d| p.directions.contains(d))
    };
    PIECES.iter().take(PIECES.len() - 1).position(|(_, b)| same(b)).unwrap_or(2_000 + t)
}

/// What pyffish's FEN of `pos` says: Chimera's FEN with Fairy-Stockfish's conventions.
/// `halfmove` is Fairy-Stockfish's halfmove clock (see `Game::fsf_clock`); `fog` hides
/// the squares the side to move cannot see.
pub fn write(pos: &Position, chess960: bool, halfmove: u32, fog: bool) -> String {
    let rules = pos.rules();
    let letters = if chess960 || rules.chess960 { CastlingLetters::RookFiles } else { CastlingLetters::Castles };
    // Promoted Shogi pieces as `+` and the letter they promoted from (`+P`).
    let fen = pos.fen_in(FenStyle { letters, promoted_plus: true, ..FenStyle::default() });
    let mut parts: Vec<String> = fen.split(' ').map(str::to_string).collect();
    // Chimera's FEN: board[hand] side castling ep halfmove fullmove extras...
    let (board, hand) = match parts[0].split_once('[') {
        Some((b, h)) => (b.to_string(), Some(h.trim_end_matches(']').to_string())),
        None => (parts[0].clone(), None),
    };
    let board = if fog { fogged(pos, &board) } else { board };
    let hand = hand.map(|h| format!("[{}]", pocket_in_fsf_order(rules, &h)));
    parts[0] = board + hand.as_deref().unwrap_or("");
    if parts.len() > 3 {
        if let Some(field) = en_passant_field(pos, &parts[3]) {
            parts[3] = field;
        }
    }
    // With a count running (Makruk's family), the two fields are its limit and ply, as
    // Fairy-Stockfish writes them; else the en-passant square and the halfmove clock.
    let counting = rules.end.counting.is_some() && parts.get(3).is_some_and(|f| f.parse::<u32>().is_ok());
    if parts.len() > 4 && !counting {
        parts[4] = halfmove.to_string();
    }
    if unmoved_says_nothing(rules) {
        parts.retain(|p| !p.starts_with("unmoved="));
    }
    if let Some(n) = rules.end.checks {
        if let Some(i) = parts.iter().position(|p| p.starts_with("checks=")) {
            let field = parts.remove(i);
            let (w, b) = field["checks=".len()..].split_once('/').unwrap_or(("0", "0"));
            let left = |given: &str| n.saturating_sub(given.parse().unwrap_or(0));
            parts.insert(4, format!("{}+{}", left(w), left(b)));
        }
    }
    parts.join(" ")
}

/// Whether Chimera's `unmoved=` field (which kings never moved) says nothing a FEN of
/// Fairy-Stockfish's can: where it is written only because some kinds gain castles by
/// arriving on a rook square (an imported section's other castling rook kinds, cwda's:
/// `castling_rights_on_arrival`), and no piece can arrive there — no drops, gating,
/// purchases, lifts or problemists' conditions, no rule modules, no moves a piece may
/// make only from its first square. Fairy-Stockfish writes none; compat leaves it out.
fn unmoved_says_nothing(rules: &Rules) -> bool {
    !rules.castling_rights_on_arrival.is_empty()
        && rules.drops.is_none()
        && rules.gating.is_none()
        && rules.economy.is_none()
        && rules.lift.is_none()
        && rules.circe.is_none()
        && !rules.andernach
        && rules.modules.is_empty()
        && rules.pieces.iter().all(|p| p.directions.iter().all(|d| !d.initial_only))
}

/// The pocket's letters, White's then Black's, each by Fairy-Stockfish's piece order,
/// highest first (S-Chess's `[EHeh]`).
fn pocket_in_fsf_order(rules: &Rules, hand: &str) -> String {
    let mut letters: Vec<char> = hand.chars().collect();
    let key = |c: &char| {
        let order = rules.piece_by_letter(*c).map_or(usize::MAX, |t| fsf_order(rules, t.index()));
        (c.is_ascii_lowercase(), std::cmp::Reverse(order))
    };
    letters.sort_by_key(key);
    letters.into_iter().collect()
}

/// `written` (the FEN of a position read from `read`, no move played) with `read`'s
/// en-passant field where Fairy-Stockfish keeps it as read: the squares a piece that is no
/// pawn passed and reached (Wolf's sergeant, `f7f8`), which it writes after the double
/// step whether or not anything can take there, and Chimera leaves out when nothing can;
/// the squares passed and reached where a piece that is no pawn takes en passant
/// (Borderlands' `d6d7`), of which Chimera keeps the one passed.
pub fn keep_read_en_passant(pos: &Position, read: &str, written: String) -> String {
    let rules = pos.rules();
    let non_pawn_double_steps = rules.pieces.iter().any(|p| p.en_passant && !moves_as_pawn(p) && !p.takes_en_passant);
    let non_pawn_takers = rules.pieces.iter().any(|p| p.takes_en_passant && !moves_as_pawn(p));
    let read_ep = read.split_whitespace().nth(3).filter(|f| f.len() >= 4 && f.chars().next().is_some_and(|c| c.is_ascii_lowercase()));
    let mut parts: Vec<&str> = written.split(' ').collect();
    let kept_as_read = |field: &str| if non_pawn_takers { field != "-" } else { non_pawn_double_steps && field == "-" };
    match read_ep {
        Some(ep) if parts.len() > 3 && kept_as_read(parts[3]) => {
            parts[3] = ep;
            parts.join(" ")
        }
        _ => written,
    }
}

/// The en-passant field as Fairy-Stockfish writes it, if not Chimera's `written`:
/// after a double step of its own pawn, the passed square when an enemy pawn attacks
/// it, pinned or not (Chimera writes it after every double step); after a double step of
/// a pawn of custom Betza (Berolina's, a sideways-moving one), the squares from the one
/// passed to the one reached, in square order (`a5a6`).
fn en_passant_field(pos: &Position, written: &str) -> Option<String> {
    let rules = pos.rules();
    // After the double step of a piece that is not a pawn (Wolf's sergeant), Fairy-Stockfish
    // writes the squares passed and reached, whether or not anything can take there.
    let not_a_pawn = |m: chimera::Move| pos.piece_at(m.to).is_some_and(|p| !moves_as_pawn(&rules.pieces[p.kind]));
    if pos.last_move().is_some_and(|m| m.kind == MoveKind::DoubleStep && not_a_pawn(m)) {
        let field = passed_and_reached(pos);
        return (field != written).then_some(field);
    }
    // A position as read, no move played: the field stands as written (Berolina's `d5e6`).
    if pos.last_move().is_none() && rules.pieces.iter().any(|p| p.takes_en_passant && !moves_as_pawn(p)) {
        return None;
    }
    if pos.en_passant().is_none() && rules.pieces.iter().any(|p| p.takes_en_passant && !moves_as_pawn(p)) {
        let field = passed_and_reached(pos);
        return (field != written).then_some(field);
    }
    let squares = pos.en_passant_squares();
    if squares.is_empty() {
        return None;
    }
    let g = rules.geometry;
    let us = pos.turn();
    let takers: Vec<usize> = (0..rules.pieces.len()).filter(|&t| rules.pieces[t].takes_en_passant).collect();
    if takers.iter().any(|&t| !moves_as_pawn(&rules.pieces[t])) {
        return Some(passed_and_reached(pos));
    }
    let back = if us == Color::White { -1 } else { 1 };
    // Each square passed (a triple step's two) that an enemy pawn attacks.
    let attacked = |ep: Square| {
        let (file, rank) = (g.file(ep) as i32, g.rank(ep) as i32 + back);
        [file - 1, file + 1].into_iter().any(|f| {
            (0..g.files as i32).contains(&f)
                && (0..g.ranks as i32).contains(&rank)
                && pos.piece_at(g.square(f as u8, rank as u8)).is_some_and(|p| p.color == us && takers.contains(&p.kind.index()))
        })
    };
    let mut kept: Vec<Square> = squares.iter().copied().filter(|&sq| attacked(sq)).collect();
    if kept.len() == squares.len() {
        return None;
    }
    kept.sort();
    Some(if kept.is_empty() { "-".to_string() } else { kept.into_iter().map(|sq| g.square_name(sq)).collect() })
}

/// After a double step (the last move), the squares from the one passed to the one
/// reached, in square order; else `-`.
fn passed_and_reached(pos: &Position) -> String {
    let Some(m) = pos.last_move().filter(|m| m.kind == MoveKind::DoubleStep) else { return "-".to_string() };
    let g = pos.rules().geometry;
    let (f0, r0, f1, r1) = (g.file(m.from) as i32, g.rank(m.from) as i32, g.file(m.to) as i32, g.rank(m.to) as i32);
    let n = (f1 - f0).abs().max((r1 - r0).abs()).max(1);
    let mut squares: Vec<Square> = (1..=n).map(|k| g.square((f0 + (f1 - f0) / n * k) as u8, (r0 + (r1 - r0) / n * k) as u8)).collect();
    squares.sort();
    squares.into_iter().map(|sq| g.square_name(sq)).collect()
}

/// The board field with every square the side to move cannot see as `*`
/// (Fairy-Stockfish's `fog_area`: its own pieces and the squares its legal moves go to
/// are visible; a castle's is its rook's square, its own piece).
fn fogged(pos: &Position, board: &str) -> String {
    let g = pos.rules().geometry;
    let mut visible: Vec<bool> =
        (0..g.squares()).map(|sq| pos.piece_at(Square::new(sq as u8)).is_some_and(|p| p.color == pos.turn())).collect();
    for m in pos.legal_moves() {
        if !matches!(m.kind, MoveKind::Castle | MoveKind::GateCastle) {
            visible[m.to] = true;
        }
    }
    let rows = tokens(board);
    let mut out = String::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = g.ranks as usize - 1 - i;
        let mut empty = 0;
        for (file, cell) in row.iter().enumerate() {
            let sq = (g.square(file as u8, rank as u8)).index();
            let shown = if cell != "*" && !visible[sq] { "*" } else { cell.as_str() };
            if shown.is_empty() {
                empty += 1;
                continue;
            }
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            out += shown;
        }
        if empty > 0 {
            out += &empty.to_string();
        }
        if i + 1 < rows.len() {
            out.push('/');
        }
    }
    out
}

/// A FEN board field as rows (top first) of cells: "" empty, "*" a wall, else the
/// piece's letters (`P`, `Q~`, `+P`).
fn tokens(board: &str) -> Vec<Vec<String>> {
    let mut rows = Vec::new();
    for row in board.split('/') {
        let mut cells: Vec<String> = Vec::new();
        let mut digits = String::new();
        let flush = |digits: &mut String, cells: &mut Vec<String>| {
            if let Ok(n) = digits.parse::<usize>() {
                cells.extend(std::iter::repeat_n(String::new(), n));
            }
            digits.clear();
        };
        let mut prefix = String::new();
        for c in row.chars() {
            if c.is_ascii_digit() {
                digits.push(c);
                continue;
            }
            flush(&mut digits, &mut cells);
            match c {
                '+' => prefix.push(c),
                '~' => {
                    if let Some(last) = cells.last_mut() {
                        last.push(c);
                    }
                }
                _ => {
                    cells.push(format!("{prefix}{c}"));
                    prefix.clear();
                }
            }
        }
        flush(&mut digits, &mut cells);
        rows.push(cells);
    }
    rows
}

/// Whether the variant's own FEN marks promoted pieces (`Q~`): only where a captured
/// promoted piece goes to the hand as what it was (crazyhouse). Elsewhere Fairy-Stockfish
/// still writes the marks with `showPromoted` (pychess stores Makruk's `M~`), so compat
/// reads them off the board field ([`promoted_marks`]) and writes them back
/// ([`with_marks`]).
pub fn marks_promoted(rules: &Rules) -> bool {
    rules.drops.as_ref().is_some_and(|d| d.demote_on_capture)
}

/// The board field's squares, in FEN order (the top rank first), each with the text
/// there (`+P`, `N~`, a wall's `*`) or `None` for an empty square; `None` for a field
/// that is no board of this geometry.
fn board_squares(g: Geometry, board: &str) -> Option<Vec<(Square, Option<String>)>> {
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != g.ranks as usize {
        return None;
    }
    let mut out = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = g.ranks - 1 - i as u8;
        let mut file: u32 = 0;
        let mut chars = row.chars().peekable();
        while let Some(c) = chars.next() {
            if let Some(d) = c.to_digit(10) {
                let mut n = d;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    n = n * 10 + d;
                    chars.next();
                }
                for _ in 0..n {
                    out.push((g.square(u8::try_from(file).ok()?, rank), None));
                    file += 1;
                }
                continue;
            }
            let mut text = c.to_string();
            if c == '+' {
                text.push(chars.next()?);
            }
            if chars.peek() == Some(&'~') {
                text.push(chars.next()?);
            }
            out.push((g.square(u8::try_from(file).ok()?, rank), Some(text)));
            file += 1;
        }
        if file != u32::from(g.files) {
            return None;
        }
    }
    Some(out)
}

/// The squares `fen` marks promoted (`M~`), where the variant's own FEN does not mark
/// them; with the FEN without the marks, for Chimera's reader.
pub fn promoted_marks(v: &Variant, fen: &str) -> (Vec<Square>, String) {
    let rules = v.rules();
    let board = fen.split(' ').next().unwrap_or("");
    if marks_promoted(rules) || !board.contains('~') || rules.geometry.boards > 1 {
        return (Vec::new(), fen.to_string());
    }
    let field = board.split('[').next().unwrap_or(board);
    let marks = board_squares(rules.geometry, field)
        .map(|squares| squares.into_iter().filter(|(_, p)| p.as_ref().is_some_and(|t| t.ends_with('~'))).map(|(sq, _)| sq).collect())
        .unwrap_or_default();
    (marks, fen.replacen(board, &board.replace('~', ""), 1))
}

/// Whether Fairy-Stockfish reads the promoted face `t`'s letter as a piece set up bare,
/// in a variant without hands (Sho shogi's `D`: a dragon not promoted from a rook, which
/// it writes `D` where it writes a promoted one `+R`): `t` has a letter, and it is
/// Fairy-Stockfish's for its type ([`Rules::fsf_type`]; not the tokin's). With hands,
/// where such a piece returns to the hand as itself, compat plays in a twin of the
/// variant (`unpromoted`).
pub fn bare_face(rules: &Rules, t: PieceType) -> bool {
    rules.drops.is_none() && rules.promoted_from(t).is_some() && rules.piece(t).letter.is_some() && rules.fsf_type(t) == t
}

/// The squares where `fen`'s board sets a promoted face up bare ([`bare_face`]).
pub fn bare_faces(v: &Variant, fen: &str) -> Vec<Square> {
    let rules = v.rules();
    let board = fen.split(' ').next().unwrap_or("");
    let field = board.split('[').next().unwrap_or(board);
    let Some(squares) = board_squares(rules.geometry, field) else { return Vec::new() };
    let bare = |text: &str| text.chars().next().and_then(|c| rules.piece_by_letter(c)).is_some_and(|t| bare_face(rules, t));
    squares.into_iter().filter(|(_, text)| text.as_deref().is_some_and(bare)).map(|(sq, _)| sq).collect()
}

/// `fen` with the faces on `bare` written by their own letters, not `+` and the letter
/// of what they promote from.
pub fn with_bare(rules: &Rules, fen: &str, bare: &[Square]) -> String {
    if bare.is_empty() {
        return fen.to_string();
    }
    edit_board(rules.geometry, fen, |sq, text| {
        let Some(t) = text.as_mut().filter(|_| bare.contains(&sq)) else { return };
        let Some(piece) = t.strip_prefix('+').and_then(|l| l.chars().next()).and_then(|c| rules.piece_by_letter(c)) else { return };
        let white = t.chars().nth(1).is_some_and(|c| c.is_ascii_uppercase());
        let face = rules.piece_types().find(|&f| rules.promoted_from(f) == Some(piece) && bare_face(rules, f));
        if let Some(letter) = face.and_then(|f| rules.piece(f).letter) {
            *t = if white { letter.to_string() } else { letter.to_ascii_lowercase().to_string() };
        }
    })
}

/// `fen` with `edit` applied to each square of its board field ([`board_squares`]);
/// unchanged where the field is no board of this geometry.
fn edit_board(g: Geometry, fen: &str, mut edit: impl FnMut(Square, &mut Option<String>)) -> String {
    let board = fen.split(' ').next().unwrap_or("");
    let field = board.split('[').next().unwrap_or(board);
    let Some(mut squares) = board_squares(g, field) else { return fen.to_string() };
    for (sq, text) in squares.iter_mut() {
        edit(*sq, text);
    }
    fen.replacen(field, &write_squares(g, &squares), 1)
}

/// `fen` with `~` after the pieces on `marks` (Fairy-Stockfish's `showPromoted`), but
/// for Shogi's promoted faces, which their `+` names already.
pub fn with_marks(rules: &Rules, fen: &str, marks: &[Square]) -> String {
    let board = fen.split(' ').next().unwrap_or("");
    let (field, hand) = board.split_once('[').map_or((board, None), |(f, h)| (f, Some(h)));
    let Some(squares) = board_squares(rules.geometry, field).filter(|_| !marks.is_empty()) else { return fen.to_string() };
    let g = rules.geometry;
    let mut out = String::new();
    let mut empty = 0;
    let mut file = 0;
    for (sq, piece) in squares {
        match piece {
            None => empty += 1,
            Some(text) => {
                if empty > 0 {
                    out += &empty.to_string();
                    empty = 0;
                }
                out += &text;
                if marks.contains(&sq) && text.chars().all(|c| c.is_ascii_alphabetic()) {
                    out.push('~');
                }
            }
        }
        file += 1;
        if file == g.files {
            if empty > 0 {
                out += &empty.to_string();
                empty = 0;
            }
            file = 0;
            if g.rank(sq) > 0 {
                out.push('/');
            }
        }
    }
    let hand = hand.map(|h| format!("[{h}")).unwrap_or_default();
    fen.replacen(board, &(out + &hand), 1)
}

/// The type a Shogi-style promotion turns `base` into, where that type is no promoted
/// face of Chimera's (Chak's pawn into its `W`; Shogi's faces Chimera's FEN writes
/// itself): Fairy-Stockfish's `promotedPieceType`, whose promoted pieces it writes `+`
/// and the letter they promoted from (`+P`), and reads so.
pub fn plus_target(rules: &Rules, base: PieceType) -> Option<PieceType> {
    let promotion = rules.piece(base).promotion.as_ref()?;
    let mut targets = promotion.to.iter().flat_map(|(_, to)| to.iter().copied());
    let to = targets.next()?;
    (targets.all(|t| t == to) && rules.promoted_from(to).is_none() && rules.fsf_promotion_mark(base, to) == Some('+')).then_some(to)
}

/// The type a FEN's `+` and `base`'s letter stands for, where that is no promoted face of
/// Chimera's: [`plus_target`], or else the one type that goes to the hand as `base` when
/// taken (xiangfu's `+g`: its king-like `k` starts promoted from a `g`, as pieces do that
/// Fairy-Stockfish demotes on capture).
pub fn plus_type(rules: &Rules, base: PieceType) -> Option<PieceType> {
    plus_target(rules, base).or_else(|| {
        let mut demoting = rules.piece_types().filter(|&t| {
            t != base && rules.promoted_from(t).is_none() && rules.piece(t).captured_as == chimera::rules::Captured::Hand(base)
        });
        let t = demoting.next()?;
        demoting.next().is_none().then_some(t)
    })
}

/// The squares where `fen` writes a piece promoted to a type of its own with `+` (Chak's
/// `+P`: [`plus_target`]), each with the type it promoted from; with the FEN that writes
/// those pieces with their own letters, for Chimera's reader.
pub fn piece_promotions(v: &Variant, fen: &str) -> (Vec<(Square, PieceType)>, String) {
    let rules = v.rules();
    let board = fen.split(' ').next().unwrap_or("");
    let field = board.split('[').next().unwrap_or(board);
    if !field.contains('+') || rules.geometry.boards > 1 {
        return (Vec::new(), fen.to_string());
    }
    let Some(mut squares) = board_squares(rules.geometry, field) else { return (Vec::new(), fen.to_string()) };
    let mut found = Vec::new();
    for (sq, text) in squares.iter_mut() {
        let Some(letter) = text.as_deref().and_then(|t| t.strip_prefix('+')).and_then(|t| t.chars().next()) else { continue };
        let Some(base) = rules.piece_by_letter(letter) else { continue };
        let Some(to) = plus_type(rules, base) else { continue };
        let color = if letter.is_ascii_uppercase() { Color::White } else { Color::Black };
        found.push((*sq, base));
        *text = Some(rules.fen_symbol(to, color).to_string());
    }
    if found.is_empty() {
        return (found, fen.to_string());
    }
    let rewritten = write_squares(rules.geometry, &squares);
    (found, fen.replacen(field, &rewritten, 1))
}

/// `fen` with the pieces on `promoted` written `+` and the letter of the type each
/// promoted from (Fairy-Stockfish's `unpromoted_piece_on`), where the board shows them.
pub fn with_plus(rules: &Rules, fen: &str, promoted: &[(Square, PieceType)]) -> String {
    if promoted.is_empty() {
        return fen.to_string();
    }
    edit_board(rules.geometry, fen, |sq, text| {
        let Some((_, base)) = promoted.iter().find(|(p, _)| *p == sq) else { return };
        if let Some(t) = text.as_mut().filter(|t| t.chars().all(|c| c.is_ascii_alphabetic())) {
            let white = t.starts_with(|c: char| c.is_ascii_uppercase());
            *t = format!("+{}", rules.fen_symbol(*base, if white { Color::White } else { Color::Black }));
        }
    })
}

/// A board field from its squares in FEN order ([`board_squares`]).
fn write_squares(g: Geometry, squares: &[(Square, Option<String>)]) -> String {
    let mut out = String::new();
    for (i, row) in squares.chunks(g.files as usize).enumerate() {
        if i > 0 {
            out.push('/');
        }
        let mut empty = 0;
        for (_, text) in row {
            match text {
                None => empty += 1,
                Some(t) => {
                    if empty > 0 {
                        out += &empty.to_string();
                        empty = 0;
                    }
                    out += t;
                }
            }
        }
        if empty > 0 {
            out += &empty.to_string();
        }
    }
    out
}
