//! What a ruleset section's compile step needs from the rest of the ruleset: where to
//! report, the board, and the piece names (in table order, so a name's index is its
//! [`PieceType`]).

use serde::Deserialize;
use toml::Spanned;

use super::error::RulesetError;
use super::source::Reporter;
use crate::rules::{Region, Verdict};
use crate::types::{ByColor, Geometry, PieceType, Square};

/// The context of one ruleset's sections.
pub(crate) struct Context<'a> {
    pub r: &'a Reporter<'a>,
    pub g: Geometry,
    pub names: Vec<&'a String>,
    /// The board's wall squares (the start position's `*`), where no region may lie.
    pub walls: Vec<Square>,
}

/// A value a ruleset may give as a list or as a table: `List` or `Table`, read by hand,
/// not with `#[serde(untagged)]`, which buffers its input and loses the positions
/// (`Spanned`) that errors point at.
pub(crate) enum ListOrTable<L, T> {
    List(L),
    Table(T),
}

impl<'de, L: Deserialize<'de>, T: Deserialize<'de>> Deserialize<'de> for ListOrTable<L, T> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visitor<L, T>(std::marker::PhantomData<(L, T)>);
        impl<'de, L: Deserialize<'de>, T: Deserialize<'de>> serde::de::Visitor<'de> for Visitor<L, T> {
            type Value = ListOrTable<L, T>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list or a table (the README gives both forms)")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
                Deserialize::deserialize(serde::de::value::SeqAccessDeserializer::new(seq)).map(ListOrTable::List)
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                Deserialize::deserialize(serde::de::value::MapAccessDeserializer::new(map)).map(ListOrTable::Table)
            }
        }
        d.deserialize_any(Visitor(std::marker::PhantomData))
    }
}

/// A list of names given for both sides alike (`[...]`), or one per side
/// (`{ white = [...], black = [...] }`): pieces to promote to, squares of a region.
pub(crate) type SideLists = ListOrTable<Vec<Spanned<String>>, RawSideLists>;

/// [`SideLists`]' table: White's list and Black's.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawSideLists {
    pub white: Vec<Spanned<String>>,
    pub black: Vec<Spanned<String>>,
}

