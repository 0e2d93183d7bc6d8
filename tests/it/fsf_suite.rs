//! Fairy-Stockfish's perft suite (`tests/perft.sh`, copied to
//! `tests/data/fsf-perft-suite.tsv`): every case of every variant the library has under
//! Fairy-Stockfish's name must give Fairy-Stockfish's count, from the FEN exactly as
//! Fairy-Stockfish writes it.
//!
//! The cases up to [`QUICK_LEAVES`] leaves run in the normal test suite; the rest run with
//! `cargo test --release --test fsf_suite -- --ignored` (a few minutes).
//! Every suite variant the library lacks must be listed in the README's catalogue with the
//! rule it is missing.

use chimera::variants::builtin;
use chimera::CastlingMode;

/// Cases with at most this many leaves run in the normal suite.
const QUICK_LEAVES: u64 = 3_000_000;

/// How many of the suite's variants the library must match in full. Raised as variants
/// are added, never lowered.
const FLOOR: usize = 86;

struct Case {
    line: usize,
    variant: String,
    fen: Option<String>,
    depth: u32,
    expected: u64,
    /// Run with Fairy-Stockfish's UCI_Chess960 (castling with the king and rooks anywhere).
    chess960: bool,
}

fn cases() -> Vec<Case> {
    let text = include_str!("../data/fsf-perft-suite.tsv");
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let f: Vec<&str> = l.split('\t').collect();
            assert!(f.len() == 4 || f.get(4) == Some(&"chess960"), "line {}: {l:?}", i + 1);
            Case {
                line: i + 1,
                variant: f[0].to_string(),
                fen: (f[1] != "startpos").then(|| f[1].to_string()),
                depth: f[2].parse().unwrap(),
                expected: f[3].parse().unwrap(),
                chess960: f.len() == 5,
            }
        })
        .collect()
}

/// The count Chimera gives for a case, or why it could not run it.
fn run(case: &Case) -> Result<u64, String> {
    let b = builtin(&case.variant).ok_or("not in the library")?;
    let variant = b.variant().map_err(|e| e.to_string())?;
    let mut position = match &case.fen {
        None => variant.start(),
        Some(fen) => {
            let mode = if case.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
            variant.position_in(fen, mode).map_err(|e| format!("FEN {fen:?}: {e}"))?
        }
    };
    Ok(position.perft(case.depth))
}

/// Runs the library's cases chosen by `pick` and fails on any mismatch or unreadable FEN.
fn check(pick: impl Fn(&Case) -> bool) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases().iter().filter(|c| builtin(&c.variant).is_some() && pick(c)) {
        ran += 1;
        match run(case) {
            Ok(n) if n == case.expected => {}
            Ok(n) => failures.push(format!(
                "line {}: {} {} depth {}: {n}, Fairy-Stockfish {}",
                case.line,
                case.variant,
                case.fen.as_deref().unwrap_or("startpos"),
                case.depth,
                case.expected
            )),
            Err(e) => failures.push(format!("line {}: {}: {e}", case.line, case.variant)),
        }
    }
    assert!(failures.is_empty(), "{} of {ran} cases differ:\n{}", failures.len(), failures.join("\n"));
    ran
}

#[test]
fn library_matches_the_quick_cases() {
    assert!(check(|c| c.expected <= QUICK_LEAVES) > 0);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn library_matches_the_deep_cases() {
    check(|c| c.expected > QUICK_LEAVES);
}

/// The suite's variants, each either in the library or in the book's list of those out of
/// reach (`docs/src/variants.md`: a table row starting with the variant's name in backquotes).
#[test]
fn every_suite_variant_is_in_the_library_or_catalogued() {
    let page = include_str!("../../docs/src/variants.md");
    let section = page
        .split_once("## Out of reach")
        .map(|(_, rest)| rest.split("\n## ").next().unwrap_or(rest))
        .expect("docs/src/variants.md has a section `## Out of reach`");
    let cases = cases();
    let mut variants: Vec<String> = cases.iter().map(|c| c.variant.clone()).collect();
    variants.sort();
    variants.dedup();
    let mut missing = Vec::new();
    let mut library = 0;
    for v in &variants {
        let listed = section.contains(&format!("| `{v}` |"));
        match (builtin(v).is_some(), listed) {
            (true, false) => library += 1,
            (true, true) => missing.push(format!("{v}: in the library but still listed as out of reach")),
            (false, true) => {}
            (false, false) => missing.push(format!("{v}: neither in the library nor listed as out of reach")),
        }
    }
    assert!(missing.is_empty(), "{}", missing.join("\n"));
    assert!(library >= FLOOR, "{library} suite variants in the library, at least {FLOOR} expected");
}
