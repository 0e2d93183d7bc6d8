//! The `chimera` library's own tests, one module per file they test, here rather than as
//! unit tests beside the code: a unit-test harness would compile the library a second time
//! (`Cargo.toml`: `[lib] test = false`). They use the public API, and `chimera::testing`
//! (hidden) for the few crate-private functions they check.

mod cases;
mod files;
mod ini_betza;
mod ini_parse;
mod ini_resolve;
mod movement;
