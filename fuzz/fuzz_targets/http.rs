//! `chimera web`'s whole HTTP path on any bytes sent on one connection, in memory: hyper's
//! parser, the Host and Origin checks, the routes and the API. Every input gets an answer
//! or a closed connection; nothing panics.
#![no_main]
#![allow(dead_code)]

use std::sync::OnceLock;

use clap::Parser;
use libfuzzer_sys::fuzz_target;

// The CLI is the binary's, not the library's: its sources are compiled in here.
#[path = "../../src/cli/mod.rs"]
mod cli;

#[derive(Parser)]
struct Web {
    #[command(flatten)]
    args: cli::web::Args,
}

fuzz_target!(|data: &[u8]| {
    static WEB: OnceLock<Web> = OnceLock::new();
    // Small budgets: a fuzzer's input should take milliseconds.
    let web = WEB.get_or_init(|| {
        Web::parse_from([
            "web",
            "--port=8080",
            "--request-millis=50",
            "--max-perft-depth=3",
            "--max-variant-bytes=1000000",
            "--max-request-bytes=65536",
        ])
    });
    let answer = cli::web::answer_bytes(&web.args, data);
    // hyper answers an HTTP/1.0 request in HTTP/1.0 (found by this target: `PRI * HTTP/1.0`).
    assert!(
        answer.is_empty() || answer.starts_with(b"HTTP/1.1 ") || answer.starts_with(b"HTTP/1.0 "),
        "{}",
        String::from_utf8_lossy(&answer)
    );
});
