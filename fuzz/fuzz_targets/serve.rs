//! `chimera serve` on any sequence of request lines, in process: every line is answered
//! with one JSON response line, and nothing panics (a panic in the engine would be
//! caught and answered `internal`: that counts as a crash here too).
#![no_main]
#![allow(dead_code)]

use clap::Parser;
use libfuzzer_sys::fuzz_target;

// The CLI is the binary's, not the library's: its sources are compiled in here.
#[path = "../../src/cli/mod.rs"]
mod cli;

#[derive(Parser)]
struct Serve {
    #[command(flatten)]
    args: cli::serve::Args,
}

fuzz_target!(|data: &[u8]| {
    // Small budgets: a fuzzer's input should take milliseconds.
    let serve = Serve::parse_from([
        "serve",
        "--request-millis=50",
        "--max-perft-depth=3",
        "--max-games=64",
        "--max-plies=256",
        "--max-variant-bytes=1000000",
        "--max-line-bytes=65536",
    ]);
    let mut out = Vec::new();
    cli::serve::run_on(&serve.args, data, &mut out).expect("writes to memory");
    let requests = data.split(|&b| b == b'\n').filter(|l| !l.iter().all(u8::is_ascii_whitespace)).count();
    let text = String::from_utf8(out).expect("responses are UTF-8");
    let mut answered = 0;
    for line in text.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap_or_else(|e| panic!("not JSON ({e}): {line}"));
        assert!(v["ok"].is_boolean(), "{line}");
        assert_ne!(v["error"]["code"], "internal", "{line}");
        answered += 1;
    }
    // A `quit` ends the session early; otherwise every request has its answer.
    assert!(answered <= requests, "{answered} answers to {requests} requests");
    if !text.contains(r#""ok":true}"#) {
        assert_eq!(answered, requests);
    }
});
