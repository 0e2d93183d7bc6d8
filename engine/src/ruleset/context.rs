//! What a ruleset section's compile step needs from the rest of the ruleset: where to
//! report, the board, and the piece names (in table order, so a name's index is its
//! [`PieceType`]).

use toml::Spanned;

use super::error::RulesetError;
use super::source::Reporter;
use crate::rules::Region;
use crate::types::{Geometry, PieceType, Square};

/// The context of one ruleset's sections.
pub(crate) struct Context<'a> {
    pub r: &'a Reporter<'a>,
    pub g: Geometry,
    pub names: Vec<&'a String>,
}

impl Context<'_> {
    /// The type named by `s`, or an error at `key` listing the pieces.
    pub fn type_of(&self, s: &Spanned<String>, key: &str) -> Result<PieceType, RulesetError> {
        self.names
            .iter()
            .position(|n| *n == s.get_ref())
            .map(|i| i as PieceType)
            .ok_or_else(|| self.r.span(s, key, format!("`{}` is not a piece of this variant (pieces: {})", s.get_ref(), self.piece_list())))
    }
    /// The type named by a table key `name` (`buy = { queen = 9 }`), or an error at
    /// `at`, the key's value, listing the pieces.
    pub fn type_named<T>(&self, name: &str, at: &Spanned<T>, key: &str) -> Result<PieceType, RulesetError> {
        self.names
            .iter()
            .position(|n| *n == name)
            .map(|i| i as PieceType)
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
                        format!("rank {rank} is not on a board with {} ranks (ranks count from 1, the player's own first rank)", self.g.ranks),
                    ))
                } else {
                    Ok(rank - 1)
                }
            })
            .collect::<Result<_, _>>()
            .map(Region::from_ranks)
    }
    /// Squares named by a list of absolute places: a square (`e5`) or a whole rank
    /// (`rank 8`, counted from White's side), each checked against the board.
    pub fn squares(&self, at: &[Spanned<String>], key: &str) -> Result<Vec<Square>, RulesetError> {
        let mut squares = Vec::new();
        for s in at {
            let text = s.get_ref().trim();
            if let Some(rank) = text.strip_prefix("rank ") {
                match rank.trim().parse::<u8>() {
                    Ok(r) if (1..=self.g.ranks).contains(&r) => squares.extend((0..self.g.files).map(|f| self.g.square(f, r - 1))),
                    _ => return Err(self.r.span(s, key, format!("`{text}` is not a rank of a board with {} ranks (`rank 1` to `rank {}`)", self.g.ranks, self.g.ranks))),
                }
            } else {
                match self.g.parse_square(text) {
                    Some(sq) => squares.push(sq),
                    None => return Err(self.r.span(s, key, format!("`{text}` is neither a square of this board (a1 to {}) nor a whole rank (`rank 1`)", self.g.square_name(self.g.square(self.g.files - 1, self.g.ranks - 1))))),
                }
            }
        }
        Ok(squares)
    }
}
