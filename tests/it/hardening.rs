//! Hostile input (issue 26): FENs whose castling rights or pieces no game could reach,
//! `import-ini` files that name paths, `extends` that names files or devices. Each test
//! is the regression test of one defect found by the hostile-input campaign.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use chimera::variants::{self, load};
use chimera::{CastlingMode, FenField};
use proptest::prelude::*;

fn chimera(args: &[&str], dir: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_chimera")).args(args).current_dir(dir).output().expect("chimera runs")
}

/// A fresh empty folder under the temp directory, unique to this process and `name`.
fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-hardening-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[track_caller]
fn refused(variant: &str, fen: &str, field: FenField, why: &str) {
    let e = load(variant).unwrap().position(fen).expect_err(fen);
    assert_eq!(e.field, field, "{fen}: {e}");
    assert!(e.message.contains(why), "{fen}: {e}");
}

#[test]
fn castling_rights_need_the_castling_types_not_any_piece_of_the_colour() {
    refused("chess", "2k5/8/8/8/8/8/8/K3Q2R w K - 0 1", FenField::Castling, "needs a white king on e1, but a white queen stands there");
    for piece in ["N", "B", "Q"] {
        let fen = format!("2k5/8/8/8/8/8/8/4K2{piece} w K - 0 1");
        refused("chess", &fen, FenField::Castling, "needs a white rook on h1, but a white");
    }
    refused("chess", "4k2n/8/8/8/8/8/8/4K3 b k - 0 1", FenField::Castling, "needs a black rook on h8");
    // The true pieces still castle, with rights by letter or by the rook's file.
    let chess = load("chess").unwrap();
    for field in ["KQkq", "HAha"] {
        let pos = chess.position(&format!("r3k2r/8/8/8/8/8/8/R3K2R w {field} - 0 1")).unwrap();
        assert!(pos.legal_moves().iter().any(|m| pos.uci(*m) == "e1g1"), "{field}");
    }
}

#[test]
fn pieces_where_none_of_their_kind_could_stand_are_refused() {
    // A chess pawn never stands on its first rank (it only moves forward) nor on its last
    // (it must promote there).
    refused(
        "chess",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPP1/RNBQKBNP w Qkq - 0 1",
        FenField::Board,
        "a white pawn on h1: it moves only forward",
    );
    refused("chess", "4k2P/8/8/8/8/8/8/4K3 w - - 0 1", FenField::Board, "a white pawn on h8: it must have promoted");
    refused("chess", "4k3/8/8/8/8/8/8/p3K3 b - - 0 1", FenField::Board, "a black pawn on a1: it must have promoted");
    // A shogi knight must promote on its last two ranks.
    refused(
        "shogi",
        "lnsgkgsnl/1r4bN1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGS1L[-] w 0 1",
        FenField::Board,
        "knight on h8: it must have promoted",
    );
    // Where the variant brings pawns into play on those ranks, they may stand there:
    // Horde's White pawns start on rank 1, Chessgi drops pawns on the first rank.
    let horde = load("horde").unwrap();
    horde.position(&horde.rules().start_fen).unwrap();
    load("chessgi").unwrap().position("4k3/8/8/8/8/8/8/P3K3[] w - - 0 1").unwrap();
    // A piece that may move backwards is not refused on its first rank.
    load("chess").unwrap().position("4k3/8/8/8/8/8/8/N3K3 w - - 0 1").unwrap();
}

#[test]
fn chess960_letters_on_a_standard_reading_are_refused_and_read_in_chess960_mode() {
    let fen = "rnbqb1kr/pppppppp/8/8/8/8/PPPPPPPP/RNBQB1KR w AHah - 0 1";
    refused("extinction", fen, FenField::Castling, "(a Chess960 position? read it in Chess960 mode)");
    let v = load("extinction").unwrap();
    let mut pos = v.position_in(fen, CastlingMode::Chess960).unwrap();
    assert_eq!(pos.perft(4), 195_286, "Fairy-Stockfish's count (tests/data/fsf-perft-suite.tsv)");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// For positions reached by random legal moves in every built-in with castles, each
    /// FEN Chimera writes reads back to itself, and any castling field put in its place
    /// either reads back to itself too or is refused with the castling field's reason.
    #[test]
    fn fens_read_back_and_refusals_say_why(builtin in 0..variants::BUILTINS.len(), seed in any::<u64>(), field in "[KQkqABCDEFGHabcdefgh]{0,5}") {
        let v = variants::BUILTINS[builtin].variant().unwrap();
        let mut pos = v.start();
        let mut state = seed | 1;
        for _ in 0..(seed % 24) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            pos.play(moves[(state % moves.len() as u64) as usize]).unwrap();
        }
        let fen = pos.fen();
        prop_assert_eq!(v.position(&fen).unwrap().fen(), fen.clone());
        let mut fields: Vec<&str> = fen.split(' ').collect();
        let field = if field.is_empty() { "-".to_string() } else { field };
        if fields.len() > 2 && !fields[2].bytes().all(|b| b.is_ascii_digit()) {
            fields[2] = &field;
            let edited = fields.join(" ");
            match v.position(&edited) {
                Ok(p) => prop_assert_eq!(v.position(&p.fen()).unwrap().fen(), p.fen()),
                Err(e) => prop_assert!(!e.message.is_empty() && e.field == FenField::Castling, "{}: {}", edited, e),
            }
        }
    }
}

