//! One definition of "game over" for every front end: the same positions through
//! `chimera moves` (plain and `--snapshot`), `chimera serve`, `chimera web` and
//! `chimera validate` give the same result, the same claims and the same moves (none once
//! the game is over). The agreed record of each is pinned in one snapshot, which the
//! Python package's tests (`python/tests/test_game_over.py`) read and compare with its own
//! answers.

use serde_json::{json, Value};

use crate::cli::run;
use crate::serve::Serve;
use crate::web::Web;

/// `(name, variant, fen, moves)`: every kind of end and of claim.
pub(crate) const POSITIONS: &[(&str, &str, Option<&str>, &str)] = &[
    ("start", "chess", None, ""),
    ("checkmate", "chess", None, "f3 e5 g4 Qh4#"),
    ("stalemate", "chess", Some("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"), ""),
    ("dead position", "chess", Some("8/8/4k3/8/8/3K4/8/8 w - - 0 1"), ""),
    ("threefold: a claim", "chess", None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"),
    ("threefold by the announced move", "chess", None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1"),
    ("fourfold: still a claim", "chess", None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"),
    ("fivefold: the end", "chess", None, "Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8 Nf3 Nf6 Ng1 Ng8"),
    ("fifty moves: a claim", "chess", Some("8/8/3k4/8/8/3K4/8/R7 w - - 100 80"), ""),
    ("fifty moves by the announced move", "chess", Some("8/8/3k4/8/8/3K4/8/R7 w - - 99 80"), ""),
    ("fifty moves and threefold", "chess", Some("8/8/3k4/8/8/3K4/8/R7 w - - 100 80"), "Ra2 Kc6 Ra1 Kd6 Ra2 Kc6 Ra1 Kd6"),
    ("seventy-five moves: the end", "chess", Some("8/8/3k4/8/8/3K4/8/R7 w - - 150 100"), ""),
    ("mate on the seventy-fifth move", "chess", Some("k7/1Q6/1K6/8/8/8/8/8 b - - 150 100"), ""),
    ("goal region", "kingofthehill", Some("k7/8/8/8/3K4/8/8/8 b - - 0 1"), ""),
    ("makruk threefold: claim only", "makruk", None, "Nd2 Nd7 Nb1 Nb8 Nd2 Nd7 Nb1 Nb8 Nd2 Nd7 Nb1 Nb8 Nd2 Nd7 Nb1 Nb8"),
    ("sennichite: fourfold is the end, a loss for White (sente)", "minishogi", None, "Re2 Ra4 Re1 Ra5 Re2 Ra4 Re1 Ra5 Re2 Ra4 Re1 Ra5"),
];

/// What a front end says of a position: its result (`*` or `score reason`), what may be
/// claimed (each in words), and how many moves it lists.
#[derive(Debug, PartialEq, Eq)]
struct Record {
    result: String,
    claims: Vec<String>,
    moves: usize,
}

impl std::fmt::Display for Record {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "result: {}\nclaims: {:?}\nmoves: {}", self.result, self.claims, self.moves)
    }
}

fn moves_args<'a>(variant: &'a str, fen: &'a Option<String>, moves: &'a str) -> Vec<&'a str> {
    let mut args = vec!["moves", variant];
    if let Some(fen) = fen {
        args.extend(["--fen", fen]);
    }
    if !moves.is_empty() {
        args.extend(["--moves", moves]);
    }
    args
}

/// `chimera moves --snapshot`: the canonical text (its result is `Outcome`'s display).
fn by_snapshot(variant: &str, fen: &Option<String>, moves: &str) -> Record {
    let mut args = moves_args(variant, fen, moves);
    args.push("--snapshot");
    let r = run(&args, None).ok();
    let field = |key: &str| r.lines().into_iter().filter_map(|l| l.strip_prefix(key)).map(str::to_string).collect::<Vec<_>>();
    let result = field("result: ").remove(0);
    // `1-0 white wins by checkmate` / `1/2-1/2 draw by stalemate` → `1-0 checkmate`.
    let result = match result.rsplit_once(" by ") {
        Some((head, reason)) => format!("{} {reason}", head.split(' ').next().unwrap()),
        None => result,
    };
    Record { result, claims: field("claimable: "), moves: field("moves: ")[0].parse().unwrap() }
}

