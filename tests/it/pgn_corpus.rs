//! The shared PGN corpus (`tests/data/pgn/`, issue 51): `chimera validate` gives each of
//! its games the verdict `corpus.verdicts` lists, from the plain file, its `.zst` and
//! `.gz` copies and standard input; the library's two routes (a stream read in place,
//! and games cut into texts and checked alone, as the Python package checks them) agree
//! game by game. `python/tests/test_pgn_corpus.py` holds the Python package to the same
//! list.

use chimera::movetext::GameTexts;
use chimera::pgn::{Checker, Verdict};
use serde_json::Value;

use crate::cli::run;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/pgn");

/// `corpus.verdicts`: each game's number and `ok` or its failure's code.
fn expected() -> Vec<(u64, String)> {
    let text = std::fs::read_to_string(format!("{DIR}/corpus.verdicts")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let (n, v) = l.split_once(' ').unwrap();
            (n.parse().unwrap(), v.trim().to_string())
        })
        .collect()
}

/// `chimera validate chess --json` on `file`: each game's number and `ok` or its code.
fn cli_verdicts(file: &str, stdin: Option<&str>) -> Vec<(u64, String)> {
    let r = run(&["validate", "chess", "--json", file], stdin);
    assert_eq!(r.code, 1, "some games fail; stderr: {}", r.stderr);
    r.stdout
        .lines()
        .map(|line| {
            let v: Value = serde_json::from_str(line).unwrap();
            let verdict = match v["ok"].as_bool().unwrap() {
                true => "ok".to_string(),
                false => v["problem"]["code"].as_str().expect("every failure has its code").to_string(),
            };
            (v["game"].as_u64().unwrap(), verdict)
        })
        .collect()
}

#[test]
fn the_cli_gives_the_corpus_its_verdicts() {
    let want = expected();
    assert_eq!(want.len(), 12);
    for file in ["corpus.pgn", "corpus.pgn.zst", "corpus.pgn.gz"] {
        assert_eq!(cli_verdicts(&format!("{DIR}/{file}"), None), want, "{file}");
    }
    let text = std::fs::read_to_string(format!("{DIR}/corpus.pgn")).unwrap();
    assert_eq!(cli_verdicts("-", Some(&text)), want, "standard input");
}

fn key(v: &Verdict) -> (usize, usize, String, usize, String, Option<String>) {
    (v.game, v.line, v.variant.clone(), v.plies, v.fen.clone(), v.problem.as_ref().map(|p| format!("{}: {p}", p.code())))
}

#[test]
fn games_cut_into_texts_get_the_verdicts_they_get_in_their_file() {
    let pgn = std::fs::read(format!("{DIR}/corpus.pgn")).unwrap();
    let chess = chimera::variants::load("chess").unwrap();
    let in_place: Vec<_> = Checker::new(&chess).games(&pgn[..]).map(|v| key(&v)).collect();
    let mut checker = Checker::new(&chess);
    let cut: Vec<_> = GameTexts::new(&pgn[..]).map(|t| key(&checker.game_text(&t).unwrap())).collect();
    assert_eq!(in_place, cut);
    let codes: Vec<_> =
        in_place.iter().map(|k| (k.0 as u64, k.5.as_ref().map_or("ok".to_string(), |p| p[..p.find(':').unwrap()].to_string()))).collect();
    assert_eq!(codes, expected());
}

#[test]
fn a_tag_pair_not_closed_costs_its_own_game_alone() {
    // Issue 51: `[White "x]` made the reader read on for a tag pair's 4 KiB, swallowing
    // the games there (2,194 of 2,200 counted).
    let game = |n: usize| {
        let white = if n == 7 { "[White \"x]".to_string() } else { format!("[White \"p{n}\"]") };
        format!("[Event \"{n}\"]\n{white}\n[Black \"q\"]\n\n1. e4 {{a comment long enough to count}} e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n")
    };
    let text: String = (1..=2200).map(game).collect();
    let r = run(&["validate", "chess", "--json", "-"], Some(&text));
    let verdicts: Vec<Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(verdicts.len(), 2200);
    let failed: Vec<_> = verdicts.iter().filter(|v| v["ok"] == false).collect();
    assert_eq!(failed.len(), 1);
    assert_eq!((failed[0]["game"].as_u64(), failed[0]["problem"]["code"].as_str()), (Some(7), Some("unreadable-movetext")));
    assert_eq!(failed[0]["problem"]["line"], 38);
}
