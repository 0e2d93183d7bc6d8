//! Chimera's kernel: chess variants defined in TOML, with exact legal move generation.
//!
//! ```
//! let text = r#"
//! name = "tiny"
//! board = { files = 4, ranks = 4 }
//! start = "k3/4/4/3K w - - 0 1"
//! [pieces.king]
//! letter = "K"
//! betza = "K"
//! royal = true
//! "#;
//! let variant = chimera_engine::Variant::from_toml(text, "tiny.toml").unwrap();
//! let mut pos = variant.start();
//! assert_eq!(pos.perft(1), 3);
//! ```
//!
//! The kernel never names a variant: everything a variant is comes from its ruleset.

#![forbid(unsafe_code)]

pub mod betza;
mod bitboard;
mod features;
mod fen;
mod host;
pub mod module;
mod movegen;
mod moves;
pub mod movetext;
mod notation;
mod outcome;
mod position;
mod refusal;
pub mod rules;
pub mod ruleset;
mod tables;
mod types;
mod variant;

pub use bitboard::{Bitboard, Squares, Wide};
pub use fen::{FenError, FenField};
pub use moves::{Action, Move, MoveKind};
pub use outcome::{EndReason, Outcome};
pub use refusal::{IllegalCode, MoveError};
pub use rules::Rules;
pub use ruleset::{RelativePaths, Resolve, RulesetError, Source};
pub use types::{Color, Geometry, Piece, PieceType, Square, MAX_PIECE_TYPES, MAX_SIDE, MIN_SIDE};
pub use variant::{Position, Variant};
