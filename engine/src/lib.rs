//! Chimera's kernel: chess variants defined in TOML, with exact legal move generation.
//!
//! A variant is a ruleset: board size, pieces (moves in Betza notation), start position,
//! promotion, castling, drops, end rules. [`Variant::from_toml`] compiles one; the
//! `chimera-variants` crate has the built-in rulesets ready to load by name. A
//! [`Position`] of it lists its legal [`Move`]s, reads and writes them in SAN and long
//! algebraic notation, plays and takes them back, and says when the game is over.
//! Everything that can be refused comes back as a typed error ([`RulesetError`],
//! [`FenError`], [`MoveError`]), so `?` works throughout.
//!
//! ```
//! use chimera_engine::{Action, Color, EndReason, IllegalCode, Square, Variant};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // Gardner's minichess: chess on 5x5, without castling or double steps.
//! let ruleset = r#"
//! name = "gardner"
//! board = { files = 5, ranks = 5 }
//! start = "rnbqk/ppppp/5/PPPPP/RNBQK w - - 0 1"
//! [pieces.king]
//! letter = "K"
//! betza = "K"
//! royal = true
//! [pieces.queen]
//! letter = "Q"
//! betza = "Q"
//! [pieces.rook]
//! letter = "R"
//! betza = "R"
//! [pieces.bishop]
//! letter = "B"
//! betza = "B"
//! [pieces.knight]
//! letter = "N"
//! betza = "N"
//! [pieces.pawn]
//! letter = "P"
//! betza = "fmWfcF"
//! pawn = true
//! promotion = { ranks = [5], to = ["queen", "rook", "bishop", "knight"], policy = "mandatory" }
//! [end]
//! checkmate = "loss"
//! stalemate = "draw"
//! move_rule = 50
//! move_rule_reset = ["capture", "pawn"]
//! "#;
//! // The file name only labels errors (and finds the bases of an `extends`).
//! let variant = Variant::from_toml(ruleset, "gardner.toml")?;
//! let mut pos = variant.start();
//! assert_eq!(pos.turn(), Color::White);
//! assert_eq!(pos.legal_moves().len(), 7);
//!
//! // Moves as text: SAN or long algebraic, checked against the legal moves.
//! let m = pos.parse_move("Nc3")?;
//! assert_eq!(pos.uci(m), "b1c3");
//! // Squares are numbered rank by rank from a1 (on 5x5, b1 is 1 and c3 is 12); the
//! // board's geometry names them.
//! let g = variant.geometry();
//! assert_eq!(m.action(), Action::Step { from: Square::new(1), to: Square::new(12), promotion: None });
//! assert_eq!((g.square_name(m.from), g.parse_square("c3")), ("b1".to_string(), Some(m.to)));
//! pos.play(m)?;
//! let reply = pos.play_str("e3")?;
//! assert_eq!(pos.fen(), "rnbqk/pppp1/2N1p/PPPPP/R1BQK w - - 0 2");
//!
//! // Every legal move with both spellings, sorted by the long form.
//! let listed = pos.moves_with_notation();
//! assert!(listed.iter().any(|(_, uci, san)| uci == "d2e3" && san == "dxe3"));
//!
//! // A refused move says why, with a stable code for programs.
//! let err = pos.parse_move("Ke3").unwrap_err();
//! assert_eq!(err.code, IllegalCode::PieceCannotMoveThere);
//!
//! // Undo takes moves back, last first.
//! assert_eq!(pos.undo(), Some(reply));
//! assert_eq!(pos.undo(), Some(m));
//! assert_eq!(pos.fen(), variant.start().fen());
//!
//! // A position from FEN, and the end of a game.
//! let mut pos = variant.position("k4/5/1K3/5/2Q2 w - - 0 1")?;
//! assert!(pos.outcome().is_none());
//! pos.play_str("Qc5#")?;
//! let outcome = pos.outcome().expect("mate");
//! assert_eq!((outcome.winner, outcome.reason), (Some(Color::White), EndReason::Checkmate));
//! assert_eq!(outcome.to_string(), "1-0 white wins by checkmate");
//! assert!(pos.legal_moves().is_empty());
//!
//! // Bad input is an error value, never a panic.
//! assert!(variant.position("k4/5/9/5/4K w - - 0 1").is_err());
//! assert!(Variant::from_toml("name = 3", "bad.toml").is_err());
//! # Ok(())
//! # }
//! ```
//!
//! The kernel never names a variant: everything a variant is comes from its ruleset.
//! Rule modules (see [`module`]) add what a ruleset cannot say as data.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod betza;
mod bitboard;
mod castle_layout;
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
mod reach;
mod refusal;
pub mod rules;
pub mod ruleset;
mod sliders;
mod tables;
// Crate-private items for the engine's tests in `tests/it/engine_units/`, which replace
// its unit tests so that the release test build compiles the engine once, not twice.
#[doc(hidden)]
pub mod testing;
mod types;
mod variant;

pub use bitboard::{Bitboard, Squares, Wide};
pub use castle_layout::{CastlingLetters, CastlingMode};
pub use features::claims::Claim;
pub use fen::{FenError, FenField, FenStyle};
pub use moves::{Action, Move, MoveKind};
pub use notation::Notation;
pub use outcome::{EndReason, Outcome};
pub use reach::Way;
pub use refusal::{IllegalCode, MoveError};
pub use rules::{Rules, Symbol, Threshold};
pub use ruleset::{RelativePaths, Resolve, RulesetError, Source, TableSize};
pub use types::{ByColor, Color, Geometry, Piece, PieceSet, PieceSetIter, PieceType, Square, MAX_PIECE_TYPES, MAX_SIDE, MIN_SIDE};
pub use variant::{Plan, Position, Variant};
