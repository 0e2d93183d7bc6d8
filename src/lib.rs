//! Chimera: a rules engine for chess variants defined in TOML.
//!
//! This crate is the facade: the kernel ([`chimera_engine`]) re-exported, plus the
//! built-in rulesets ([`chimera_variants`]).

pub use chimera_engine::*;
pub use chimera_variants as variants;

pub mod cases;
pub mod files;
pub mod game;
pub mod ini;
pub mod movement;
pub mod pgn;
pub mod snapshot;
pub mod two_boards;

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The book's Rust page, its examples compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/src/rust.md")]
struct BookRustExamples;