/// `chimera moves`: the moves on stdout, the end or the claims on stderr.
fn by_moves(variant: &str, fen: &Option<String>, moves: &str) -> (usize, Option<String>, Vec<String>) {
    let r = run(&moves_args(variant, fen, moves), None);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let over = r.stderr.lines().find_map(|l| l.strip_prefix("game over: ")).map(str::to_string);
    let claims = r.stderr.lines().filter_map(|l| l.strip_prefix("claimable: ")).map(str::to_string).collect();
    (r.stdout.lines().count(), over, claims)
}

/// `chimera validate`: the moves as movetext; its result line and the claim it reports.
fn by_validate(variant: &str, fen: &Option<String>, moves: &str) -> (Option<String>, Option<String>) {
    let mut args = vec!["validate", variant];
    if let Some(fen) = fen {
        args.extend(["--fen", fen]);
    }
    args.push("-");
    let r = run(&args, Some(moves)).ok();
    let line = |key: &str| r.stdout.lines().find_map(|l| l.strip_prefix(key)).map(str::to_string);
    (line("result: ").filter(|r| r != "* (game not over)"), line("claimable: "))
}

/// The serve protocol's `position` and `moves` answers, through `ask`.
fn by_protocol(ask: &mut dyn FnMut(Value) -> Value, variant: &str, fen: &Option<String>, moves: &str) -> (Record, Option<String>) {
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let opened = ask(json!({"op": "open", "variant": variant, "fen": fen, "moves": moves}));
    let game = opened["game"].as_str().expect("opened").to_string();
    let p = ask(json!({"op": "position", "game": game}));
    let listed = ask(json!({"op": "moves", "game": game}));
    ask(json!({"op": "close", "game": game}));
    let result = match &p["result"] {
        Value::Null => "*".to_string(),
        r => format!("{} {}", r["score"].as_str().unwrap(), r["reason"].as_str().unwrap()),
    };
    let claims = p["claims"].as_array().unwrap().iter().map(|c| c["description"].as_str().unwrap().to_string()).collect();
    assert_eq!(listed["result"], p["result"]);
    let description = p["result"]["description"].as_str().map(str::to_string);
    (Record { result, claims, moves: listed["moves"].as_array().unwrap().len() }, description)
}

#[test]
fn every_front_end_agrees_on_the_end_and_the_claims() {
    let mut serve = Serve::start();
    let web = Web::start(&[]);
    let mut pinned = String::new();
    for &(name, variant, fen, moves) in POSITIONS {
        let fen = fen.map(str::to_string);
        let record = by_snapshot(variant, &fen, moves);
        let (served, description) = by_protocol(&mut |r| serve.ok(r), variant, &fen, moves);
        assert_eq!(served, record, "{name}: serve against moves --snapshot");
        let (webbed, _) = by_protocol(&mut |r| web.api(&r.to_string()), variant, &fen, moves);
        assert_eq!(webbed, record, "{name}: web against moves --snapshot");
        let (listed, over, claims) = by_moves(variant, &fen, moves);
        assert_eq!((listed, &over, &claims), (record.moves, &description, &record.claims), "{name}: moves");
        let (result, claim) = by_validate(variant, &fen, moves);
        assert_eq!(result, description, "{name}: validate");
        // validate reports what the final position itself allows, not a claim by a move.
        let now: Vec<&String> = record.claims.iter().filter(|c| !c.contains("announcing")).collect();
        assert_eq!(claim.as_ref(), now.first().copied(), "{name}: validate's claim");
        assert!(record.result == "*" || (record.moves == 0 && record.claims.is_empty()), "{name}: over, yet {record}");
        let start = fen.as_deref().unwrap_or("startpos");
        pinned += &format!("## {name}\nvariant: {variant}\nfen: {start}\nplay: {moves}\n{record}\n");
    }
    insta::assert_snapshot!(pinned);
}
