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

/// Crate-private items for the library's tests in `tests/it/lib_units/`, which replace its
/// unit tests so that the release test build compiles the library once, not twice
/// (`Cargo.toml`: `[lib] test = false`); with the engine's (`chimera_engine::testing`),
/// which this module would otherwise hide. For the tests alone: no part of the API.
#[doc(hidden)]
pub mod testing {
    pub use chimera_engine::testing::*;

    /// Of `cases`.
    pub mod cases {
        /// The text after a snapshot's metadata header, if it has one.
        pub fn body(text: &str) -> &str {
            crate::cases::body(text)
        }
        /// The lines only one side has, in order: `-` the old, `+` the new.
        pub fn diff(old: &str, new: &str) -> String {
            crate::cases::diff(old, new)
        }
    }

    /// Of `movement`.
    pub mod movement {
        use chimera_engine::betza::Direction;

        /// One clause per kind of move.
        pub fn describe_directions(directions: &[Direction]) -> Vec<String> {
            crate::movement::describe_directions(directions)
        }
    }
}

/// The README's Rust examples, compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeExamples;

/// The book's Rust page, its examples compiled and run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../docs/src/rust.md")]
struct BookRustExamples;
