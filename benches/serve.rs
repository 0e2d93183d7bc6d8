//! The round trip of one `validate` request, and of one `moves` request (the move list
//! with its SAN), through `chimera serve`, from a client process: `cargo bench --bench serve`.
//!
//! Spawns the optimised `chimera` binary, then sends requests one at a time, each
//! written and flushed only after the previous response line has been read, and prints
//! the median, p99, mean and worst time per call. The target is a median under 50 µs
//! (for `validate`).
//! Then, for scale, the same request pipelined (batches of 256 written at once, then
//! their responses read): the server's own cost per request, without the wake-ups.
//! `SERVE_BENCH_CALLS` sets the number of timed calls per workload (default 20000).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

/// (name, variant, FEN, move to validate, whether it is legal)
const WORKLOADS: &[(&str, &str, &str, &str, bool)] = &[
    ("chess start, legal Nf3", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "Nf3", true),
    ("kiwipete, legal O-O", "chess", KIWIPETE, "O-O", true),
    ("kiwipete, illegal Nf5", "chess", KIWIPETE, "Nf5", false),
    ("crazyhouse, full hands, legal N@e5", "crazyhouse", CRAZYHOUSE, "N@e5", true),
];

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const BATCH: usize = 256;

struct Client {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    line: String,
}

impl Client {
    fn start() -> Client {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg("serve")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("chimera serve starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Client { child, stdin, stdout, line: String::new() }
    }

    /// Writes `requests` (whole lines) and reads `responses` lines; the last one read.
    fn send(&mut self, requests: &str, responses: usize) -> &str {
        self.stdin.write_all(requests.as_bytes()).unwrap();
        self.stdin.flush().unwrap();
        for _ in 0..responses {
            self.line.clear();
            assert!(self.stdout.read_line(&mut self.line).unwrap() > 0, "the server went away");
        }
        &self.line
    }
}

fn micros(d: Duration) -> String {
    format!("{:.1} µs", d.as_secs_f64() * 1e6)
}

/// (name, variant, FEN) of the `moves` workloads: the whole move list with its SAN.
const MOVES_WORKLOADS: &[(&str, &str, &str)] = &[
    ("moves: chess start", "chess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("moves: kiwipete", "chess", KIWIPETE),
    ("moves: crazyhouse, full hands", "crazyhouse", CRAZYHOUSE),
];

const CRAZYHOUSE: &str = "r1b1k2r/ppp2ppp/2n5/3q4/1b6/2N5/PPP2PPP/R1BQKB1R[NBPPnbpp] w KQkq - 0 8";

fn main() {
    let calls: usize = std::env::var("SERVE_BENCH_CALLS").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let mut client = Client::start();
    println!("chimera serve: one request per round trip; {calls} timed calls per workload");
    println!("{:<36} {:>9} {:>9} {:>9} {:>10} {:>10}", "workload", "median", "p99", "mean", "max", "pipelined");
    for &(name, variant, fen, mv, legal) in WORKLOADS {
        let game = client.open(variant, fen);
        let request = serde_json::json!({"id": 1, "op": "validate", "game": game, "move": mv}).to_string() + "\n";
        let reply: serde_json::Value = serde_json::from_str(client.send(&request, 1)).unwrap();
        assert_eq!(reply["legal"], legal, "{reply}");
        time(&mut client, name, &request, calls);
    }
    for &(name, variant, fen) in MOVES_WORKLOADS {
        let game = client.open(variant, fen);
        let request = serde_json::json!({"id": 1, "op": "moves", "game": game}).to_string() + "\n";
        let reply: serde_json::Value = serde_json::from_str(client.send(&request, 1)).unwrap();
        assert!(reply["moves"].as_array().is_some_and(|m| !m.is_empty()), "{reply}");
        time(&mut client, name, &request, calls);
    }
    client.send("{\"op\":\"quit\"}\n", 1);
    client.child.wait().unwrap();
}

impl Client {
    /// Opens a game; its handle.
    fn open(&mut self, variant: &str, fen: &str) -> String {
        let open = serde_json::json!({"op": "open", "variant": variant, "fen": fen}).to_string() + "\n";
        let opened: serde_json::Value = serde_json::from_str(self.send(&open, 1)).unwrap();
        opened["game"].as_str().expect("the game opens").to_string()
    }
}

/// Times `request` (one line), one per round trip and then pipelined, and prints a row.
fn time(client: &mut Client, name: &str, request: &str, calls: usize) {
    for _ in 0..calls / 10 {
        client.send(request, 1);
    }
    let mut times = Vec::with_capacity(calls);
    for _ in 0..calls {
        let t = Instant::now();
        client.send(request, 1);
        times.push(t.elapsed());
    }
    times.sort();
    let quantile = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    let mean = times.iter().sum::<Duration>() / times.len() as u32;

    let batch = request.repeat(BATCH);
    let batches = calls.div_ceil(BATCH);
    let t = Instant::now();
    for _ in 0..batches {
        client.send(&batch, BATCH);
    }
    let pipelined = t.elapsed() / (batches * BATCH) as u32;

    let (median, p99, max) = (quantile(0.5), quantile(0.99), times[times.len() - 1]);
    println!("{name:<36} {:>9} {:>9} {:>9} {:>10} {:>10}", micros(median), micros(p99), micros(mean), micros(max), micros(pipelined));
}
