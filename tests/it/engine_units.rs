//! The engine's own tests, one module per engine file they test, here rather than as unit
//! tests beside the code: a unit-test harness would compile the whole engine a second time
//! (`engine/Cargo.toml`: `test = false`). They use the public API, and `chimera::testing`
//! (the engine's `#[doc(hidden)]` module) for the few crate-private items they check.

mod betza;
mod bitboard;
mod drops;
mod lines;
mod moves;
mod movetext;
mod rules;
mod sliders;
mod suggest;
mod types;
mod variant;