impl Context<'_> {
    /// The type named by `s`, or an error at `key` listing the pieces.
    pub fn type_of(&self, s: &Spanned<String>, key: &str) -> Result<PieceType, RulesetError> {
        self.names
            .iter()
            .position(|n| *n == s.get_ref())
            .map(|i| PieceType::new(i as u8))
            .ok_or_else(|| self.r.span(s, key, format!("`{}` is not a piece of this variant (pieces: {})", s.get_ref(), self.piece_list())))
    }
    /// The type named by a table key `name` (`buy = { queen = 9 }`), or an error at
    /// `at`, the key's value, listing the pieces.
    pub fn type_named<T>(&self, name: &str, at: &Spanned<T>, key: &str) -> Result<PieceType, RulesetError> {
        self.names
            .iter()
            .position(|n| *n == name)
            .map(|i| PieceType::new(i as u8))
            .ok_or_else(|| self.r.span(at, key, format!("`{name}` is not a piece of this variant (pieces: {})", self.piece_list())))
    }
    /// The types named by a list of names.
    pub fn types_of(&self, v: &[Spanned<String>], key: &str) -> Result<Vec<PieceType>, RulesetError> {
        v.iter().map(|s| self.type_of(s, key)).collect()
    }
    /// Every piece name, comma-separated (for error messages).
    pub fn piece_list(&self) -> String {
        self.names.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
    }
    /// Own ranks as written (from 1) made 0-based, or an error if one is off the board.
    pub fn ranks(&self, at: &Spanned<Vec<u8>>, key: &str) -> Result<Region, RulesetError> {
        at.get_ref()
            .iter()
            .map(|&rank| {
                if rank == 0 || rank > self.g.ranks {
                    Err(self.r.span(
                        at,
                        key,
                        format!(
                            "rank {rank} is not on a board with {} ranks (ranks count from 1, the player's own first rank)",
                            self.g.ranks
                        ),
                    ))
                } else {
                    Ok(rank - 1)
                }
            })
            .collect::<Result<_, _>>()
            .map(Region::from_ranks)
    }
    /// A region's squares listed one by one: White's, with Black's mirrored (`[...]`), or
    /// each side's own (`{ white = [...], black = [...] }`); each on the board and not a wall.
    pub fn region_squares(&self, lists: &SideLists, key: &str) -> Result<ByColor<Vec<Square>>, RulesetError> {
        let side = |names: &[Spanned<String>], key: &str| -> Result<Vec<Square>, RulesetError> {
            names.iter().map(|s| self.square(s, key)).collect()
        };
        match lists {
            ListOrTable::List(names) => {
                let white = side(names, key)?;
                let black = white.iter().map(|&sq| self.g.mirror(sq)).collect();
                Ok(ByColor::new(white, black))
            }
            ListOrTable::Table(sides) => {
                Ok(ByColor::new(side(&sides.white, &format!("{key}.white"))?, side(&sides.black, &format!("{key}.black"))?))
            }
        }
    }
    /// One square of a region: on the board, and not a wall.
    fn square(&self, s: &Spanned<String>, key: &str) -> Result<Square, RulesetError> {
        let text = s.get_ref().trim();
        let last = self.g.square_name(self.g.square(self.g.files - 1, self.g.ranks - 1));
        let sq = self
            .g
            .parse_square(text)
            .ok_or_else(|| self.r.span(s, key, format!("`{text}` is not a square of this board (a1 to {last})")))?;
        if self.walls.contains(&sq) {
            return Err(self.r.span(s, key, format!("`{text}` is a wall square (`*` in the start position): no piece can stand there")));
        }
        Ok(sq)
    }
    /// Squares named by a list of absolute places: a square (`e5`), a whole rank
    /// (`rank 8`, counted from White's side) or a whole file (`file a`), each checked
    /// against the board.
    pub fn squares(&self, at: &[Spanned<String>], key: &str) -> Result<Vec<Square>, RulesetError> {
        let mut squares = Vec::new();
        for s in at {
            let text = s.get_ref().trim();
            if let Some(file) = text.strip_prefix("file ") {
                let last = (b'a' + self.g.files - 1) as char;
                match file.trim().as_bytes() {
                    [f] if (b'a'..b'a' + self.g.files).contains(f) => squares.extend((0..self.g.ranks).map(|r| self.g.square(f - b'a', r))),
                    _ => {
                        return Err(self.r.span(
                            s,
                            key,
                            format!("`{text}` is not a file of a board with {} files (`file a` to `file {last}`)", self.g.files),
                        ))
                    }
                }
            } else if let Some(rank) = text.strip_prefix("rank ") {
                match rank.trim().parse::<u8>() {
                    Ok(r) if (1..=self.g.ranks).contains(&r) => squares.extend((0..self.g.files).map(|f| self.g.square(f, r - 1))),
                    _ => {
                        return Err(self.r.span(
                            s,
                            key,
                            format!("`{text}` is not a rank of a board with {} ranks (`rank 1` to `rank {}`)", self.g.ranks, self.g.ranks),
                        ))
                    }
                }
            } else {
                match self.g.parse_square(text) {
                    Some(sq) => squares.push(sq),
                    None => {
                        return Err(self.r.span(
                            s,
                            key,
                            format!(
                                "`{text}` is neither a square of this board (a1 to {}) nor a whole rank (`rank 1`) or file (`file a`)",
                                self.g.square_name(self.g.square(self.g.files - 1, self.g.ranks - 1))
                            ),
                        ))
                    }
                }
            }
        }
        Ok(squares)
    }
}

/// A verdict as the `[end]` keys write it (`"win"`, `"loss"`, `"draw"`), for every
/// ending that takes one.
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum RawVerdict {
    Win,
    Loss,
    Draw,
}

impl From<RawVerdict> for Verdict {
    fn from(v: RawVerdict) -> Verdict {
        match v {
            RawVerdict::Win => Verdict::Win,
            RawVerdict::Loss => Verdict::Loss,
            RawVerdict::Draw => Verdict::Draw,
        }
    }
}
