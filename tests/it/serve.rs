//! `chimera serve`, driven as a client would: one process per test, one request line
//! at a time, each response read before the next request is sent.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{json, Value};

pub(crate) struct Serve {
    child: Child,
    stdin: Option<ChildStdin>,
    stdout: BufReader<ChildStdout>,
}

impl Serve {
    pub(crate) fn start() -> Serve {
        Serve::with_args(&[])
    }

    fn with_args(args: &[&str]) -> Serve {
        let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
            .arg("serve")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("chimera serve starts");
        let stdin = child.stdin.take();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Serve { child, stdin, stdout }
    }

    fn write(&mut self, bytes: &[u8]) {
        self.stdin.as_mut().expect("stdin open").write_all(bytes).expect("the server reads");
        self.stdin.as_mut().unwrap().flush().unwrap();
    }

    /// Reads one response line.
    #[track_caller]
    fn response(&mut self) -> Value {
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).unwrap();
        assert!(n > 0, "the server closed its output");
        assert!(line.ends_with('\n'), "a response is one whole line: {line}");
        serde_json::from_str(&line).unwrap_or_else(|e| panic!("response is not JSON ({e}): {line}"))
    }

    /// Sends raw text as one line and reads the response.
    #[track_caller]
    fn raw(&mut self, line: &str) -> Value {
        self.write(format!("{line}\n").as_bytes());
        self.response()
    }

    #[track_caller]
    fn send(&mut self, request: Value) -> Value {
        self.raw(&request.to_string())
    }

    /// A request that must succeed; the response.
    #[track_caller]
    pub(crate) fn ok(&mut self, request: Value) -> Value {
        let r = self.send(request.clone());
        assert_eq!(r["ok"], true, "{request} answered {r}");
        assert!(r.get("error").is_none(), "{r}");
        r
    }

    /// A request that must fail with `code`; the error object.
    #[track_caller]
    fn fails(&mut self, request: Value, code: &str) -> Value {
        let r = self.send(request.clone());
        assert_eq!(r["ok"], false, "{request} answered {r}");
        assert_eq!(r["error"]["code"], code, "{request} answered {r}");
        assert!(!r["error"]["message"].as_str().unwrap().is_empty(), "{r}");
        r["error"].clone()
    }

    /// Opens a game; its handle.
    #[track_caller]
    pub(crate) fn open(&mut self, variant: &str, fen: Option<&str>, moves: &[&str]) -> String {
        let r = self.ok(json!({"op": "open", "variant": variant, "fen": fen, "moves": moves}));
        r["game"].as_str().unwrap().to_string()
    }

    /// Closes stdin and waits: the exit code.
    fn finish(mut self) -> i32 {
        drop(self.stdin.take());
        let mut rest = String::new();
        std::io::Read::read_to_string(&mut self.stdout, &mut rest).unwrap();
        assert_eq!(rest, "", "nothing after the last response");
        self.child.wait().unwrap().code().expect("exited normally")
    }
}

