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

pub mod betza;
pub mod bitboard;
mod features;
pub mod fen;
mod host;
pub mod module;
pub mod movegen;
pub mod moves;
pub mod movetext;
pub mod notation;
pub mod outcome;
pub mod position;
pub mod refusal;
pub mod rules;
pub mod ruleset;
pub mod tables;
pub mod types;
mod variant;

pub use bitboard::{Bitboard, Wide};
pub use fen::{FenError, FenField};
pub use moves::{Move, MoveKind};
pub use refusal::{IllegalCode, MoveError};
pub use outcome::{EndReason, Outcome};
pub use rules::Rules;
pub use ruleset::RulesetError;
pub use types::{Color, Geometry, Piece, PieceType, Square};
pub use variant::{Position, Variant};
