//! Soak test of `chimera serve` (issue 12): a million mixed requests from one client,
//! valid and hostile, one round trip at a time, with the server's RSS sampled. No crash,
//! every response one well-formed JSON line with `ok`, memory bounded by the limits.
//!
//! `cargo test --release --test soak -- --ignored --nocapture` (`SOAK_REQUESTS=n` for
//! fewer); it prints the request count, peak RSS and latency percentiles.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::time::Instant;

use serde_json::{json, Value};

fn rss_kb(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status.lines().find_map(|l| l.strip_prefix("VmRSS:")).and_then(|v| v.split_whitespace().next()?.parse().ok()).unwrap_or(0)
}

/// The `n`-th request of the mix: games opened, played, listed and closed, rulesets
/// loaded (some too large, some broken), perft, and garbage of every kind.
fn request(n: u64, game: &str) -> String {
    let tiny = format!("name = \"t{}\"\nboard = {{ files = 4, ranks = 4 }}\nstart = \"k3/4/4/3K w - - 0 1\"\n[pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n", n % 300);
    let huge_betza: String = (2..256).map(|r| format!("W{r}F{r}N{r}C{r}Z{r}")).collect();
    let moves = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"];
    match n % 20 {
        0 => {
            let variant = ["chess", "crazyhouse", "mystic", "pocket-mutation", "atomic"][(n / 20 % 5) as usize];
            json!({"id": n, "op": "open", "variant": variant}).to_string()
        }
        1..=4 => json!({"id": n, "op": "play", "game": game, "move": moves[(n % 10) as usize]}).to_string(),
        5 => json!({"id": n, "op": "moves", "game": game}).to_string(),
        6 => json!({"id": n, "op": "validate", "game": game, "move": "Qxh7#"}).to_string(),
        7 => json!({"id": n, "op": "undo", "game": game, "plies": 1}).to_string(),
        8 => json!({"id": n, "op": "perft", "game": game, "depth": 2}).to_string(),
        9 => json!({"id": n, "op": "load", "toml": tiny}).to_string(),
        10 => json!({"id": n, "op": "load", "toml": format!("name = \"big\"\nboard = {{ files = 16, ranks = 16 }}\nstart = \"k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1\"\n[pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n[pieces.m]\nletter = \"M\"\nbetza = \"{huge_betza}\"\n")}).to_string(),
        11 => json!({"id": n, "op": "load", "toml": "name = \"x\"\nboard = { files = 4, ranks = 4 }\nstart = \"k3/4/4/3K w - - 0 1\"\n[pieces.king]\nletter = \"K\"\nbetza = \"Kx\"\n"}).to_string(),
        12 => json!({"id": n, "op": "variants"}).to_string(),
        13 => json!({"id": n, "op": "position", "game": game}).to_string(),
        14 => format!("{{\"id\":{n},\"op\":\"open\",\"op\":\"quit\"}}"),
        15 => ["garbage", "[[[[", "{\"op\":", "\u{1b}[31m", "{\"op\":\"dance\"}", "null"][(n / 20 % 6) as usize].to_string(),
        16 => json!({"id": n, "op": "open", "variant": "chess", "fen": "4k3/8/8/3p4/4P3/8/8/4K3[255P] w - - 0 4294967295"}).to_string(),
        17 => json!({"id": n, "op": "play", "game": "g999999999", "move": "e4"}).to_string(),
        18 => "x".repeat(2 << 20),
        _ => json!({"id": n, "op": "close", "game": game}).to_string(),
    }
}

#[test]
#[ignore = "long: a million requests (SOAK_REQUESTS=n for fewer)"]
fn a_million_mixed_requests() {
    let count: u64 = std::env::var("SOAK_REQUESTS").ok().and_then(|v| v.parse().ok()).unwrap_or(1_000_000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(["serve", "--request-millis", "200", "--max-games", "1000"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id();
    let mut stdin = child.stdin.take().unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let (mut peak, mut latencies, mut game) = (0u64, Vec::with_capacity(count as usize), "g1".to_string());
    let mut line = String::new();
    for n in 0..count {
        let text = request(n, &game);
        let started = Instant::now();
        stdin.write_all(text.as_bytes()).unwrap();
        stdin.write_all(b"\n").unwrap();
        stdin.flush().unwrap();
        line.clear();
        assert!(stdout.read_line(&mut line).unwrap() > 0, "the server died at request {n}");
        latencies.push(started.elapsed());
        let r: Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("request {n}: not JSON ({e}): {line}"));
        assert!(r["ok"].is_boolean(), "request {n}: {line}");
        assert_ne!(r["error"]["code"], "internal", "request {n}: {line}");
        if let Some(g) = r["game"].as_str().filter(|_| n % 20 == 0) {
            game = g.to_string();
        }
        if n % 1000 == 0 {
            peak = peak.max(rss_kb(pid));
        }
    }
    drop(stdin);
    assert!(child.wait().unwrap().success());
    latencies.sort();
    let at = |q: f64| latencies[((latencies.len() as f64 * q) as usize).min(latencies.len() - 1)];
    println!("soak: {count} requests, peak RSS {} MB, median {:?}, p99 {:?}, max {:?}", peak / 1024, at(0.5), at(0.99), at(1.0));
    // Far below the limits' bound (games: 1000 x 6 KB and their moves; variants: 256 MiB).
    assert!(peak < 400 * 1024, "peak RSS {peak} KB");
}
