//! Every integration test, in one binary: the release test build links (with LTO) once
//! instead of once per file. Run one file's tests with `cargo test --release --test it <module>::`.

mod atomic;
mod cases;
mod chess960;
mod cli;
mod conditions;
mod counting;
mod docs;
mod extends;
mod flips;
mod fsf_suite;
mod fuzz_parsers;
mod game_over;
mod hardening;
mod import_ini;
mod janggi;
mod mischia;
mod mitred;
mod movement_rules;
mod mystic;
mod n_check;
mod notation;
mod pass;
mod perft;
mod perpetual;
mod pocket_mutation;
mod properties;
mod reference_movegen;
mod ruleset_errors;
mod serve;
mod shoshogi;
mod sittuyin;
mod soak;
mod turns;
mod walls;
mod web;
