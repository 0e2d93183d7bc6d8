//! `chimera import-ini` on Fairy-Stockfish's own `variants.ini` (copied to
//! `tests/data/fsf-upstream-variants.ini`): every section converts or is refused with its
//! section, line, option and reason; every converted ruleset gives Fairy-Stockfish's perft
//! counts (`tests/data/fsf-ini-perft.tsv`, from `scripts/fsf_ini_perft.py` through pyffish).

use std::collections::BTreeMap;

use chimera::ini::import;

const INI: &str = include_str!("data/fsf-upstream-variants.ini");

/// Fairy-Stockfish's counts: per section, (FEN, depth, nodes).
fn expected() -> BTreeMap<String, Vec<(String, u32, u64)>> {
    let mut by = BTreeMap::<String, Vec<_>>::new();
    for line in include_str!("data/fsf-ini-perft.tsv").lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()) {
        let f: Vec<&str> = line.split('\t').collect();
        by.entry(f[0].to_string()).or_default().push((f[1].to_string(), f[2].parse().unwrap(), f[3].parse().unwrap()));
    }
    by
}

#[test]
fn converted_sections_match_fairy_stockfish_perft() {
    let (sections, _) = import(INI);
    let expected = expected();
    let mut converted = 0;
    let mut failures = Vec::new();
    for s in &sections {
        let Ok(text) = &s.result else { continue };
        converted += 1;
        let variant = chimera::variants::from_toml(text, &format!("{}.toml", s.name)).unwrap();
        let cases = expected.get(&s.name).unwrap_or_else(|| panic!("no Fairy-Stockfish counts for [{}]", s.name));
        for (fen, depth, nodes) in cases {
            // Fairy-Stockfish writes castling rights even where castling is off: the
            // converted start must have its board and hands.
            let mut pos = variant.start();
            // (Board, then the hands' pieces in any order.)
            let board = |f: &str| {
                let field = f.split_whitespace().next().unwrap_or("");
                let (board, hands) = field.split_once('[').unwrap_or((field, ""));
                let mut hands: Vec<char> = hands.chars().filter(|c| c.is_ascii_alphabetic()).collect();
                hands.sort();
                (board.to_string(), hands)
            };
            assert_eq!(board(&pos.fen()), board(fen), "[{}]: the start position differs", s.name);
            let got = pos.perft(*depth);
            if got != *nodes {
                failures.push(format!("[{}] depth {depth}: {got}, Fairy-Stockfish {nodes}", s.name));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(converted >= 20, "only {converted} sections converted");
}

/// Every refusal names its section, the option and why; the list is pinned (review it by
/// eye when the importer learns an option).
#[test]
fn refusals_name_section_line_and_option() {
    let (sections, line_errors) = import(INI);
    let mut text = String::new();
    for e in &line_errors {
        text += &format!("line {}: {}\n", e.line, e.message);
    }
    for s in &sections {
        match &s.result {
            Ok(_) => text += &format!("converted [{}]\n", s.name),
            Err(r) => {
                // The option may stand in an ancestor's section, which the refusal names.
                assert!(!r.option.is_empty() && !r.reason.is_empty(), "{r}");
                text += &format!("{}: {r}\n", s.name);
            }
        }
    }
    insta::assert_snapshot!(text);
}

#[test]
fn an_unexpressible_option_is_refused_at_its_line() {
    let ini = "[mini:chess]\nmaxRank = 6\nstartFen = rnbqkbnr/pppppppp/8/8/PPPPPPPP/RNBQKBNR w - - 0 1\ncastling = false\nblastOnCapture = true\n";
    let (sections, _) = import(ini);
    let r = sections[0].result.as_ref().unwrap_err();
    assert_eq!((r.section.as_str(), r.line, r.option.as_str()), ("mini", 5, "blastOnCapture"), "{r}");
}

#[test]
fn an_unknown_parent_is_refused() {
    let (sections, _) = import("[mine:nosuchvariant]\nmaxRank = 6\n");
    let r = sections[0].result.as_ref().unwrap_err();
    assert_eq!(r.option, "parent");
    assert!(r.reason.contains("nosuchvariant"), "{r}");
}
