//! Drives `chimera serve` from another process, as a game server would: load a
//! variant, open a game, check each move a player sends before playing it, and read
//! the result.
//!
//! ```sh
//! cargo build --release && cargo run --release --example serve_client
//! ```
//!
//! The binary is `$CHIMERA` if set, else the `chimera` built beside this example.

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{json, Value};

/// A connection to one `chimera serve` process.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    next_id: u64,
}

impl Engine {
    fn spawn(binary: PathBuf) -> std::io::Result<Engine> {
        let mut child = Command::new(binary).arg("serve").stdin(Stdio::piped()).stdout(Stdio::piped()).spawn()?;
        let stdin = child.stdin.take().expect("piped");
        let stdout = BufReader::new(child.stdout.take().expect("piped"));
        Ok(Engine { child, stdin, stdout, next_id: 1 })
    }

    /// Sends one request and waits for its response.
    fn call(&mut self, mut request: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        request["id"] = json!(id);
        writeln!(self.stdin, "{request}").expect("the engine reads");
        self.stdin.flush().expect("the engine reads");
        let mut line = String::new();
        self.stdout.read_line(&mut line).expect("the engine answers");
        let response: Value = serde_json::from_str(&line).expect("one JSON object per line");
        assert_eq!(response["id"], id, "responses come in order");
        response
    }
}

/// A string field, or "" if it is missing.
fn s(v: &Value) -> &str {
    v.as_str().unwrap_or("")
}

fn binary() -> PathBuf {
    if let Some(path) = std::env::var_os("CHIMERA") {
        return path.into();
    }
    // target/<profile>/examples/serve_client -> target/<profile>/chimera
    let exe = std::env::current_exe().expect("own path");
    let beside = exe.parent().and_then(|d| d.parent()).map(|d| d.join(format!("chimera{}", std::env::consts::EXE_SUFFIX)));
    beside.filter(|p| p.exists()).unwrap_or_else(|| "chimera".into())
}

fn main() {
    let mut engine = Engine::spawn(binary()).unwrap_or_else(|e| {
        eprintln!("cannot start chimera ({e}): run `cargo build --release` first, or set CHIMERA");
        std::process::exit(1);
    });

    let loaded = engine.call(json!({"op": "load", "variant": "chess"}));
    println!("loaded {}: {}", s(&loaded["variant"]), s(&loaded["description"]));

    let game = engine.call(json!({"op": "open", "variant": "chess"}));
    let handle = game["game"].as_str().expect("a game handle").to_string();
    println!("opened {handle}: {}", s(&game["fen"]));

    // What the players send, in turn; some are not legal moves. Each is checked with
    // `validate` first (a game server would answer the player from the verdict), then
    // played (`play` alone would do both: it refuses an illegal move the same way).
    for text in ["e4", "e5", "Bc4", "Nc6", "O-O", "Qh5", "Nf6??", "Qxf7#", "a6"] {
        let verdict = engine.call(json!({"op": "validate", "game": handle, "move": text}));
        if verdict["legal"] != true {
            println!("  {text:6} refused [{}]: {}", s(&verdict["code"]), s(&verdict["reason"]));
            continue;
        }
        let played = engine.call(json!({"op": "play", "game": handle, "move": text}));
        println!(
            "  {text:6} played: {} ({}, a {}); {} to move",
            s(&played["san"]),
            s(&played["uci"]),
            s(&played["kind"]),
            s(&played["turn"])
        );
        if played["result"].is_object() {
            println!("game over: {}", s(&played["result"]["description"]));
        }
    }

    let undone = engine.call(json!({"op": "undo", "game": handle}));
    println!("took back {}: {}", s(&undone["undone"][0]["san"]), s(&undone["fen"]));
    let moves = engine.call(json!({"op": "moves", "game": handle}));
    let sans: Vec<&str> = moves["moves"].as_array().map_or(vec![], |m| m.iter().map(|m| s(&m["san"])).collect());
    println!("legal moves: {}", sans.join(" "));
    let perft = engine.call(json!({"op": "perft", "game": handle, "depth": 3}));
    println!("perft 3 from here: {} nodes in {:.4} s", perft["nodes"], perft["seconds"].as_f64().unwrap_or(0.0));

    // A ruleset sent inline, with a mistake: the error says where.
    let broken = "name = \"tiny\"\nboard = { files = 4, ranks = 4 }\nstart = \"k3/4/4/3K w - - 0 1\"\n[pieces.king]\nletter = \"K\"\nbetza = \"Kx\"\nroyal = true\n";
    let error = engine.call(json!({"op": "load", "toml": broken, "name": "tiny.toml"}))["error"].clone();
    println!("ruleset error at line {}, column {}: {}", error["line"], error["column"], s(&error["message"]));

    engine.call(json!({"op": "quit"}));
    engine.child.wait().expect("the engine exits");
}
