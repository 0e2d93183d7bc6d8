//! Castles as Fairy-Stockfish's: on one own rank, the king (`castlingKingPiece`) going to
//! the kingside or queenside file, the rook (one of `castlingRookPieces`) beside it on the
//! inside; Fairy-Stockfish finds the king and rook from the start FEN's rights, so the
//! castle's pieces must be the ones it would find there.

use std::collections::BTreeSet;

use toml::Value;

use super::army::Army;
use super::{refuse, ExportRefusal, Section};

/// The start position's board as Fairy-Stockfish reads a FEN: the letter on a square
/// (case = colour), `~` marks skipped.
pub(super) struct Board {
    rows: Vec<Vec<Option<char>>>,
}

impl Board {
    pub fn read(fen: &str) -> Board {
        let board = fen.split_whitespace().next().unwrap_or("").split('[').next().unwrap_or("");
        let rows = board
            .split('/')
            .rev()
            .map(|row| {
                let (mut out, mut digits) = (Vec::new(), String::new());
                for c in row.chars() {
                    if c.is_ascii_digit() {
                        digits.push(c);
                        continue;
                    }
                    out.extend(std::iter::repeat_n(None, digits.parse::<usize>().unwrap_or(0)));
                    digits.clear();
                    match c {
                        '~' => {}
                        '*' => out.push(None),
                        c => out.push(Some(c)),
                    }
                }
                out.extend(std::iter::repeat_n(None, digits.parse::<usize>().unwrap_or(0)));
                out
            })
            .collect();
        Board { rows }
    }

    /// The squares (file, rank from 0) where the piece `letter` (White's upper case) stands.
    pub fn squares_of(&self, letter: char) -> Vec<(i64, i64)> {
        let mut out = Vec::new();
        for (r, row) in self.rows.iter().enumerate() {
            out.extend(row.iter().enumerate().filter(|(_, c)| **c == Some(letter)).map(|(f, _)| (f as i64, r as i64)));
        }
        out
    }

    /// White's castling king on the e-file of the first rank and rooks in its corners,
    /// Black's mirrored: where Fairy-Stockfish's dropped pieces gain castling rights.
    pub fn home(files: i64, ranks: i64, king: char, rook: char) -> Board {
        let mut rows = vec![vec![None; files as usize]; ranks as usize];
        for (r, case) in [(0, true), (ranks as usize - 1, false)] {
            let own = |c: char| if case { c.to_ascii_uppercase() } else { c };
            rows[r][4] = Some(own(king));
            rows[r][0] = Some(own(rook));
            rows[r][files as usize - 1] = Some(own(rook));
        }
        Board { rows }
    }

    /// The letter (lower case) of a side's piece on its own square `(f, r)`: White's as
    /// it is, Black's mirrored.
    pub fn own(&self, f: u8, r: u8, white: bool) -> Option<char> {
        let rank = if white { r as usize } else { self.rows.len().checked_sub(1 + r as usize)? };
        let c = self.rows.get(rank)?.get(f as usize).copied().flatten()?;
        (c.is_ascii_uppercase() == white).then(|| c.to_ascii_lowercase())
    }
}

