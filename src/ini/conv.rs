//! The converter's shared reader: `Conv`, one variant's model with its board, whose
//! getters read Fairy-Stockfish's options and tie each refusal to the option (and line)
//! responsible; and the small writers of TOML values every part uses. `convert` and the
//! families' parts (`pawns`, `promote`, `drops`, `ends`...) all read through it, and it
//! imports none of them.

use std::collections::BTreeSet;

use toml::Value;

use super::fsf::{Fsf, PieceList, Src};
use super::Refusal;

/// Squares as (file, rank), both 0-based.
pub(super) type Squares = BTreeSet<(u8, u8)>;

/// The converter's view of one variant: the model, its board, and refusals tied to options.
pub(super) struct Conv<'a> {
    pub(super) fsf: &'a Fsf,
    pub(super) files: u8,
    pub(super) ranks: u8,
}

impl Conv<'_> {
    /// A refusal naming where `key` was set (its default when it was not).
    pub(super) fn refuse(&self, key: &str, reason: impl Into<String>) -> Refusal {
        match self.fsf.src(key) {
            Some(src) => self.refuse_at(src, key, reason),
            None => Refusal::new(&self.fsf.name, 0, key, format!("{} (Fairy-Stockfish's default)", reason.into())),
        }
    }

    pub(super) fn refuse_at(&self, src: &Src, key: &str, reason: impl Into<String>) -> Refusal {
        let section = match src.origin {
            super::resolve::Origin::File => src.section.clone(),
            super::resolve::Origin::Builtin => format!("built-in {}", src.section),
        };
        Refusal::new(&section, src.line, key, reason.into())
    }

    pub(super) fn bool(&self, key: &str, default: bool) -> Result<bool, Refusal> {
        match self.fsf.value(key) {
            None => Ok(default),
            Some((v, _)) if v == "true" => Ok(true),
            Some((v, _)) if v == "false" => Ok(false),
            Some((v, _)) => Err(self.refuse(key, format!("`{v}` is not true or false"))),
        }
    }

    pub(super) fn int(&self, key: &str, default: i64) -> Result<i64, Refusal> {
        match self.fsf.value(key) {
            None => Ok(default),
            Some((v, _)) => v.parse().map_err(|_| self.refuse(key, format!("`{v}` is not a number"))),
        }
    }

    /// A game value (`win`, `loss`, `draw`, `none`) as Chimera's verdict.
    pub(super) fn verdict(&self, key: &str, default: &str) -> Result<Option<&'static str>, Refusal> {
        let v = self.fsf.value(key).map(|(v, _)| v.as_str()).unwrap_or(default);
        match v {
            "win" => Ok(Some("win")),
            "loss" => Ok(Some("loss")),
            "draw" => Ok(Some("draw")),
            "none" => Ok(None),
            _ => Err(self.refuse(key, format!("`{v}` is not win, loss, draw or none"))),
        }
    }

    /// A file as Fairy-Stockfish reads it: a number from 1 or a letter from `a`; 0-based.
    pub(super) fn file(&self, key: &str, default: u8) -> Result<u8, Refusal> {
        let Some((v, _)) = self.fsf.value(key) else { return Ok(default) };
        let f = match v.parse::<u8>() {
            Ok(n) if n >= 1 => Some(n - 1),
            Ok(_) => None,
            Err(_) => v.chars().next().filter(|c| c.is_ascii_lowercase()).map(|c| c as u8 - b'a'),
        };
        f.filter(|f| *f < 12).ok_or_else(|| self.refuse(key, format!("`{v}` is not a file")))
    }

    /// A square set in Fairy-Stockfish's syntax (`*1` a rank, `a*` a file, `e4`), or the
    /// default; squares off the board are dropped, as they are for Fairy-Stockfish.
    pub(super) fn region(&self, key: &str, default: impl Fn(u8, u8) -> bool) -> Result<Squares, Refusal> {
        let all = (0..self.files).flat_map(|f| (0..self.ranks).map(move |r| (f, r)));
        let Some((v, _)) = self.fsf.value(key) else { return Ok(all.filter(|&(f, r)| default(f, r)).collect()) };
        let mut set = Squares::new();
        let bad = || self.refuse(key, format!("`{v}` is not a list of squares"));
        for sym in v.split_whitespace() {
            if sym == "-" {
                break;
            }
            let b = sym.as_bytes();
            if let Some(rank) = sym.strip_prefix('*') {
                let r: u8 = rank.parse().map_err(|_| bad())?;
                set.extend((0..self.files).map(|f| (f, r.wrapping_sub(1))));
            } else if b.len() == 2 && b[1] == b'*' && b[0].is_ascii_alphabetic() {
                let f = b[0].to_ascii_lowercase() - b'a';
                set.extend((0..self.ranks).map(|r| (f, r)));
            } else if b.len() > 1 && b[0].is_ascii_alphabetic() {
                let r: u8 = sym[1..].parse().map_err(|_| bad())?;
                set.insert((b[0].to_ascii_lowercase() - b'a', r.wrapping_sub(1)));
            } else {
                return Err(bad());
            }
        }
        Ok(set.into_iter().filter(|&(f, r)| f < self.files && r < self.ranks).collect())
    }

    /// White's and Black's regions as one list of own ranks (1 = each side's first), or a
    /// refusal when they are not whole ranks or not mirror images of each other.
    pub(super) fn own_ranks(&self, white_key: &str, black_key: &str, white: Squares, black: Squares) -> Result<Vec<u8>, Refusal> {
        let whole = |set: &Squares, key: &str| -> Result<BTreeSet<u8>, Refusal> {
            let ranks: BTreeSet<u8> = set.iter().map(|&(_, r)| r).collect();
            if ranks.iter().any(|&r| (0..self.files).any(|f| !set.contains(&(f, r)))) {
                return Err(self.refuse(key, "a region of single squares (Chimera's regions are whole ranks)"));
            }
            Ok(ranks)
        };
        let w: BTreeSet<u8> = whole(&white, white_key)?.iter().map(|r| r + 1).collect();
        let b: BTreeSet<u8> = whole(&black, black_key)?.iter().map(|r| self.ranks - r).collect();
        if w != b {
            return Err(self.refuse(
                black_key,
                format!("White's own ranks {w:?} and Black's {b:?} differ (Chimera's regions are the same for both sides)"),
            ));
        }
        Ok(w.into_iter().collect())
    }

    /// White's and Black's piece list, which Chimera needs to be the same.
    pub(super) fn list(&self, key: &str, default: &[&str]) -> Result<PieceList, Refusal> {
        let (w, ws) = self.fsf.list(key, "White", default);
        let (b, bs) = self.fsf.list(key, "Black", default);
        if w != b {
            let src = bs.or(ws).expect("the defaults agree");
            return Err(self.refuse_at(&src, key, "White's and Black's pieces differ (Chimera's lists are shared)"));
        }
        Ok(w)
    }

    pub(super) fn names(&self, key: &str, default: &[&str]) -> Result<Vec<String>, Refusal> {
        Ok(self.names_in(&self.list(key, default)?))
    }

    /// The variant's pieces a list names, in the variant's order.
    pub(super) fn names_in(&self, list: &PieceList) -> Vec<String> {
        let named = |name: &String| match list {
            PieceList::All => true,
            PieceList::Some(set) => set.contains(name),
        };
        self.fsf.pieces.values().filter(|p| named(&p.name)).map(|p| p.name.clone()).collect()
    }
}

/// A square's name (`a1`) from 0-based file and rank.
pub(super) fn square(f: u8, r: u8) -> String {
    format!("{}{}", (b'a' + f) as char, r + 1)
}

pub(super) fn strings<I: IntoIterator<Item = S>, S: Into<String>>(items: I) -> Value {
    Value::Array(items.into_iter().map(|s| Value::String(s.into())).collect())
}

pub(super) fn ints(items: &[u8]) -> Value {
    Value::Array(items.iter().map(|&r| Value::Integer(r.into())).collect())
}