impl Drop for Serve {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const TINY: &str = r#"name = "tiny"
board = { files = 4, ranks = 4 }
start = "k3/4/4/3K w - - 0 1"

[pieces.king]
letter = "K"
betza = "K"
royal = true
"#;

fn sans(moves: &Value) -> Vec<&str> {
    moves.as_array().unwrap().iter().map(|m| m["san"].as_str().unwrap()).collect()
}

// ---- load, variants ----

#[test]
fn load_a_builtin() {
    let mut s = Serve::start();
    let r = s.ok(json!({"id": 1, "op": "load", "variant": "chess"}));
    assert_eq!(r["id"], 1);
    assert_eq!(r["variant"], "chess");
    assert_eq!((r["files"].as_u64(), r["ranks"].as_u64()), (Some(8), Some(8)));
    assert_eq!(r["start"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!(r["pieces"][0], json!({"letter": "K", "name": "king", "royal": true}));
    assert_eq!((r["hands"].as_bool(), r["economy"].as_bool()), (Some(false), Some(false)));
    let r = s.ok(json!({"op": "load", "variant": "mystic"}));
    assert_eq!(r["economy"], true);
    let e = s.fails(json!({"op": "load", "variant": "no-such-variant"}), "unknown-variant");
    assert!(e["message"].as_str().unwrap().contains("`chimera variants` lists the built-ins"), "{e}");
    let e = s.fails(json!({"op": "load", "variant": "crazyhose"}), "unknown-variant");
    assert!(e["message"].as_str().unwrap().ends_with("did you mean `crazyhouse`?"), "{e}");
    s.fails(json!({"op": "load"}), "bad-request");
    s.fails(json!({"op": "load", "variant": "chess", "toml": TINY}), "bad-request");
    s.fails(json!({"op": "load", "variant": "chess", "name": "x.toml"}), "bad-request");
    s.fails(json!({"op": "load", "variant": 7}), "bad-request");
    assert_eq!(s.finish(), 0);
}

#[test]
fn load_inline_toml_then_play_it() {
    let mut s = Serve::start();
    let r = s.ok(json!({"op": "load", "toml": TINY, "name": "tiny.toml"}));
    assert_eq!(r["variant"], "tiny");
    let g = s.open("tiny", None, &[]);
    assert_eq!(s.ok(json!({"op": "perft", "game": g, "depth": 1}))["nodes"], 3);
    let v = s.ok(json!({"op": "variants"}));
    assert_eq!(v["loaded"], json!(["tiny"]));
    // A variant may use the built-in rule modules.
    let sylvia = include_str!("../../rulesets/mitred-sylvia.toml").replace("name = \"mitred-sylvia\"", "name = \"my-sylvia\"");
    assert_eq!(s.ok(json!({"op": "load", "toml": sylvia}))["variant"], "my-sylvia");
    // Loading again under the same name replaces it for games opened later.
    let bigger = TINY.replace("files = 4, ranks = 4", "files = 5, ranks = 5").replace("k3/4/4/3K", "k4/5/5/5/4K");
    s.ok(json!({"op": "load", "toml": bigger}));
    let g2 = s.open("tiny", None, &[]);
    assert_eq!(s.ok(json!({"op": "position", "game": g2}))["fen"], "k4/5/5/5/4K w - - 0 1");
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["fen"], "k3/4/4/3K w - - 0 1");
}

#[test]
fn a_broken_inline_ruleset_is_reported_at_its_line_and_column() {
    let mut s = Serve::start();
    let bad_betza = TINY.replace("betza = \"K\"", "betza = \"pK\"");
    let e = s.fails(json!({"id": "t", "op": "load", "toml": bad_betza, "name": "tiny.toml"}), "bad-ruleset");
    assert_eq!(e["file"], "tiny.toml");
    assert_eq!((e["line"].as_u64(), e["column"].as_u64()), (Some(7), Some(10)), "{e}");
    assert_eq!(e["key"], "pieces.king.betza");
    assert!(e["message"].as_str().unwrap().starts_with("tiny.toml:7:10: pieces.king.betza: bad Betza \"pK\""), "{e}");

    // A syntax error; the file name defaults to `<request>`.
    let e = s.fails(json!({"op": "load", "toml": TINY.replace("[pieces.king]", "[pieces.king")}), "bad-ruleset");
    assert_eq!((e["file"].as_str(), e["line"].as_u64(), e["column"].as_u64()), (Some("<request>"), Some(5), Some(13)), "{e}");
    assert_eq!(e["key"], "");

    let e = s.fails(json!({"op": "load", "toml": TINY.replace("royal = true", "royal = true\nflavour = 1")}), "bad-ruleset");
    assert_eq!((e["line"].as_u64(), e["column"].as_u64(), e["key"].as_str()), (Some(9), Some(1), Some("pieces.king.flavour")));
    // Nothing was loaded.
    assert_eq!(s.ok(json!({"op": "variants"}))["loaded"], json!([]));
    s.fails(json!({"op": "open", "variant": "tiny"}), "unknown-variant");
}

#[test]
fn variants_lists_the_builtins_and_what_is_loaded() {
    let mut s = Serve::start();
    let v = s.ok(json!({"op": "variants"}));
    let ids: Vec<&str> = v["builtin"].as_array().unwrap().iter().map(|b| b["id"].as_str().unwrap()).collect();
    for id in ["chess", "mischia", "crazyhouse", "minishogi", "mystic", "pocket-mutation", "mitred-sylvia"] {
        assert!(ids.contains(&id), "{id}");
    }
    assert_eq!(v["builtin"][0]["description"], "Orthodox chess (FIDE rules)");
    // The listing's `two_boards`, read without compiling, is what each compiled variant says.
    for b in v["builtin"].as_array().unwrap() {
        let id = b["id"].as_str().unwrap();
        let compiled = chimera::variants::load(id).unwrap().rules().drops.as_ref().is_some_and(|d| d.two_boards);
        assert_eq!(b["two_boards"].as_bool(), Some(compiled), "{id}");
    }
    assert!(v["builtin"].as_array().unwrap().iter().any(|b| b["id"] == "bughouse" && b["two_boards"] == true));
    assert_eq!(v["loaded"], json!([]));
    s.open("crazyhouse", None, &[]);
    assert_eq!(s.ok(json!({"op": "variants"}))["loaded"], json!(["crazyhouse"]));
    s.fails(json!({"op": "variants", "game": "g1"}), "bad-request");
}

// ---- open, position ----

#[test]
fn open_from_the_start_a_fen_or_after_moves() {
    let mut s = Serve::start();
    // A built-in need not be loaded first.
    let r = s.ok(json!({"id": 7, "op": "open", "variant": "chess"}));
    assert_eq!(r["id"], 7);
    assert_eq!(r["game"], "g1");
    assert_eq!(r["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert_eq!((r["turn"].as_str(), r["check"].as_bool(), r["plies"].as_u64()), (Some("white"), Some(false), Some(0)));
    assert_eq!(r["fullmove"], 1);
    assert_eq!(r["result"], Value::Null);
    assert!(r.get("hands").is_none() && r.get("coins").is_none(), "{r}");

    let r = s.ok(json!({"op": "open", "variant": "chess", "fen": "4k3/8/8/8/8/8/8/R3K3 b Q - 3 40"}));
    assert_eq!((r["game"].as_str(), r["turn"].as_str(), r["fullmove"].as_u64()), (Some("g2"), Some("black"), Some(40)));

    let r = s.ok(json!({"op": "open", "variant": "chess", "moves": ["e4", "c7c5", "Nf3", "d6", "Bb5+"]}));
    assert_eq!(r["fen"], "rnbqkbnr/pp2pppp/3p4/1Bp5/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 1 3");
    assert_eq!((r["check"].as_bool(), r["plies"].as_u64()), (Some(true), Some(5)));
}

#[test]
fn open_refuses_bad_fens_unknown_variants_and_illegal_moves() {
    let mut s = Serve::start();
    let e = s.fails(json!({"op": "open", "variant": "chess", "fen": "rnbqkbnr/ppp/8 w"}), "bad-fen");
    assert!(e["message"].as_str().unwrap().starts_with("bad FEN"), "{e}");
    s.fails(json!({"op": "open", "variant": "chess", "fen": "1k3r2/8/8/8/8/8/8/R3K2R b KQ - 0 1x"}), "bad-fen");
    s.fails(json!({"op": "open", "variant": "no-such"}), "unknown-variant");
    s.fails(json!({"op": "open"}), "bad-request");
    s.fails(json!({"op": "open", "variant": "chess", "moves": "e4 e5"}), "bad-request");
    s.fails(json!({"op": "open", "variant": "chess", "moves": [1]}), "bad-request");

    let e = s.fails(json!({"op": "open", "variant": "chess", "moves": ["e4", "e5", "Ke3"]}), "illegal-move");
    assert_eq!(e["index"], 2);
    assert_eq!(e["move"], "Ke3");
    assert_eq!(e["refusal"]["code"], "piece-cannot-move-there");
    assert_eq!(e["message"], format!("moves[2] `Ke3`: {}", e["refusal"]["reason"].as_str().unwrap()));
    // A move after the end of the game.
    let e = s.fails(json!({"op": "open", "variant": "chess", "moves": ["f3", "e5", "g4", "Qh4#", "a3"]}), "illegal-move");
    assert_eq!((e["index"].as_u64(), e["refusal"]["code"].as_str()), (Some(4), Some("game-over")));
    // None of these opened a game: the next handle is still g1.
    assert_eq!(s.open("chess", None, &[]), "g1");
}

#[test]
fn position_reports_hands_coins_check_and_the_result() {
    let mut s = Serve::start();
    // Crazyhouse: captured pieces in hand, by colour and letter.
    let g = s.open("crazyhouse", None, &["e4", "d5", "exd5", "Qxd5", "Nc3", "Qxg2"]);
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!(r["hands"], json!({"white": {"P": 1}, "black": {"P": 2}}));
    assert_eq!(r["fen"], "rnb1kbnr/ppp1pppp/8/8/8/2N5/PPPP1PqP/R1BQKBNR[Ppp] w KQkq - 0 4");
    let r = s.ok(json!({"op": "play", "game": g, "move": "Bxg2"}));
    assert_eq!(r["hands"]["white"], json!({"P": 1, "Q": 1}));

    // Mystic: coins and purchases.
    let g = s.open("mystic", None, &["@e2", "@d7"]);
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!(r["coins"], json!({"white": 19, "black": 19}));
    assert_eq!(r["purchases"], json!({"white": 1, "black": 1}));
    assert!(r.get("hands").is_none(), "{r}");

    // Pocket Mutation: the pocket is a hand.
    let g = s.open("pocket-mutation", Some("4k3/8/8/8/8/8/8/R3K3[N] w - - 0 20"), &[]);
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["hands"], json!({"white": {"N": 1}, "black": {}}));

    // Checkmate, stalemate, dead position.
    let g = s.open("chess", None, &["f3", "e5", "g4", "Qh4#"]);
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!(r["check"], true);
    assert_eq!(
        r["result"],
        json!({"winner": "black", "reason": "checkmate", "score": "0-1", "description": "0-1 (black wins by checkmate)"})
    );
    let g = s.open("chess", Some("k7/2Q5/1K6/8/8/8/8/8 b - - 0 1"), &[]);
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!((r["result"]["winner"].clone(), r["result"]["reason"].as_str()), (Value::Null, Some("stalemate")));
    let g = s.open("chess", Some("k7/8/8/8/8/8/8/4K3 w - - 0 1"), &[]);
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["result"]["reason"], "insufficient-material");
    // Threefold repetition is a claim (the game goes on); fivefold ends the game.
    let shuffle = ["Nf3", "Nf6", "Ng1", "Ng8"];
    let g = s.open("chess", None, &shuffle.repeat(2));
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!(r["result"], Value::Null);
    assert_eq!(
        r["claims"],
        json!([{"winner": null, "reason": "repetition", "score": "1/2-1/2", "description": "1/2-1/2 (draw by 3-fold repetition)", "by": null}])
    );
    assert_ne!(s.ok(json!({"op": "moves", "game": g}))["moves"], json!([]));
    let g = s.open("chess", None, &shuffle.repeat(2)[..7]);
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!(r["claims"][0]["by"], json!({"uci": "f6g8", "san": "Ng8"}));
    assert_eq!(r["claims"][0]["description"], "1/2-1/2 (draw by 3-fold repetition, announcing Ng8)");
    let g = s.open("chess", None, &shuffle.repeat(4));
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!((r["result"]["score"].as_str(), r["result"]["reason"].as_str()), (Some("1/2-1/2"), Some("repetition")));
    assert_eq!(r["claims"], json!([]));
    assert_eq!(s.ok(json!({"op": "moves", "game": g}))["moves"], json!([]));
}

// ---- moves ----

#[test]
fn moves_lists_long_algebraic_san_and_kind() {
    let mut s = Serve::start();
    let g = s.open("chess", None, &[]);
    let r = s.ok(json!({"id": 3, "op": "moves", "game": g}));
    assert_eq!(r["game"], g);
    assert_eq!(r["result"], Value::Null);
    let moves = r["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 20);
    assert_eq!(moves[0], json!({"uci": "a2a3", "san": "a3", "kind": "move", "capture": false, "piece": "P"}));
    assert_eq!(moves[1], json!({"uci": "a2a4", "san": "a4", "kind": "double-step", "capture": false, "piece": "P"}));
    assert!(moves.contains(&json!({"uci": "g1f3", "san": "Nf3", "kind": "move", "capture": false, "piece": "N"})));
    let ucis: Vec<&str> = moves.iter().map(|m| m["uci"].as_str().unwrap()).collect();
    let mut sorted = ucis.clone();
    sorted.sort();
    assert_eq!(ucis, sorted, "sorted by long algebraic");

    // Game over: no moves, and the result.
    let g = s.open("chess", None, &["f3", "e5", "g4", "Qh4#"]);
    let r = s.ok(json!({"op": "moves", "game": g}));
    assert_eq!(r["moves"], json!([]));
    assert_eq!(r["result"]["reason"], "checkmate");
}

/// The move in `list` written `san`.
fn find<'a>(list: &'a Value, san: &str) -> &'a Value {
    list["moves"].as_array().unwrap().iter().find(|m| m["san"] == san).unwrap_or_else(|| panic!("no {san} in {list}"))
}

#[test]
fn every_kind_of_move_is_named() {
    let mut s = Serve::start();
    let mut moves = |variant: &str, fen: &str| {
        let g = s.open(variant, Some(fen), &[]);
        s.ok(json!({"op": "moves", "game": g}))
    };
    let chess = moves("chess", "r3k3/1P6/8/3pP3/8/8/8/R3K2R w KQq d6 0 1");
    assert_eq!(find(&chess, "Ra2")["kind"], "move");
    assert_eq!(find(&chess, "Rxa8+")["kind"], "capture");
    assert_eq!(find(&chess, "Rxa8+")["capture"], true);
    assert_eq!(find(&chess, "exd6")["kind"], "en-passant");
    assert_eq!(find(&chess, "exd6")["capture"], true);
    assert_eq!(find(&chess, "O-O"), &json!({"uci": "e1g1", "san": "O-O", "kind": "castle", "capture": false, "piece": "K"}));
    assert_eq!(
        find(&chess, "b8=N"),
        &json!({"uci": "b7b8n", "san": "b8=N", "kind": "promotion", "capture": false, "piece": "P", "promotion": "N"})
    );
    let axb8 = find(&chess, "bxa8=Q+");
    assert_eq!((axb8["kind"].as_str(), axb8["capture"].as_bool(), axb8["promotion"].as_str()), (Some("promotion"), Some(true), Some("Q")));

    let house = moves("crazyhouse", "4k3/8/8/8/8/8/8/4K3[N] w - - 0 1");
    assert_eq!(find(&house, "N@e4"), &json!({"uci": "N@e4", "san": "N@e4", "kind": "drop", "capture": false, "piece": "N"}));
    let mystic = moves("mystic", "4k3/8/8/8/8/8/3P4/4K3 w - - 0 9 coins=10/10 purchases=3/3");
    assert_eq!(find(&mystic, "@e2"), &json!({"uci": "P@e2", "san": "@e2", "kind": "buy", "capture": false, "piece": "P"}));
    assert_eq!(
        find(&mystic, "B@d2"),
        &json!({"uci": "d2d2b", "san": "B@d2", "kind": "upgrade", "capture": false, "piece": "P", "promotion": "B"})
    );
    let pocket = moves("pocket-mutation", "7k/8/8/8/4R3/8/8/K7[] w - - 0 20");
    assert_eq!(
        find(&pocket, "Re4^I"),
        &json!({"uci": "e4^i", "san": "Re4^I", "kind": "lift", "capture": false, "piece": "R", "promotion": "I"})
    );
    let sylvia = moves("mitred-sylvia", "3g1g2/4k1r1/4Q3/2N5/8/8/8/K7[] b - - 0 1 unmoved=e7,g7");
    assert_eq!(sylvia["moves"], json!([{"uci": "e7g7", "san": "K<>g7", "kind": "swap", "capture": false, "piece": "K"}]));
}

// ---- validate, play, undo ----

#[test]
fn validate_says_whether_a_move_is_legal_and_changes_nothing() {
    let mut s = Serve::start();
    let g = s.open("chess", None, &[]);
    for text in ["Nf3", "g1f3", "Ng1-f3", "Nf3!?"] {
        let r = s.send(json!({"id": 2, "op": "validate", "game": g, "move": text}));
        if text == "Ng1-f3" {
            assert_eq!((r["legal"].as_bool(), r["code"].as_str()), (Some(false), Some("unparsable")), "{r}");
            continue;
        }
        assert_eq!(
            r,
            json!({"id": 2, "ok": true, "legal": true, "uci": "g1f3", "san": "Nf3", "kind": "move", "capture": false, "piece": "N"})
        );
    }
    let r = s.ok(json!({"op": "validate", "game": g, "move": "Nf5"}));
    assert_eq!(r["legal"], false);
    assert_eq!(r["code"], "piece-cannot-move-there");
    assert_eq!(r["reason"], "no white knight can move to f5");
    assert!(r.get("uci").is_none(), "{r}");
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!((r["plies"].as_u64(), r["turn"].as_str()), (Some(0), Some("white")));
    s.fails(json!({"op": "validate", "game": g}), "bad-request");
    s.fails(json!({"op": "validate", "game": g, "move": ["e4"]}), "bad-request");
}

#[test]
fn play_plays_a_legal_move_and_refuses_an_illegal_one() {
    let mut s = Serve::start();
    let g = s.open("chess", None, &[]);
    let r = s.ok(json!({"id": 1, "op": "play", "game": g, "move": "e4"}));
    assert_eq!(
        (r["legal"].as_bool(), r["uci"].as_str(), r["san"].as_str(), r["kind"].as_str()),
        (Some(true), Some("e2e4"), Some("e4"), Some("double-step"))
    );
    assert_eq!(r["fen"], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
    assert_eq!((r["turn"].as_str(), r["plies"].as_u64(), r["game"].as_str()), (Some("black"), Some(1), Some(g.as_str())));

    let r = s.ok(json!({"op": "play", "game": g, "move": "e4"}));
    assert_eq!(
        r,
        json!({"id": null, "ok": true, "legal": false, "code": "piece-cannot-move-there", "reason": "no black pawn can move to e4"})
    );
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["plies"], 1);

    for m in ["e5", "Qh5", "Nc6", "Bc4", "Nf6"] {
        s.ok(json!({"op": "play", "game": g, "move": m}));
    }
    let r = s.ok(json!({"op": "play", "game": g, "move": "Qxf7#"}));
    assert_eq!((r["san"].as_str(), r["kind"].as_str(), r["check"].as_bool()), (Some("Qxf7#"), Some("capture"), Some(true)));
    assert_eq!(r["result"]["winner"], "white");
    let r = s.ok(json!({"op": "play", "game": g, "move": "Ke7"}));
    assert_eq!((r["legal"].as_bool(), r["code"].as_str()), (Some(false), Some("game-over")));
    assert_eq!(r["reason"], "the game is already over: 1-0 (white wins by checkmate)");
}

#[test]
fn undo_takes_back_one_or_more_moves() {
    let mut s = Serve::start();
    let g = s.open("chess", None, &["e4", "e5"]);
    s.ok(json!({"op": "play", "game": g, "move": "Nf3"}));
    let r = s.ok(json!({"op": "undo", "game": g}));
    assert_eq!(r["undone"], json!([{"uci": "g1f3", "san": "Nf3", "kind": "move", "capture": false, "piece": "N"}]));
    assert_eq!(r["fen"], "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2");
    assert_eq!(r["plies"], 2);
    let e = s.fails(json!({"op": "undo", "game": g, "plies": 3}), "nothing-to-undo");
    assert_eq!(e["message"], "cannot take back 3 moves: 2 played since the game was opened");
    let r = s.ok(json!({"op": "undo", "game": g, "plies": 2}));
    assert_eq!(sans(&r["undone"]), ["e5", "e4"]);
    assert_eq!(r["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    s.fails(json!({"op": "undo", "game": g}), "nothing-to-undo");
    s.fails(json!({"op": "undo", "game": g, "plies": -1}), "bad-request");

    // Undo a mate: the game goes on again; a drop goes back into the hand.
    let g = s.open("chess", None, &["f3", "e5", "g4", "Qh4#"]);
    let r = s.ok(json!({"op": "undo", "game": g}));
    assert_eq!((r["result"].clone(), r["check"].as_bool()), (Value::Null, Some(false)));
    let g = s.open("crazyhouse", Some("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"), &["N@c6"]);
    let r = s.ok(json!({"op": "undo", "game": g}));
    assert_eq!((r["undone"][0]["kind"].as_str(), r["hands"]["white"].clone()), (Some("drop"), json!({"N": 1})));
}

// ---- perft, close, quit ----

#[test]
fn perft_counts_and_divides() {
    let mut s = Serve::start();
    let g = s.open("chess", None, &[]);
    for (depth, nodes) in [(0, 1), (1, 20), (2, 400), (3, 8902), (4, 197_281), (5, 4_865_609)] {
        let r = s.ok(json!({"id": depth, "op": "perft", "game": g, "depth": depth}));
        assert_eq!((r["depth"].as_u64(), r["nodes"].as_u64()), (Some(depth), Some(nodes)));
        assert!(r["seconds"].as_f64().unwrap() >= 0.0);
        assert!(r.get("divide").is_none());
    }
    let r = s.ok(json!({"op": "perft", "game": g, "depth": 3, "divide": true}));
    let divide = r["divide"].as_object().unwrap();
    assert_eq!(divide.len(), 20);
    assert_eq!(divide["e2e4"], 600);
    assert_eq!(divide.values().map(|n| n.as_u64().unwrap()).sum::<u64>(), 8902);
    assert_eq!(r["nodes"], 8902);
    // The position is unchanged.
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["plies"], 0);
    let g = s.open("pocket-mutation", None, &[]);
    assert_eq!(s.ok(json!({"op": "perft", "game": g, "depth": 3}))["nodes"], 44_392);
    s.fails(json!({"op": "perft", "game": g}), "bad-request");
}

#[test]
fn perft_has_a_depth_limit_and_a_time_budget() {
    let mut s = Serve::start();
    let g = s.open("chess", None, &[]);
    let e = s.fails(json!({"op": "perft", "game": g, "depth": 9}), "perft-too-deep");
    assert_eq!(e["message"], "perft depth 9 is over the limit of 8");
    drop(s);

    let mut s = Serve::with_args(&["--perft-millis", "50", "--max-perft-depth", "20"]);
    let g = s.open("chess", None, &[]);
    // Unwatched, either count would run for hours: the timeout's code is the budget's word.
    s.fails(json!({"op": "perft", "game": g, "depth": 20}), "perft-timeout");
    s.fails(json!({"op": "perft", "game": g, "depth": 7, "divide": true}), "perft-timeout");
    // The game is intact and the server answers.
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["plies"], 0);
    assert_eq!(s.ok(json!({"op": "perft", "game": g, "depth": 2}))["nodes"], 400);
}

#[test]
fn close_forgets_a_game() {
    let mut s = Serve::start();
    let g = s.open("chess", None, &[]);
    let r = s.ok(json!({"id": "c", "op": "close", "game": g}));
    assert_eq!(r, json!({"id": "c", "ok": true, "closed": g}));
    s.fails(json!({"op": "close", "game": g}), "unknown-game");
    s.fails(json!({"op": "position", "game": g}), "unknown-game");
    // Handles are not reused.
    assert_eq!(s.open("chess", None, &[]), "g2");
}

#[test]
fn every_game_op_refuses_an_unknown_handle() {
    let mut s = Serve::start();
    s.open("chess", None, &[]);
    for (op, extra) in [
        ("position", json!({})),
        ("moves", json!({})),
        ("validate", json!({"move": "e4"})),
        ("play", json!({"move": "e4"})),
        ("undo", json!({})),
        ("perft", json!({"depth": 1})),
        ("close", json!({})),
    ] {
        let mut request = json!({"id": op, "op": op, "game": "g99"});
        request.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        let e = s.fails(request, "unknown-game");
        assert_eq!(e["message"], "no open game `g99`");
    }
}

#[test]
fn quit_answers_then_exits() {
    let mut s = Serve::start();
    assert_eq!(s.raw(r#"{"id":9,"op":"quit"}"#), json!({"id": 9, "ok": true}));
    assert_eq!(s.finish(), 0);
}

#[test]
fn too_many_variants() {
    let mut s = Serve::start();
    for i in 0..256 {
        s.ok(json!({"op": "load", "toml": TINY.replace("\"tiny\"", &format!("\"tiny{i}\""))}));
    }
    s.fails(json!({"op": "load", "toml": TINY}), "too-many-variants");
    s.fails(json!({"op": "open", "variant": "chess"}), "too-many-variants");
    // Replacing one already loaded is fine.
    s.ok(json!({"op": "load", "toml": TINY.replace("\"tiny\"", "\"tiny7\"")}));
}

#[test]
fn too_many_games() {
    let mut s = Serve::with_args(&["--max-games", "2"]);
    let g = s.open("chess", None, &[]);
    s.open("chess", None, &[]);
    s.fails(json!({"op": "open", "variant": "chess"}), "too-many-games");
    s.ok(json!({"op": "close", "game": g}));
    s.open("chess", None, &[]);
}

// ---- protocol errors: answered, and the server goes on ----

#[test]
fn malformed_requests_are_answered_with_errors() {
    let mut s = Serve::start();
    let bad_json = |r: Value| {
        assert_eq!(r["id"], Value::Null, "{r}");
        assert_eq!(r["ok"], false);
        assert_eq!(r["error"]["code"], "bad-json", "{r}");
    };
    bad_json(s.raw("garbage"));
    bad_json(s.raw(r#"{"id": 1, "op": "open""#));
    bad_json(s.raw(r#"{"id": 1} {"id": 2}"#));
    bad_json(s.raw(&"[".repeat(100_000)));
    s.write(b"{\"id\":1,\"op\":\"\xff\xfe\"}\n");
    bad_json(s.response());

    let e = s.raw("[1, 2]");
    assert_eq!((e["id"].clone(), e["error"]["code"].as_str()), (Value::Null, Some("bad-request")));
    assert_eq!(s.raw("42")["error"]["code"], "bad-request");
    let r = s.raw(r#"{"id": 5}"#);
    assert_eq!((r["id"].as_u64(), r["error"]["code"].as_str()), (Some(5), Some("bad-request")));
    assert_eq!(s.raw(r#"{"id": 5, "op": 3}"#)["error"]["code"], "bad-request");
    let r = s.raw(r#"{"id": "x", "op": "dance"}"#);
    assert_eq!((r["id"].as_str(), r["error"]["code"].as_str()), (Some("x"), Some("unknown-op")));
    assert!(r["error"]["message"].as_str().unwrap().contains("validate"), "{r}");
    // Unknown or mistyped fields are refused, not ignored.
    let g = s.open("chess", None, &[]);
    let e = s.fails(json!({"op": "validate", "game": g, "mvoe": "e4", "move": "e4"}), "bad-request");
    assert!(e["message"].as_str().unwrap().contains("unknown field `mvoe`"), "{e}");
    s.fails(json!({"op": "perft", "game": g, "depth": "3"}), "bad-request");
    s.fails(json!({"op": "perft", "game": g, "depth": 1e100}), "bad-request");
    s.fails(json!({"op": "open", "variant": "chess", "fen": 3}), "bad-request");
    // Still serving, and the game is intact.
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["plies"], 0);
    assert_eq!(s.finish(), 0);
}

#[test]
fn any_json_id_is_echoed() {
    let mut s = Serve::start();
    for id in [json!(1), json!(-2.5), json!("abc"), json!(null), json!(true), json!([1, {"a": 2}]), json!({"n": [null]})] {
        assert_eq!(s.send(json!({"id": id, "op": "variants"}))["id"], id);
        assert_eq!(s.send(json!({"id": id, "op": "nope"}))["id"], id);
    }
    // No id: null.
    assert_eq!(s.send(json!({"op": "variants"}))["id"], Value::Null);
}

#[test]
fn a_line_over_the_limit_is_refused_and_skipped() {
    let mut s = Serve::start();
    // Default limit 1 MiB: a 3 MiB line (a move list) is refused without being parsed.
    let moves = vec!["e4"; 700_000];
    let huge = json!({"id": 1, "op": "open", "variant": "chess", "moves": moves}).to_string();
    assert!(huge.len() > 3 << 20);
    let r = s.raw(&huge);
    assert_eq!(r["id"], Value::Null);
    assert_eq!(r["error"]["code"], "line-too-long");
    assert!(r["error"]["message"].as_str().unwrap().contains("limit of 1048576 bytes"), "{r}");
    // The next line is read normally: nothing of the long one is left over.
    assert_eq!(s.open("chess", None, &[]), "g1");
    // Just under the limit is fine (padding with spaces).
    let request = json!({"id": 2, "op": "variants"}).to_string();
    let padded = format!("{request}{}", " ".repeat((1 << 20) - request.len()));
    assert_eq!(s.raw(&padded)["ok"], true);
    assert_eq!(s.raw(&format!("{padded} "))["error"]["code"], "line-too-long");

    let mut s = Serve::with_args(&["--max-line-bytes", "64"]);
    assert_eq!(s.raw(&format!(r#"{{"op":"variants"{}}}"#, " ".repeat(100)))["error"]["code"], "line-too-long");
    assert_eq!(s.raw(r#"{"id":1,"op":"open","variant":"chess"}"#)["game"], "g1");
    // A long last line without a newline is still answered.
    s.write(" ".repeat(200).as_bytes());
    drop(s.stdin.take());
    assert_eq!(s.response()["error"]["code"], "line-too-long");
    assert_eq!(s.finish(), 0);
}

#[test]
fn blank_lines_crlf_and_a_last_line_without_newline() {
    let mut s = Serve::start();
    s.write(b"\n   \n\r\n");
    let r = s.raw("{\"id\":1,\"op\":\"open\",\"variant\":\"chess\"}\r");
    assert_eq!((r["id"].as_u64(), r["game"].as_str()), (Some(1), Some("g1")));
    // Several requests written at once are answered in order.
    s.write(b"{\"id\":2,\"op\":\"play\",\"game\":\"g1\",\"move\":\"e4\"}\n{\"id\":3,\"op\":\"play\",\"game\":\"g1\",\"move\":\"e5\"}\n");
    assert_eq!(s.response()["id"], 2);
    assert_eq!(s.response()["san"], "e5");
    s.write(b"{\"id\":4,\"op\":\"position\",\"game\":\"g1\"}");
    drop(s.stdin.take());
    assert_eq!(s.response()["plies"], 2);
    assert_eq!(s.finish(), 0);
}

#[test]
fn hostile_move_text_is_refused_politely() {
    let mut s = Serve::start();
    let g = s.open("chess", None, &[]);
    let long = "N".repeat(100_000);
    for text in ["", " ", "é", "e2e4é", "\u{0}", "Q@@e4", "e9e10", "z1z2", "P@", "^", "<>", "a1^", "Ka1^Q", long.as_str(), "e2e4e6"] {
        let r = s.ok(json!({"op": "validate", "game": g, "move": text}));
        assert_eq!(r["legal"], false, "{text}: {r}");
        assert!(!r["reason"].as_str().unwrap().is_empty());
    }
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["plies"], 0);
    // A very long game in one open request.
    let shuffle: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"].iter().cycle().take(16).copied().collect();
    let g = s.open("chess", None, &shuffle);
    assert_eq!(s.ok(json!({"op": "position", "game": g}))["result"]["reason"], "repetition");
}

// ---- why a move is illegal: every code ----

/// (variant, FEN or start, moves first, the refused move, its code)
type Case = (&'static str, Option<&'static str>, &'static [&'static str], &'static str, &'static str);

const REFUSALS: &[Case] = &[
    ("chess", None, &[], "hello", "unparsable"),
    ("chess", None, &[], "e3e4", "no-such-piece"),
    ("chess", None, &[], "e7e5", "not-your-piece"),
    ("chess", None, &[], "Nf5", "piece-cannot-move-there"),
    ("chess", None, &[], "Bc4", "path-blocked"),
    ("chess", Some("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"), &[], "Nc3", "leaves-royal-in-check"),
    ("chess", Some("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1"), &[], "O-O-O", "castling-right-lost"),
    ("chess", None, &[], "O-O", "castling-blocked"),
    ("chess", Some("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1"), &[], "O-O", "castling-in-check"),
    ("chess", Some("1k3r2/8/8/8/8/8/8/R3K2R w KQ - 0 1"), &[], "O-O", "castling-through-check"),
    ("chess", Some("k7/4P3/8/8/8/8/8/4K3 w - - 0 1"), &[], "e8", "promotion-required"),
    ("chess", Some("k7/4P3/8/8/8/8/8/4K3 w - - 0 1"), &[], "e8=K", "promotion-not-available"),
    // Mischia: the queen is back on the board, so the c-pawn has nothing to promote to.
    ("mischia", Some("1r2k1/P1P3/6/6/6/RB1KBN w - - 0 1"), &["a6=Q", "Ke5"], "c6=Q", "promotion-not-available"),
    ("chess", Some("k7/8/8/8/8/8/8/1N1NK3 w - - 0 1"), &[], "Nc3", "ambiguous"),
    ("chess", None, &[], "Nxf3", "not-a-capture"),
    ("chess", None, &["f3", "e5", "g4", "Qh4#"], "e4", "game-over"),
    ("crazyhouse", None, &[], "N@e4", "hand-empty"),
    ("chess", None, &[], "N@e4", "hand-empty"),
    ("crazyhouse", Some("4k3/8/8/8/8/8/8/4K3[P] w - - 0 1"), &[], "P@a8", "drop-zone"),
    ("minishogi", Some("4k/5/5/5/K4[PP] w - - 0 1"), &["P@e2", "Kd5"], "P@e3", "drop-zone"),
    ("crazyhouse", Some("4k3/8/8/8/8/8/8/4K3[N] w - - 0 1"), &[], "N@e1", "square-occupied"),
    ("minishogi", Some("kr3/1p3/1G3/5/4K[P] w - - 0 1"), &[], "P@a4", "drop-mate"),
    ("giveaway", Some("rnbqkbnr/ppp1pppp/8/3p4/4P3/2N5/PPPP1PPP/R1BQKBNR w KQkq - 0 2"), &[], "Nf3", "capture-required"),
    ("koedem", Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1"), &[], "e4", "drop-required"),
    ("koedem", Some("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB2BNR[KQ] w kq - 0 1"), &[], "Q@d1", "drop-required"),
    ("racingkings", None, &[], "Nc3", "gives-check"),
    ("makpong", Some("4k3/8/8/8/8/8/4r3/4K1N1 w - - 0 1"), &[], "Kd1", "royal-cannot-flee"),
    ("mystic", Some("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 9 coins=0/0 purchases=3/3"), &[], "@a3", "not-enough-coins"),
    ("mystic", Some("4k3/8/8/8/8/PPPPPPPP/8/4K3 w - - 0 9 coins=5/5 purchases=3/3"), &[], "@a2", "stock-empty"),
    ("mystic", Some("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 2 coins=18/19 purchases=2/1"), &[], "B@d2", "upgrade-locked"),
    ("mystic", Some("4k3/8/8/8/8/8/3PP3/4K3 w - - 0 2 coins=18/19 purchases=2/1"), &[], "R@d2", "no-such-upgrade"),
    ("pocket-mutation", None, &[], "Rh1^I", "lift-forbidden"),
    ("pocket-mutation", Some("4k3/8/8/8/8/8/8/R3K3[N] w - - 0 20"), &[], "Ra1^R", "hand-full"),
    ("pocket-mutation", Some("7k/8/8/8/4R3/8/8/K7[] w - - 0 20"), &[], "Re4^Q", "lift-choice"),
    ("chess", None, &[], "pass", "pass-forbidden"),
    ("madrasi", None, &["e4", "d5"], "exd5", "paralysed"),
    ("stuck-lance", Some("4k3/L7/8/8/8/8/8/4K3 w - - 0 1"), &[], "La8", "immobile"),
];

/// A ruleset of its own for the one code no built-in gives: a lance that never promotes,
/// with `immobile_moves = false`.
const STUCK_LANCE: &str = r#"
name = "stuck-lance"
board = { files = 8, ranks = 8 }
start = "4k3/8/8/8/8/8/8/L3K3 w - - 0 1"
immobile_moves = false

[pieces.king]
letter = "K"
betza = "K"
royal = true

[pieces.lance]
letter = "L"
betza = "fR"
"#;

const ALL_CODES: &[&str] = &[
    "unparsable",
    "no-such-piece",
    "not-your-piece",
    "piece-cannot-move-there",
    "path-blocked",
    "leaves-royal-in-check",
    "castling-right-lost",
    "castling-blocked",
    "castling-in-check",
    "castling-through-check",
    "promotion-required",
    "promotion-not-available",
    "ambiguous",
    "not-a-capture",
    "game-over",
    "hand-empty",
    "drop-zone",
    "square-occupied",
    "drop-mate",
    "capture-required",
    "drop-required",
    "gives-check",
    "royal-cannot-flee",
    "not-enough-coins",
    "stock-empty",
    "upgrade-locked",
    "no-such-upgrade",
    "lift-forbidden",
    "hand-full",
    "lift-choice",
    "pass-forbidden",
    "paralysed",
    "immobile",
];

#[test]
fn every_reason_code_is_given_by_validate_and_play() {
    let mut s = Serve::start();
    s.ok(json!({"op": "load", "toml": STUCK_LANCE, "name": "stuck-lance.toml"}));
    for &(variant, fen, moves, text, code) in REFUSALS {
        let g = s.open(variant, fen, moves);
        let before = s.ok(json!({"op": "position", "game": g}))["fen"].clone();
        for op in ["validate", "play"] {
            let r = s.ok(json!({"id": text, "op": op, "game": g, "move": text}));
            assert_eq!((r["legal"].as_bool(), r["code"].as_str()), (Some(false), Some(code)), "{variant} {fen:?} {text}: {r}");
            let reason = r["reason"].as_str().unwrap();
            assert!(reason.len() > 10 && !reason.contains('\n'), "{code}: a sentence: {reason}");
            assert_eq!(r.as_object().unwrap().len(), 5, "id, ok, legal, code, reason only: {r}");
        }
        assert_eq!(s.ok(json!({"op": "position", "game": g}))["fen"], before, "a refused move changes nothing");
    }
    let covered: BTreeSet<&str> = REFUSALS.iter().map(|r| r.4).collect();
    let all: BTreeSet<&str> = ALL_CODES.iter().copied().collect();
    assert_eq!(covered, all);
}

#[test]
fn the_reason_codes_are_the_engines() {
    use chimera::IllegalCode::*;
    let engine = [
        Unparsable,
        NoSuchPiece,
        NotYourPiece,
        PieceCannotMoveThere,
        PathBlocked,
        LeavesRoyalInCheck,
        CastlingRightLost,
        CastlingBlocked,
        CastlingInCheck,
        CastlingThroughCheck,
        PromotionRequired,
        PromotionNotAvailable,
        Ambiguous,
        NotACapture,
        GameOver,
        HandEmpty,
        DropZone,
        SquareOccupied,
        DropMate,
        CaptureRequired,
        DropRequired,
        GivesCheck,
        RoyalCannotFlee,
        NotEnoughCoins,
        StockEmpty,
        UpgradeLocked,
        NoSuchUpgrade,
        LiftForbidden,
        HandFull,
        LiftChoice,
        PassForbidden,
        Paralysed,
        Immobile,
    ];
    let names: Vec<&str> = engine.iter().map(|c| c.as_str()).collect();
    assert_eq!(names, ALL_CODES);
}

/// Two equal keys in one object are refused, not resolved in silence (`op` twice once
/// meant the last: `{"op":"open","op":"quit"}` quit); nested objects are checked too.
#[test]
fn duplicate_keys_are_refused() {
    let mut s = Serve::start();
    let r = s.raw(r#"{"id": 1, "op": "open", "op": "quit"}"#);
    assert_eq!((r["id"].clone(), r["error"]["code"].as_str()), (Value::Null, Some("bad-request")), "{r}");
    assert!(r["error"]["message"].as_str().unwrap().contains("duplicate key `op`"), "{r}");
    let r = s.raw(r#"{"id": 2, "op": "variants", "x": {"a": 1, "a": 2}}"#);
    assert_eq!(r["error"]["code"], "bad-request", "{r}");
    // Still serving.
    s.open("chess", None, &[]);
}

// ---- bounded work and memory (issue 12) ----

/// A 16x16 ruleset whose every rider range is its own table (W2…W255 and so on for every
/// atom): some 100 MB and half a second to build.
fn monster_ruleset() -> String {
    let betza: String = "WFDNAHCZG".chars().flat_map(|a| (2..256).map(move |n| format!("{a}{n}"))).collect();
    format!(
        "name = \"monster\"\nboard = {{ files = 16, ranks = 16 }}\nstart = \"k15/16/16/16/16/16/16/16/16/16/16/16/16/16/16/15K w - - 0 1\"\n\
         [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n[pieces.monster]\nletter = \"M\"\nbetza = \"{betza}\"\n"
    )
}

/// 16x16 with queens and full hands: about a thousand moves per position, so that
/// perft 3 is half a minute of work.
const CROWDED: &str = r#"name = "crowded"
board = { files = 16, ranks = 16 }
start = "10k5/16/16/16/16/16/16/16/16/16/16/16/16/16/16/QQQQ11K[QRBNqrbn] w - - 0 1"
[drops]
[pieces.king]
letter = "K"
betza = "K"
royal = true
[pieces.queen]
letter = "Q"
betza = "Q"
[pieces.rook]
letter = "R"
betza = "R"
[pieces.bishop]
letter = "B"
betza = "B"
[pieces.knight]
letter = "N"
betza = "N"
"#;

/// The budget holds at every ply of perft, the last two included, and in divide (perft 3
/// here answered only after half a minute, one perft 2 per root move counted unwatched).
#[test]
fn perft_and_divide_keep_the_budget_at_every_ply() {
    let mut s = Serve::with_args(&["--request-millis", "100"]);
    s.ok(json!({"op": "load", "toml": CROWDED}));
    let g = s.open("crowded", None, &[]);
    for (depth, divide) in [(3, false), (3, true), (4, false)] {
        // Unwatched, perft 3 takes half a minute and ends with a count: the timeout's code
        // is the budget's word (how soon it answers is the machine's, not asserted).
        s.fails(json!({"op": "perft", "game": g, "depth": depth, "divide": divide}), "perft-timeout");
    }
    // Abandoned counts leave the game as it was.
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!(
        (r["plies"].as_u64(), r["fen"].as_str()),
        (Some(0), Some("10k5/16/16/16/16/16/16/16/16/16/16/16/16/16/16/QQQQ11K[QRBNqrbn] w - - 0 1"))
    );
    assert!(s.ok(json!({"op": "perft", "game": g, "depth": 1}))["nodes"].as_u64().unwrap() > 1000);
}

/// A ruleset whose tables would pass `--max-variant-bytes` is refused before they are
/// built, naming the size and the piece that makes it (it used to cost 100 MB a load).
#[test]
fn a_ruleset_too_large_is_refused_before_it_is_built() {
    let mut s = Serve::start();
    let e = s.fails(json!({"op": "load", "name": "monster.toml", "toml": monster_ruleset()}), "ruleset-too-large");
    let message = e["message"].as_str().unwrap();
    assert!(message.starts_with("monster.toml: the ruleset would build 1004"), "{message}");
    assert!(message.contains("12240 rider rays x 256 squares; the most from `monster`: 12192 ranged directions"), "{message}");
    assert!(message.ends_with("over the limit of 33554432 bytes"), "{message}");
    assert_eq!(s.ok(json!({"op": "variants"}))["loaded"], json!([]));
    // The same with a larger limit loads, and says what it holds.
    let mut s = Serve::with_args(&["--max-variant-bytes", "200000000"]);
    assert!(s.ok(json!({"op": "load", "toml": monster_ruleset()}))["bytes"].as_u64().unwrap() > 100_000_000);
}

/// Memory held by variants is bounded, replaced variants included while games play them,
/// and a replaced variant is freed with the last game that plays it.
#[test]
fn replaced_variants_count_until_their_last_game_closes() {
    let bytes = Serve::start().ok(json!({"op": "load", "toml": TINY}))["bytes"].as_u64().unwrap();
    let limit = (2 * bytes + bytes / 2).to_string();
    let mut s = Serve::with_args(&["--max-variants-bytes", &limit]);
    s.ok(json!({"op": "load", "toml": TINY}));
    let g1 = s.open("tiny", None, &[]);
    // Replaced: the first stays for g1, and two fit.
    s.ok(json!({"op": "load", "toml": TINY}));
    let g2 = s.open("tiny", None, &[]);
    // A third would not: the first two are still played.
    let e = s.fails(json!({"op": "load", "toml": TINY}), "too-much-memory");
    assert!(e["message"].as_str().unwrap().contains("close games"), "{e}");
    s.fails(json!({"op": "open", "variant": "chess"}), "too-much-memory");
    // Closing g1 frees the first; the second is replaced but played by g2.
    s.ok(json!({"op": "close", "game": g1}));
    s.ok(json!({"op": "load", "toml": TINY}));
    s.fails(json!({"op": "load", "toml": TINY.replace("\"tiny\"", "\"tiny2\"")}), "too-much-memory");
    s.ok(json!({"op": "close", "game": g2}));
    s.ok(json!({"op": "load", "toml": TINY.replace("\"tiny\"", "\"tiny2\"")}));
    // g2 still played its own variant to the end.
    s.fails(json!({"op": "position", "game": g2}), "unknown-game");
}

/// A game holds at most `--max-plies` moves and all games `--max-total-plies`: an `open`
/// with 100,000 moves is refused before any is read (it used to block the server 6 s).
#[test]
fn moves_held_by_games_are_bounded() {
    let mut s = Serve::start();
    let moves: Vec<&str> = ["Nf3", "Nf6", "Ng1", "Ng8"].iter().copied().cycle().take(100_000).collect();
    let e = s.fails(json!({"op": "open", "variant": "chess", "moves": moves}), "too-many-plies");
    assert!(e["message"].as_str().unwrap().starts_with("a game holds at most 10000 moves"), "{e}");

    let mut s = Serve::with_args(&["--max-plies", "3", "--max-total-plies", "4"]);
    let g1 = s.open("chess", None, &["e4", "e5"]);
    s.ok(json!({"op": "play", "game": g1, "move": "Nf3"}));
    s.fails(json!({"op": "play", "game": g1, "move": "Nc6"}), "too-many-plies");
    s.fails(json!({"op": "open", "variant": "chess", "moves": ["e4", "e5"]}), "too-many-plies");
    let g2 = s.open("chess", None, &["d4"]);
    s.fails(json!({"op": "play", "game": g2, "move": "d5"}), "too-many-plies");
    s.ok(json!({"op": "undo", "game": g1, "plies": 2}));
    s.ok(json!({"op": "play", "game": g2, "move": "d5"}));
    s.ok(json!({"op": "close", "game": g2}));
    s.ok(json!({"op": "play", "game": g1, "move": "e5"}));
}

/// `open`'s moves are read within the request budget.
#[test]
fn open_keeps_the_budget() {
    let walk = "name = \"walk\"\nboard = { files = 8, ranks = 8 }\nstart = \"3k4/8/8/8/8/8/8/3K4 w - - 0 1\"\n\
                [pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n";
    let moves: Vec<&str> = ["Ke1", "Ke8", "Kd1", "Kd8"].iter().copied().cycle().take(9_000).collect();
    let mut s = Serve::with_args(&["--request-millis", "1"]);
    s.ok(json!({"op": "load", "toml": walk}));
    let e = s.fails(json!({"op": "open", "variant": "walk", "moves": moves}), "timeout");
    assert!(e["message"].as_str().unwrap().ends_with("no game was opened"), "{e}");
    let mut s = Serve::start();
    s.ok(json!({"op": "load", "toml": walk}));
    assert_eq!(s.ok(json!({"op": "open", "variant": "walk", "moves": moves}))["plies"], 9_000);
}

/// A ruleset sent to the server cannot make it read a file through `extends` (it could
/// name any file, `/dev/zero` among them).
#[test]
fn a_loaded_ruleset_extends_only_built_ins() {
    let mut s = Serve::start();
    let e = s.fails(json!({"op": "load", "toml": "extends = \"/dev/zero\"\nname = \"z\""}), "bad-ruleset");
    assert!(e["message"].as_str().unwrap().contains("neither a built-in variant nor an embedded ruleset file"), "{e}");
    let r = s.ok(json!({"op": "load", "toml": "extends = \"chess\"\nname = \"chess-no-50\"\nend = { move_rule = 0 }"}));
    assert_eq!(r["variant"], "chess-no-50");
}

// ---- notations ----

/// `notation` on `moves`, `play` and `validate`: moves listed, read and answered in it.
#[test]
fn moves_in_a_notation() {
    let mut s = Serve::start();
    let g = s.open("shogi", None, &[]);
    let r = s.ok(json!({"op": "play", "game": g, "move": "P-76", "notation": "shogi-hodges-number"}));
    assert_eq!((&r["uci"], &r["san"], &r["written"]), (&json!("c3c4"), &json!("c4"), &json!("P-76")));
    let r = s.ok(json!({"op": "moves", "game": g, "notation": "default"}));
    let written: Vec<&str> = r["moves"].as_array().unwrap().iter().map(|m| m["written"].as_str().unwrap()).collect();
    assert!(written.contains(&"P-34") && written.contains(&"G41-52"), "{written:?}");
    let r = s.ok(json!({"op": "validate", "game": g, "move": "P-3d", "notation": "shogi-hodges"}));
    assert_eq!((&r["legal"], &r["written"]), (&json!(true), &json!("P-3d")));
    let r = s.ok(json!({"op": "validate", "game": g, "move": "P-3d", "notation": "shogi-hodges-number"}));
    assert_eq!((&r["legal"], &r["code"]), (&json!(false), &json!("unparsable")));
    // Without `notation`, moves carry no `written` field.
    assert!(s.ok(json!({"op": "moves", "game": g}))["moves"][0].get("written").is_none());
    s.fails(json!({"op": "moves", "game": g, "notation": "hodges"}), "bad-request");
    assert_eq!(s.finish(), 0);
}

// ---- the piece card ----

/// The card's targets as `square: ways` strings.
fn card(s: &mut Serve, variant: &str, piece: &str, square: &str, color: &str) -> (Value, Vec<String>) {
    let r = s.ok(json!({"op": "piece", "variant": variant, "piece": piece, "square": square, "color": color}));
    let targets = r["targets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            let ways: Vec<&str> = t["ways"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
            format!("{} {}", t["square"].as_str().unwrap(), ways.join(","))
        })
        .collect();
    (r, targets)
}

#[test]
fn the_piece_card_reads_moves_captures_hops_and_first_moves_from_the_tables() {
    let mut s = Serve::start();
    let (r, knight) = card(&mut s, "chess", "N", "d4", "white");
    assert_eq!(knight.len(), 8, "{knight:?}");
    assert!(knight.iter().all(|t| t.ends_with(" move,capture")), "{knight:?}");
    assert_eq!((r["name"].as_str(), r["betza"].as_str()), (Some("knight"), Some("N")));
    assert_eq!(r["words"], "Moves and captures by a (2,1) leap (knight).");

    // The pawn: a step, two diagonal captures, and the double step marked as a first move.
    let (_, pawn) = card(&mut s, "chess", "P", "e2", "white");
    assert_eq!(pawn, ["d3 capture", "e3 move", "f3 capture", "e4 initial-move"]);
    let (_, black) = card(&mut s, "chess", "p", "e7", "black");
    assert_eq!(black, ["e5 initial-move", "d6 capture", "e6 move", "f6 capture"]);

    // The xiangqi cannon: moves like a rook, captures only by a hop (two squares away or more).
    let (r, cannon) = card(&mut s, "xiangqi", "C", "b3", "white");
    assert!(cannon.contains(&"b4 move".to_string()), "{cannon:?}");
    assert!(cannon.contains(&"b5 move,hop-capture".to_string()), "{cannon:?}");
    assert!(cannon.iter().all(|t| !t.contains(" capture")), "no plain capture: {cannon:?}");
    assert_eq!(cannon.iter().filter(|t| t.contains("hop-capture")).count(), 13, "{cannon:?}");
    assert!(r["words"].as_str().unwrap().contains("by hopping over exactly one piece"), "{r}");
    // The general stays in its palace.
    let (_, general) = card(&mut s, "xiangqi", "K", "e1", "white");
    assert_eq!(general, ["d1 move,capture", "f1 move,capture", "e2 move,capture"]);

    s.fails(json!({"op": "piece", "variant": "chess", "piece": "Z", "square": "d4"}), "unknown-piece");
    s.fails(json!({"op": "piece", "variant": "chess", "piece": "N", "square": "i9"}), "bad-square");
    s.fails(json!({"op": "piece", "variant": "chess", "piece": "NN", "square": "d4"}), "bad-request");
    s.fails(json!({"op": "piece", "variant": "chess", "piece": "N", "square": "d4", "color": "red"}), "bad-request");
    s.fails(json!({"op": "piece", "variant": "nope", "piece": "N", "square": "d4"}), "unknown-variant");
    assert_eq!(s.finish(), 0);
}

// ---- bughouse matches ----

/// Board A's fool's mate, one move before it (Black's queen to h4 mates: nothing in hand
/// to drop between); board B at the start.
const MATE_ON_A: &str =
    "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR[] b KQkq - 0 2 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

#[test]
fn a_bughouse_match_plays_on_both_boards() {
    let mut s = Serve::start();
    let r = s.ok(json!({"op": "open", "variant": "bughouse", "match": true}));
    let g = r["game"].as_str().unwrap().to_string();
    assert_eq!((r["match"].as_bool(), r["plies"].as_u64(), r["result"].clone()), (Some(true), Some(0), Value::Null));
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    assert_eq!(r["fen"], format!("{start} | {start}"));
    let boards = r["boards"].as_array().unwrap();
    assert_eq!(boards.iter().map(|b| b["board"].as_str().unwrap()).collect::<Vec<_>>(), ["A", "B"]);
    assert!(boards.iter().all(|b| b["fen"] == start && b["turn"] == "white" && b["hands"] == json!({"white": {}, "black": {}})), "{r}");

    // Every move names its board; a game of one board takes none.
    for board in [None, Some("C")] {
        let e = s.fails(json!({"op": "play", "game": g, "move": "e4", "board": board}), "bad-request");
        assert!(e["message"].as_str().unwrap().contains("`board`"), "{e}");
    }
    s.fails(json!({"op": "moves", "game": g}), "bad-request");
    let chess = s.open("chess", None, &[]);
    s.fails(json!({"op": "validate", "game": chess, "move": "e4", "board": "A"}), "bad-request");

    // White on A takes a pawn: it goes to Black's hand on B (White on A's partner).
    for (board, text) in [("A", "e4"), ("B", "d4"), ("A", "d5"), ("A", "exd5")] {
        let r = s.ok(json!({"op": "play", "game": g, "board": board, "move": text}));
        assert_eq!(r["legal"], true, "{r}");
    }
    let r = s.ok(json!({"op": "position", "game": g}));
    assert_eq!((r["plies"].as_u64(), r["boards"][1]["hands"]["black"].clone()), (Some(4), json!({"P": 1})));
    assert_eq!(r["boards"][0]["hands"], json!({"white": {}, "black": {}}));
    // Black on B may drop it: 20 board moves and a pawn on each of the 32 empty squares
    // of ranks 2 to 7.
    let moves = s.ok(json!({"op": "moves", "game": g, "board": "B"}));
    assert_eq!(moves["board"], "B");
    let list = moves["moves"].as_array().unwrap();
    assert_eq!((list.len(), list.iter().filter(|m| m["kind"] == "drop").count()), (52, 32));
    let v = s.ok(json!({"op": "validate", "game": g, "board": "B", "move": "P@e5"}));
    assert_eq!((v["legal"].as_bool(), v["kind"].as_str()), (Some(true), Some("drop")));
    // It is Black's turn on A: a White move there is refused with the board's reason.
    let r = s.ok(json!({"op": "play", "game": g, "board": "A", "move": "Nf3"}));
    assert_eq!(r["legal"], false, "{r}");
    s.ok(json!({"op": "play", "game": g, "board": "B", "move": "P@e5"}));

    // Undo takes back the match's last moves, whichever board they were on, and the
    // piece a capture passed.
    let r = s.ok(json!({"op": "undo", "game": g, "plies": 2}));
    let undone: Vec<(&str, &str)> =
        r["undone"].as_array().unwrap().iter().map(|m| (m["board"].as_str().unwrap(), m["san"].as_str().unwrap())).collect();
    assert_eq!(undone, [("B", "P@e5"), ("A", "exd5")]);
    assert_eq!((r["plies"].as_u64(), r["boards"][1]["hands"]["black"].clone()), (Some(3), json!({})));

    // Perft counts a move on either board as a ply (tests/it/bughouse.rs: 40, 1,600);
    // divide names each root move's board.
    let g = s.ok(json!({"op": "open", "variant": "bughouse", "match": true, "moves": ["A e2e4", "B d2d4"]}))["game"]
        .as_str()
        .unwrap()
        .to_string();
    let r = s.ok(json!({"op": "undo", "game": g, "plies": 2}));
    assert_eq!(r["fen"], format!("{start} | {start}"));
    for (depth, nodes) in [(0, 1), (1, 40), (2, 1_600)] {
        assert_eq!(s.ok(json!({"op": "perft", "game": g, "depth": depth}))["nodes"], nodes);
    }
    let r = s.ok(json!({"op": "perft", "game": g, "depth": 2, "divide": true}));
    let divide = r["divide"].as_object().unwrap();
    assert_eq!(
        (divide.len(), divide["A e2e4"].as_u64(), divide["B g1f3"].as_u64(), r["nodes"].as_u64()),
        (40, Some(40), Some(40), Some(1_600))
    );
    s.fails(json!({"op": "open", "variant": "bughouse", "match": true, "moves": ["e2e4"]}), "bad-request");
    let e = s.fails(json!({"op": "open", "variant": "bughouse", "match": true, "moves": ["A e2e4", "A e2e4"]}), "illegal-move");
    assert_eq!((e["index"].as_u64(), e["move"].as_str(), e["refusal"]["code"].as_str()), (Some(1), Some("A e2e4"), Some("no-such-piece")));
    s.fails(json!({"op": "open", "variant": "chess", "match": true}), "bad-request");
    s.fails(json!({"op": "open", "variant": "bughouse", "match": true, "fen": start}), "bad-fen");
}

#[test]
fn a_bughouse_match_ends_for_both_boards() {
    let mut s = Serve::start();
    let r = s.ok(json!({"op": "open", "variant": "bughouse", "match": true, "fen": MATE_ON_A}));
    let g = r["game"].as_str().unwrap().to_string();
    let r = s.ok(json!({"op": "play", "game": g, "board": "A", "move": "Qh4#"}));
    assert_eq!(
        (r["legal"].as_bool(), r["result"]["board"].as_str(), r["result"]["reason"].as_str()),
        (Some(true), Some("A"), Some("checkmate"))
    );
    assert_eq!(r["result"]["winner"], "black");
    assert_eq!(r["result"]["winners"], json!([{"board": "A", "color": "black"}, {"board": "B", "color": "white"}]));
    assert_eq!((r["boards"][0]["result"]["reason"].as_str(), r["boards"][1]["result"].clone()), (Some("checkmate"), Value::Null));
    // The match is over on both boards.
    let r = s.ok(json!({"op": "play", "game": g, "board": "B", "move": "e4"}));
    assert_eq!((r["legal"].as_bool(), r["code"].as_str()), (Some(false), Some("game-over")));
    assert!(r["reason"].as_str().unwrap().ends_with("(on board A)"), "{r}");
    let moves = s.ok(json!({"op": "moves", "game": g, "board": "B"}));
    assert_eq!((moves["moves"].as_array().unwrap().len(), moves["result"]["board"].as_str()), (0, Some("A")));
    assert_eq!(s.ok(json!({"op": "perft", "game": g, "depth": 2}))["nodes"], 0);
    // Undone, it goes on.
    let r = s.ok(json!({"op": "undo", "game": g}));
    assert_eq!((r["result"].clone(), r["undone"][0]["board"].as_str()), (Value::Null, Some("A")));
}

/// `go` answers the computer's move without changing the game: a mate in one found and
/// scored as one, the whole turn of a Duck chess move with its duck, and the node limit
/// refused past its cap.
#[test]
fn go_answers_the_searchs_move_and_leaves_the_game_as_it_was() {
    let mut s = Serve::start();
    s.send(json!({"op": "open", "variant": "chess", "fen": "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"}));
    let r = s.send(json!({"op": "go", "game": "g1", "nodes": 20000}));
    assert_eq!((r["move"].as_str(), r["san"].as_str(), r["mate"].as_i64()), (Some("a1a8"), Some("Ra8#"), Some(1)), "{r}");
    assert!(r["score"].is_null() && r["pv"][0] == "a1a8" && r["nodes"].as_u64().unwrap() <= 20_000, "{r}");
    assert_eq!(s.send(json!({"op": "position", "game": "g1"}))["plies"], 0, "go plays nothing");
    s.send(json!({"op": "open", "variant": "duck", "fen": "k7/8/8/8/8/8/8/Q3K3 w - - 0 5"}));
    let duck = s.send(json!({"op": "go", "game": "g2", "depth": 3}));
    let turn = duck["turn"].as_str().unwrap();
    assert!(turn.starts_with("a1a8,") && turn.split(',').count() == 2, "the king taken, then the duck placed: {duck}");
    assert_eq!(s.send(json!({"op": "go", "game": "g1", "nodes": 5_000_001}))["error"]["code"], "go-too-long");
    assert_eq!(s.send(json!({"op": "go", "game": "g1", "nodes": 0}))["error"]["code"], "bad-request");
}

/// `go` spends the request's CPU budget, not more: a search of 5 million nodes (seconds
/// of work) under a 30 ms budget answers with the move it has, well short of its nodes.
#[test]
fn go_ends_at_the_requests_cpu_budget_with_the_move_it_has() {
    let mut s = Serve::with_args(&["--request-millis", "30"]);
    s.send(json!({"op": "open", "variant": "chess"}));
    let r = s.send(json!({"op": "go", "game": "g1", "nodes": 5_000_000}));
    assert_eq!(r["ok"], true, "{r}");
    assert!(r["nodes"].as_u64().unwrap() < 5_000_000, "{r}");
    assert!(r["move"].as_str().is_some_and(|m| m.len() >= 4), "{r}");
}
