//! The search's tests (`chimera-search`), here rather than as unit tests beside its code:
//! a unit-test harness would compile the crate a second time (`search/Cargo.toml`:
//! `test = false`). They use its public API alone.

mod search;
mod uci;
