//! What a ruleset section's compile step needs from the rest of the ruleset: where to
//! report, the board, and the piece names (in table order, so a name's index is its
//! [`PieceType`]).

use toml::Spanned;

use super::error::RulesetError;
use super::source::Reporter;
use crate::rules::Region;
use crate::types::{Geometry, PieceType};

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
}