/// Writes the castles (`castling` is a non-empty array) as Fairy-Stockfish's options.
pub(super) fn write(
    castles: &[Value],
    files: i64,
    army: &Army,
    board: &Board,
    rights: &str,
    out: &mut Section,
) -> Result<(), ExportRefusal> {
    // White's side unless only Black has rights.
    let white = rights.chars().any(|c| c.is_ascii_uppercase()) || !rights.chars().any(|c| c.is_ascii_lowercase());
    let sq = |s: &str| -> Option<(u8, u8)> {
        let b = s.as_bytes();
        let f = b.first()?.checked_sub(b'a')?;
        let r = s.get(1..)?.parse::<u8>().ok()?.checked_sub(1)?;
        Some((f, r))
    };
    let (mut crank, mut kside, mut qside) = (None, None, None);
    let (mut king_letter, mut rook_letters) = (None, BTreeSet::new());
    let mut rooks = Vec::new();
    for (i, c) in castles.iter().enumerate() {
        let key = |k: &str| format!("castling[{i}].{k}");
        let t = c.as_table().ok_or(ExportRefusal { key: format!("castling[{i}]"), reason: "not a table".into() })?;
        for k in t.keys() {
            if !["king", "king_to", "rook", "rook_to", "empty", "safe", "notation", "aliases"].contains(&k.as_str()) {
                return refuse(key(k), "not exported yet");
            }
        }
        let get =
            |k: &str| t.get(k).and_then(Value::as_str).and_then(sq).ok_or(ExportRefusal { key: key(k), reason: "not a square".into() });
        let (king, king_to, rook, rook_to) = (get("king")?, get("king_to")?, get("rook")?, get("rook_to")?);
        if [king_to.1, rook.1, rook_to.1].iter().any(|&r| r != king.1) {
            return refuse(key("king_to"), "a castle across ranks");
        }
        if *crank.get_or_insert(king.1) != king.1 {
            return refuse(key("king"), "castles on two ranks");
        }
        let kingside = rook.0 > king.0;
        let inside = if kingside { king_to.0.checked_sub(1) } else { Some(king_to.0 + 1) };
        if Some(rook_to.0) != inside {
            return refuse(key("rook_to"), "the rook not beside the king, on the inside (Fairy-Stockfish's castle)");
        }
        // Chimera's castles are White's squares, mirrored for Black: the pieces are those
        // of a side with castling rights (Black's alone in Horde).
        let own = |sq: (u8, u8)| board.own(sq.0, sq.1, white).and_then(|l| army.by_letter(l));
        let Some(k) = own(king) else { return refuse(key("king"), "no piece of its side on the castling king's square at the start") };
        let Some(r) = own(rook) else { return refuse(key("rook"), "no piece of its side on the castling rook's square at the start") };
        if *king_letter.get_or_insert(k.letter) != k.letter {
            return refuse(key("king"), "castling kings of two kinds (Fairy-Stockfish's `castlingKingPiece` is one)");
        }
        rook_letters.insert(r.letter);
        rooks.push((i, rook, kingside));
        // Fairy-Stockfish's squares: empty between king, rook and their targets; safe
        // from the king's square to its target.
        let lo = king.0.min(king_to.0).min(rook.0).min(rook_to.0);
        let hi = king.0.max(king_to.0).max(rook.0).max(rook_to.0);
        let name = |f: u8| format!("{}{}", (b'a' + f) as char, king.1 + 1);
        let empty: BTreeSet<String> = (lo..=hi).filter(|&f| f != king.0 && f != rook.0).map(name).collect();
        let safe: BTreeSet<String> = (king.0.min(king_to.0)..=king.0.max(king_to.0)).map(name).collect();
        for (k, want) in [("empty", empty), ("safe", safe)] {
            if let Some(v) = t.get(k) {
                let got: BTreeSet<String> = v.as_array().into_iter().flatten().filter_map(Value::as_str).map(str::to_string).collect();
                if got != want {
                    return refuse(key(k), format!("{got:?}, not Fairy-Stockfish's {want:?}"));
                }
            }
        }
        // Fairy-Stockfish takes the only castling king of the rank, else the one on `e`.
        let kings = (0..files as u8).filter(|&f| board.own(f, king.1, white) == Some(k.letter)).count();
        if kings > 1 && king.0 != 4 {
            return refuse(key("king"), "one of several castling kings on the rank, not on the e-file");
        }
        let slot = if kingside { &mut kside } else { &mut qside };
        if slot.replace(king_to.0).is_some_and(|f| f != king_to.0) {
            return refuse(key("king_to"), "two castles to one side");
        }
    }
    // Fairy-Stockfish's rook: the outermost piece of a castling rook kind on its side.
    for (i, rook, kingside) in rooks {
        let outer = |f: u8| if kingside { f > rook.0 } else { f < rook.0 };
        let shadowed =
            (0..files as u8).filter(|&f| outer(f)).any(|f| board.own(f, rook.1, white).is_some_and(|l| rook_letters.contains(&l)));
        if shadowed {
            return refuse(
                format!("castling[{i}].rook"),
                "a castling rook with another of its kinds outside it (Fairy-Stockfish castles with the outermost)",
            );
        }
    }
    let king_letter = king_letter.unwrap_or('k');
    if army.by_letter(king_letter).map(|p| p.fsf.as_str()) != Some("king") {
        out.set("castlingKingPiece", king_letter.to_string());
    }
    let rooks: String = rook_letters.iter().collect();
    if rooks.len() != 1 || army.by_letter(rooks.chars().next().unwrap_or('r')).map(|p| p.fsf.as_str()) != Some("rook") {
        out.set("castlingRookPieces", rooks);
    }
    out.set("castlingRank", (crank.unwrap_or(0) + 1).to_string());
    let file_letter = |f: u8| ((b'a' + f) as char).to_string();
    if let Some(f) = kside {
        out.set("castlingKingsideFile", file_letter(f));
    }
    if let Some(f) = qside {
        out.set("castlingQueensideFile", file_letter(f));
    }
    Ok(())
}