#[test]
fn import_ini_writes_only_ids_inside_its_folder_or_nothing() {
    let dir = temp_dir("ini");
    let victim = dir.join("victim.toml");
    std::fs::write(&victim, "precious").unwrap();
    let evil = format!("[ok:chess]\n[../x:chess]\n[{}:chess]\n[Upper:chess]\n", dir.join("victim").display());
    std::fs::write(dir.join("evil.ini"), evil).unwrap();
    let out = chimera(&["import-ini", "evil.ini", "--out", "d"], &dir);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    for name in ["[../x]", "victim]", "[Upper]"] {
        assert!(stderr.contains(name), "{name} in {stderr}");
    }
    assert!(!stderr.contains("[ok]"), "{stderr}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    assert_eq!(left.len(), 2, "nothing but evil.ini and victim.toml: {left:?}");
    // Good names are written, all at once, into a folder that exists or not.
    std::fs::write(dir.join("good.ini"), "[one:chess]\n[two:one]\n").unwrap();
    for _ in 0..2 {
        let out = chimera(&["import-ini", "good.ini", "--out", "d"], &dir);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
        let mut files: Vec<_> = std::fs::read_dir(dir.join("d")).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
        files.sort();
        assert_eq!(files, ["one.toml", "two.toml"]);
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A section is converted from its parent's model, not by walking the chain again, so a
/// chain's cost is linear: every section of a 300-level chain converts, and each writes the
/// same ruleset whatever its depth (nothing accumulates along the chain). Counted, not
/// timed: the timing itself (250 against 4,000 levels) is `cargo bench --bench import_ini`.
#[test]
fn import_ini_is_linear_in_the_parent_chain() {
    let levels = 300;
    let mut ini = String::from("[v0:chess]\n");
    for i in 1..levels {
        ini += &format!("[v{i}:v{}]\n", i - 1);
    }
    let (sections, errors) = chimera::ini::import(&ini);
    assert!(errors.is_empty(), "{errors:?}");
    assert_eq!(sections.len(), levels);
    let written: Vec<String> = sections
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let text = s.result.as_ref().unwrap_or_else(|e| panic!("v{i}: {e:?}"));
            // The section's own name, the only word that may differ (its parent and line
            // are in the header comment, left out).
            let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
            body.join("\n").replace(&format!("\"v{i}\""), "SELF").replace(&format!("\"v{i} "), "SELF ")
        })
        .collect();
    assert!(written.len() > 2);
    for (i, text) in written.iter().enumerate().skip(2) {
        assert_eq!(text, &written[1], "v{i} wrote another ruleset than v1");
    }
}

#[test]
fn text_extends_only_built_ins_unless_given_a_folder() {
    let dir = temp_dir("extends");
    std::fs::write(dir.join("base.toml"), "extends = \"chess\"\nname = \"base\"\n").unwrap();
    let text = "extends = \"base.toml\"\nname = \"mine\"\n";
    let mine = dir.join("mine.toml").display().to_string();
    let e = variants::from_toml(text, &mine).unwrap_err();
    assert!(e.message.contains("neither a built-in"), "{e}");
    assert_eq!(variants::from_toml_in(text, "mine.toml", &dir).unwrap().name(), "mine");
    // A path outside the folder is refused in the same words whether it exists or not
    // (a client learns nothing of the files outside).
    for outside in ["/etc/hostname", "/etc/no-such-file-here", "../base.toml", "/dev/zero", "missing.toml"] {
        let e = variants::from_toml_in(&format!("extends = \"{outside}\"\nname = \"x\"\n"), "mine.toml", &dir).unwrap_err();
        assert_eq!(e.key, "extends", "{outside}: {e}");
        assert!(e.message.contains(&format!("`{outside}` is no file inside the folder")), "{outside}: {e}");
    }
    assert_eq!(variants::from_toml("extends = \"chess\"\nname = \"c\"\n", "c.toml").unwrap().name(), "c");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn devices_and_named_pipes_are_refused_at_once() {
    let dir = temp_dir("pipes");
    let fifo = dir.join("fifo.toml");
    assert!(Command::new("mkfifo").arg(&fifo).status().unwrap().success());
    std::fs::write(dir.join("top.toml"), "extends = \"fifo.toml\"\nname = \"x\"\n").unwrap();
    std::fs::write(dir.join("zero.toml"), "extends = \"/dev/zero\"\nname = \"x\"\n").unwrap();
    // A reader that blocked on the pipe would hang here: the refusal is by file type.
    for args in [
        &["check", "fifo.toml"][..],
        &["check", "top.toml"],
        &["check", "zero.toml"],
        &["moves", "/dev/zero"],
        &["import-ini", "fifo.toml"],
    ] {
        let out = chimera(args, &dir);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {stderr}");
        assert!(stderr.contains("not a regular file"), "{args:?}: {stderr}");
    }
    // A ruleset over the size cap is refused by size.
    std::fs::write(dir.join("big.toml"), "#".repeat(variants::MAX_RULESET_BYTES as usize + 1)).unwrap();
    let e = variants::from_file(&dir.join("big.toml").display().to_string()).unwrap_err();
    assert!(e.to_string().contains("larger than"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

fn play(variant: &chimera::Variant, fen: &str, moves: &[&str]) -> chimera::Position {
    let mut pos = variant.position(fen).unwrap();
    for m in moves {
        let mv = pos.parse_move(m).unwrap_or_else(|e| panic!("{m}: {e}"));
        pos.play(mv).unwrap();
    }
    pos
}

#[test]
fn the_fullmove_number_saturates_where_the_reader_stops() {
    let chess = load("chess").unwrap();
    let mut pos = play(&chess, "4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295", &["Kd7"]);
    let fen = pos.fen();
    assert!(fen.ends_with(" 4294967295"), "{fen}");
    assert_eq!(chess.position(&fen).unwrap().fen(), fen);
    pos.undo();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/4K3 b - - 0 4294967295");
    let e = chess.position("4k3/8/8/8/8/8/8/4K3 b - - 0 4294967296").unwrap_err();
    assert_eq!(e.field, FenField::Fullmove);
}

#[test]
fn a_fen_key_given_twice_is_refused() {
    let v = load("mystic").unwrap();
    let fen = v.start().fen();
    let e = v.position(&format!("{fen} coins=1/1")).unwrap_err();
    assert_eq!(e.field, FenField::Extra, "{e}");
    assert!(e.message.contains("`coins=` is given twice"), "{e}");
}

#[test]
fn a_promoted_piece_demotes_before_its_type_decides_what_goes_to_hand() {
    let text = "extends = \"crazyhouse\"\nname = \"x\"\n[pieces.queen]\ncaptured_as = \"none\"\n";
    let v = variants::from_toml(text, "x.toml").unwrap();
    let pawn = chimera::PieceType::new(v.rules().pieces.iter().position(|p| p.name == "pawn").unwrap() as u8);
    let queen = chimera::PieceType::new(v.rules().pieces.iter().position(|p| p.name == "queen").unwrap() as u8);
    let pos = play(&v, "4k3/8/8/8/8/8/q~7/R3K3[] w - - 0 1", &["Rxa2"]);
    assert_eq!(pos.hand(chimera::Color::White, pawn), 1, "{}", pos.fen());
    // An unpromoted queen still leaves the game.
    let pos = play(&v, "4k3/8/8/8/8/8/q7/R3K3[] w - - 0 1", &["Rxa2"]);
    assert_eq!(pos.hand(chimera::Color::White, queen) + pos.hand(chimera::Color::White, pawn), 0, "{}", pos.fen());
}

#[test]
fn pawnback_resets_the_move_rule_count_on_a_promotion() {
    let v = load("pawnback").unwrap();
    let pos = play(&v, "4k3/1P6/8/8/8/8/8/4K3 w - - 7 1", &["b7b8b"]);
    assert_eq!(pos.halfmove_clock(), 0, "{}", pos.fen());
}

#[test]
fn validate_escapes_control_characters_it_echoes() {
    let dir = temp_dir("escape");
    let pgn = "[Variant \"che\u{1b}[2Jss\u{7}\"]\n\n1. e4 e5 *\n\n[Variant \"chess\"]\n\n1. e4 \u{1b}]0;x\u{7} *\n";
    std::fs::write(dir.join("games.pgn"), pgn).unwrap();
    let out = chimera(&["validate", "chess", "games.pgn"], &dir);
    let text = String::from_utf8_lossy(&out.stdout) + String::from_utf8_lossy(&out.stderr);
    assert!(!text.contains('\u{1b}') && !text.contains('\u{7}'), "{text:?}");
    assert!(text.contains("\\u{1b}"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}
