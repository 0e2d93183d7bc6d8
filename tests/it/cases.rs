//! The snapshot-test kit: every `tests/cases/<variant>/<name>.toml` becomes a snapshot
//! of its position's legal moves (sorted, each with its SAN and the FEN after it), in
//! the text `chimera moves --snapshot` prints.
//!
//! A case file:
//!
//! ```toml
//! note = "what rule this pins"              # required: why the case exists
//! fen = "1k4/4P1/6/6/6/R2K2 w - - 0 1"      # optional: default the variant's start
//! moves = "e4 e5 Nf3"                       # optional: played first (SAN or long algebraic)
//! legal = 15                                # optional: the number of legal moves, asserted
//! variant = "mischia"                       # optional: default the directory's name
//! chess960 = true                           # optional: read the FEN as Chess960
//! ```
//!
//! New or changed snapshots are reviewed with `cargo insta review`.

use std::fs;
use std::path::Path;

use chimera::CastlingMode;
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    note: String,
    fen: Option<String>,
    moves: Option<String>,
    legal: Option<usize>,
    variant: Option<String>,
    #[serde(default)]
    chess960: bool,
}

fn run(path: &Path, dir_variant: &str) -> String {
    let text = fs::read_to_string(path).unwrap();
    let case: Case = toml::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let variant_name = case.variant.as_deref().unwrap_or(dir_variant);
    let variant = chimera::variants::load(variant_name).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut pos = match &case.fen {
        Some(fen) => {
            let mode = if case.chess960 { CastlingMode::Chess960 } else { CastlingMode::Standard };
            variant.position_in(fen, mode).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
        }
        None => variant.start(),
    };
    if let Some(moves) = &case.moves {
        for token in chimera::movetext::read(moves).unwrap() {
            if let Some(m) = token.move_text() {
                pos.play_str(m).unwrap_or_else(|e| panic!("{}: {m}: {e}", path.display()));
            }
        }
    }
    let mut out = format!("variant: {variant_name}\nnote: {}\n", case.note);
    if let Some(moves) = &case.moves {
        out += &format!("after: {moves}\n");
    }
    let listing = chimera::snapshot::render(&mut pos);
    if let Some(n) = case.legal {
        assert!(listing.contains(&format!("\nmoves: {n}\n")), "{}: expected {n} legal moves\n{listing}", path.display());
    }
    out + &listing
}

#[test]
fn every_case_matches_its_snapshot() {
    let root = Path::new("tests/cases");
    let mut variants: Vec<_> = fs::read_dir(root).unwrap().map(|e| e.unwrap().path()).filter(|p| p.is_dir()).collect();
    variants.sort();
    let mut count = 0;
    for dir in variants {
        let variant = dir.file_name().unwrap().to_string_lossy().to_string();
        let mut files: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "toml"))
            .collect();
        files.sort();
        for file in files {
            let name = format!("{variant}__{}", file.file_stem().unwrap().to_string_lossy());
            let text = run(&file, &variant);
            insta::with_settings!({ snapshot_path => "../cases/snapshots", prepend_module_to_snapshot => false, omit_expression => true }, {
                insta::assert_snapshot!(name, text);
            });
            count += 1;
        }
    }
    assert!(count > 0, "no cases found");
}

/// Every built-in variant has at least one case.
#[test]
fn every_builtin_variant_has_cases() {
    for b in chimera::variants::BUILTINS {
        let dir = Path::new("tests/cases").join(b.id);
        let has = dir.is_dir() && fs::read_dir(&dir).unwrap().any(|e| e.unwrap().path().extension().is_some_and(|x| x == "toml"));
        assert!(has, "no case for the built-in variant `{}` in tests/cases/{}/", b.id, b.id);
    }
}
