//! The `chimera` binary, run as a user would.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};

pub(crate) struct Run {
    pub(crate) code: i32,
    pub(crate) stdout: String,
    pub(crate) stderr: String,
}

impl Run {
    pub(crate) fn lines(&self) -> Vec<&str> {
        self.stdout.lines().collect()
    }
    #[track_caller]
    pub(crate) fn ok(self) -> Run {
        assert_eq!(self.code, 0, "exit code; stderr: {}", self.stderr);
        assert!(self.stderr.is_empty(), "stderr: {}", self.stderr);
        self
    }
    #[track_caller]
    fn fails(self) -> Run {
        assert_eq!(self.code, 1, "exit code; stdout: {} stderr: {}", self.stdout, self.stderr);
        assert!(!self.stderr.contains("panicked"), "{}", self.stderr);
        self
    }
}

pub(crate) fn run(args: &[&str], stdin: Option<&str>) -> Run {
    run_in(env!("CARGO_MANIFEST_DIR").as_ref(), args, stdin)
}

/// `chimera` run in `dir` (the checkout, unless a test needs to be elsewhere).
fn run_in(dir: &std::path::Path, args: &[&str], stdin: Option<&str>) -> Run {
    let mut child = Command::new(env!("CARGO_BIN_EXE_chimera"))
        .args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the chimera binary runs");
    // Fed from a thread: `validate` answers while it reads, so its output must be drained
    // meanwhile (a reader that stops early may also close its input: that is no error).
    let feeder = stdin.map(|input| {
        let (mut pipe, input) = (child.stdin.take().unwrap(), input.to_string());
        std::thread::spawn(move || drop(pipe.write_all(input.as_bytes())))
    });
    let out = child.wait_with_output().unwrap();
    if let Some(f) = feeder {
        f.join().unwrap();
    }
    Run {
        code: out.status.code().expect("exited, not killed by a signal"),
        stdout: String::from_utf8(out.stdout).unwrap(),
        stderr: String::from_utf8(out.stderr).unwrap(),
    }
}

fn chimera(args: &[&str]) -> Run {
    run(args, None)
}

/// `chimera validate <variant> -` with `movetext` on stdin.
fn validate(variant: &str, movetext: &str) -> Run {
    run(&["validate", variant, "-"], Some(movetext))
}

/// A file under the temp directory, unique to this test process and `name`.
fn temp_file(name: &str, contents: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("chimera-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

// ---- variants ----

/// A Mitred built-in `extends` an embedded base by path (`bases/…`): a ruleset extending
/// the built-in loads from any directory, not only a checkout that has the base on disk.
#[test]
fn a_file_extending_a_mitred_builtin_loads_outside_the_checkout() {
    let file = temp_file("mitred-overlay.toml", "extends = \"mitred-ariana\"\nname = \"overlay\"\n");
    let out = run_in(&std::env::temp_dir(), &["perft", file.to_str().unwrap(), "2"], None).ok();
    assert_eq!(out.lines().last().copied(), Some("nodes 196"), "{}", out.stdout);
}

#[test]
fn variants_lists_the_builtins_aligned() {
    let r = chimera(&["variants"]).ok();
    let width = chimera::variants::BUILTINS.iter().map(|b| b.id.len()).max().unwrap();
    let expected: Vec<String> =
        chimera::variants::BUILTINS.iter().map(|b| format!("{:width$}  {}", b.id, b.variant().unwrap().rules().description)).collect();
    assert_eq!(r.lines(), expected);
    assert!(r.lines()[0].starts_with("chess ") && r.lines()[0].ends_with("  Orthodox chess (FIDE rules)"));
}

// ---- perft ----

#[test]
fn perft_chess_3() {
    let r = chimera(&["perft", "chess", "3"]).ok();
    assert_eq!(r.stdout.lines().last(), Some("nodes 8902"));
}

#[test]
fn perft_losalamos_3() {
    let r = chimera(&["perft", "losalamos", "3"]).ok();
    assert_eq!(r.stdout.lines().last(), Some("nodes 1212"));
}

#[test]
fn perft_from_a_fen() {
    // Kiwipete.
    let fen = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    let r = chimera(&["perft", "chess", "2", "--fen", fen]).ok();
    assert_eq!(r.stdout, "nodes 2039\n");
}

#[test]
fn perft_divide_lists_sorted_root_moves() {
    let r = chimera(&["perft", "chess", "2", "--divide"]).ok();
    let lines = r.lines();
    assert_eq!(lines.len(), 21);
    let (moves, last) = lines.split_at(20);
    assert_eq!(last, ["nodes 400"]);
    for line in moves {
        assert!(line.ends_with(" 20"), "{line}");
        let mv = line.split(' ').next().unwrap();
        assert!((4..=5).contains(&mv.len()), "{line}");
    }
    let mut sorted = moves.to_vec();
    sorted.sort();
    assert_eq!(sorted, moves);
    assert_eq!(moves[0], "a2a3 20");
    assert!(moves.contains(&"g1f3 20"));
}

/// `--match`: both boards of a bughouse match, a move on either a ply; `--divide` names
/// each root move's board; a variant of one board only, or a FEN of one board, is refused.
#[test]
fn perft_of_a_bughouse_match() {
    assert_eq!(chimera(&["perft", "bughouse", "3", "--match"]).ok().stdout, "nodes 65804\n");
    let fen = "4k3/1P6/8/3q~4/8/2N5/8/4K3[] w - - 0 1 | 4k3/8/8/8/8/8/6p1/R3K2R[N] b KQ - 0 1";
    let r = chimera(&["perft", "bughouse", "2", "--match", "--divide", "--fen", fen]).ok();
    let lines = r.lines();
    assert_eq!(lines.last().copied(), Some("nodes 1803"));
    assert_eq!(lines.len(), 29);
    assert!(lines.contains(&"A c3d5 64") && lines.contains(&"B g2h1q 79"), "{lines:?}");
    let json = chimera(&["perft", "bughouse", "1", "--match", "--json"]).ok();
    assert!(json.stdout.contains("\"nodes\":40") && json.stdout.contains(" | "), "{}", json.stdout);
    let r = chimera(&["perft", "chess", "1", "--match"]).fails();
    assert!(r.stderr.contains("chess is not one board of a two-board game"), "{}", r.stderr);
    let r = chimera(&["perft", "bughouse", "1", "--match", "--fen", "4k3/8/8/8/8/8/8/4K3[] w - - 0 1"]).fails();
    assert!(r.stderr.contains("joined by ` | `; this has 1 part"), "{}", r.stderr);
}

#[test]
fn perft_divide_sums_to_perft() {
    let r = chimera(&["perft", "chess", "3", "--divide"]).ok();
    let lines = r.lines();
    let sum: u64 = lines[..lines.len() - 1].iter().map(|l| l.split(' ').nth(1).unwrap().parse::<u64>().unwrap()).sum();
    assert_eq!(sum, 8902);
    assert_eq!(lines.last(), Some(&"nodes 8902"));
}

#[test]
fn perft_json() {
    let r = chimera(&["perft", "chess", "3", "--json"]).ok();
    assert_eq!(r.lines().len(), 1);
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    assert_eq!(v["nodes"], 8902);
    assert_eq!(v["depth"], 3);
    assert_eq!(v["variant"], "chess");
    assert_eq!(v["fen"], "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
    assert!(v["seconds"].as_f64().unwrap() >= 0.0);
    assert!(v["nodes_per_second"].is_u64() || v["nodes_per_second"].is_null());
    assert!(v.get("divide").is_none());

    let r = chimera(&["perft", "losalamos", "2", "--json", "--divide"]).ok();
    let v: serde_json::Value = serde_json::from_str(&r.stdout).unwrap();
    let divide = v["divide"].as_object().unwrap();
    assert_eq!(divide.len(), 10);
    assert_eq!(divide.values().map(|n| n.as_u64().unwrap()).sum::<u64>(), v["nodes"].as_u64().unwrap());
}

#[test]
fn perft_threads_share_the_root_moves_with_the_same_counts() {
    // Kiwipete (castling, en passant, promotions below) and crazyhouse (drops): the
    // divide of one thread, of three (more threads than cores) and of two must be the
    // same lines.
    let kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
    for (variant, fen, depth, nodes) in [("chess", kiwipete, "3", "97862"), ("crazyhouse", "", "3", "8902")] {
        let fen_args: &[&str] = if fen.is_empty() { &[] } else { &["--fen", fen] };
        let divide = |extra: &[&str]| {
            let mut args = vec!["perft", variant, depth, "--divide"];
            args.extend_from_slice(fen_args);
            args.extend_from_slice(extra);
            chimera(&args).ok().stdout
        };
        let one = divide(&["--threads", "1"]);
        assert!(one.ends_with(&format!("nodes {nodes}\n")), "{variant}: {one}");
        assert_eq!(divide(&["--threads", "3"]), one, "{variant}");
        assert_eq!(divide(&["--threads", "2", "--no-progress"]), one, "{variant}");
        let mut args = vec!["perft", variant, depth, "--threads", "2"];
        args.extend_from_slice(fen_args);
        assert_eq!(chimera(&args).ok().stdout, format!("nodes {nodes}\n"), "{variant}");
    }
    let r = chimera(&["perft", "chess", "2", "--threads", "0"]).fails();
    assert!(r.stderr.contains("--threads"), "{}", r.stderr);
}

#[test]
fn perft_depth_zero_is_one_node() {
    assert_eq!(chimera(&["perft", "chess", "0"]).ok().stdout, "nodes 1\n");
    assert_eq!(chimera(&["perft", "chess", "0", "--divide"]).ok().stdout, "nodes 1\n");
}

#[test]
fn perft_bad_fen_is_the_fen_error() {
    let r = chimera(&["perft", "chess", "2", "--fen", "rnbqkbnr/pppppppp/8/8 w - - 0 1"]).fails();
    assert_eq!(r.stderr, "bad FEN board field: 4 ranks given, the board has 8\n");
    assert!(r.stdout.is_empty());
    let r = chimera(&["perft", "chess", "1", "--fen", "8/8/8/8/8/8/8/8 x - - 0 1"]).fails();
    assert!(r.stderr.starts_with("bad FEN side-to-move field:"), "{}", r.stderr);
}

// ---- moves ----

#[test]
fn moves_from_the_start() {
    let r = chimera(&["moves", "chess"]).ok();
    let lines = r.lines();
    assert_eq!(lines.len(), 20);
    assert!(lines.contains(&"g1f3 Nf3"));
    assert!(lines.contains(&"e2e4 e4"));
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(sorted, lines);
}

#[test]
fn moves_after_a_line_with_castling() {
    let r = chimera(&["moves", "chess", "--moves", "e4 e5 Nf3 Nc6 Bc4 Nf6 O-O"]).ok();
    let lines = r.lines();
    for m in ["h8g8 Rg8", "f6g8 Ng8", "e8e7 Ke7", "f6e4 Nxe4", "c6d4 Nd4"] {
        assert!(lines.contains(&m), "{m} missing from {lines:?}");
    }
    assert!(!lines.iter().any(|l| l.starts_with("e8g8")), "black cannot castle yet");
    assert!(!lines.iter().any(|l| l.starts_with("e1")), "white has moved");
}

#[test]
fn moves_accepts_long_algebraic_and_move_numbers() {
    let a = chimera(&["moves", "chess", "--moves", "e2e4 e7e5 g1f3"]).ok();
    let b = chimera(&["moves", "chess", "--moves", "1. e4 e5 2.Nf3"]).ok();
    assert_eq!(a.stdout, b.stdout);
    assert!(a.lines().contains(&"b8c6 Nc6"));
}

#[test]
fn moves_with_a_fen_shows_promotions() {
    let r = chimera(&["moves", "chess", "--fen", "8/P6k/8/8/8/8/8/K7 w - - 0 1"]).ok();
    let lines = r.lines();
    for m in ["a7a8b a8=B", "a7a8n a8=N", "a7a8q a8=Q", "a7a8r a8=R"] {
        assert!(lines.contains(&m), "{m} missing from {lines:?}");
    }
}

#[test]
fn moves_with_an_illegal_move_says_which() {
    let r = chimera(&["moves", "chess", "--moves", "e4 e5 Nf3 Nf5"]).fails();
    assert_eq!(r.stderr, "ply 4 (move 2... for Black): `Nf5`: no black knight can move to f5\n");
    assert!(r.stdout.is_empty());
}

#[test]
fn moves_after_checkmate_prints_nothing() {
    let r = chimera(&["moves", "chess", "--moves", "f3 e5 g4 Qh4#"]);
    assert_eq!(r.code, 0);
    assert_eq!(r.stdout, "");
    assert_eq!(r.stderr, "game over: 0-1 (black wins by checkmate)\n");
}

// ---- validate ----

/// A legal game: both sides castle short, White promotes on a8.
const CASTLE_AND_PROMOTE: &str = "\
[Event \"CLI test\"]
[Site \"?\"]

1. e4 d5 2. exd5 c6 3. dxc6 e5 4. Nf3 Bc5 5. Bc4 Nf6 6. O-O O-O
7. cxb7 {the pawn goes on} Qe7 8. bxa8=Q Bb7 *
";

#[test]
fn validate_a_legal_game_with_castling_and_promotion() {
    let r = validate("chess", CASTLE_AND_PROMOTE).ok();
    assert_eq!(
        r.stdout,
        "plies: 16\n\
         fen: Qn3rk1/pb2qppp/5n2/2b1p3/2B5/5N2/PPPP1PPP/RNBQ1RK1 w - - 1 9\n\
         result: * (game not over)\n\
         text result: * (agrees)\n"
    );
}

#[test]
fn validate_reads_a_file() {
    let path = temp_file("castle-promote.pgn", CASTLE_AND_PROMOTE);
    let r = chimera(&["validate", "chess", path.to_str().unwrap()]).ok();
    std::fs::remove_file(&path).ok();
    assert!(r.stdout.contains("fen: Qn3rk1/pb2qppp/5n2/2b1p3/2B5/5N2/PPPP1PPP/RNBQ1RK1 w - - 1 9\n"), "{}", r.stdout);
}

#[test]
fn validate_en_passant_written_with_e_p() {
    let r = validate("chess", "1. e4 a6 2. e5 d5 3. exd6 e.p. Qxd6").ok();
    assert!(r.stdout.starts_with("plies: 6\nfen: rnb1kbnr/1pp1pppp/p2q4/8/8/8/PPPP1PPP/RNBQKBNR w KQkq - 0 4\n"), "{}", r.stdout);
}

#[test]
fn validate_an_illegal_move() {
    let r =
        validate("chess", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5 6. Nxf7 Kxf7 7. Qf3+ Ke6 8. Nc3 Ncb4 9. O-O Kf7 10. Qxf7")
            .fails();
    assert!(r.stdout.is_empty());
    insta::assert_snapshot!("validate_illegal_move", r.stderr);
}

#[test]
fn validate_counts_plies_in_text_order_but_labels_from_the_position() {
    // The text's move numbers are wrong; the label comes from the position.
    let r = validate("chess", "7. e4 e5 9... Nf3 Nf5").fails();
    assert_eq!(r.stderr, "ply 4 (move 2... for Black): `Nf5`: no black knight can move to f5\n");
    // From a FEN with Black to move on move 30.
    let fen = "4k3/8/8/8/8/8/4P3/4K3 b - - 0 30";
    let r = run(&["validate", "chess", "--fen", fen, "-"], Some("30... Kd7 31. e4 Kc6 e5 Kc8")).fails();
    assert_eq!(r.stderr, "ply 5 (move 32... for Black): `Kc8`: no black king can move to c8\n");
}

#[test]
fn validate_a_king_walking_into_check() {
    let r = validate("chess", "1. e4 e5 2. Ke2 Qg5 3. d4 Qxg2 4. Kf3").fails();
    assert_eq!(r.stderr, "ply 7 (move 4. for White): `Kf3`: `Kf3` leaves the king in check\n");
}

#[test]
fn validate_ambiguous_san_names_both_candidates() {
    let r = validate("chess", "1. d4 d5 2. Nf3 Nf6 3. Nd2").fails();
    assert_eq!(r.stderr, "ply 5 (move 3. for White): `Nd2`: ambiguous: Nbd2 or Nfd2\n");
}

#[test]
fn validate_unparsable_move() {
    let r = validate("chess", "1. e4 e5 2. Xy9").fails();
    assert!(r.stderr.starts_with("ply 3 (move 2. for White): `Xy9`: "), "{}", r.stderr);
}

#[test]
fn validate_checkmate_for_white() {
    let r = validate("chess", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6?? 4. Qxf7# 1-0").ok();
    assert_eq!(
        r.stdout,
        "plies: 7\n\
         fen: r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4\n\
         result: 1-0 (white wins by checkmate)\n\
         text result: 1-0 (agrees)\n"
    );
}

#[test]
fn validate_checkmate_for_black() {
    let r = validate("chess", "1. f3 e5 2. g4 Qh4#").ok();
    assert!(r.stdout.ends_with("result: 0-1 (black wins by checkmate)\n"), "{}", r.stdout);
    assert!(!r.stdout.contains("text result"));
}

#[test]
fn validate_fails_a_result_the_board_contradicts() {
    let r = validate("chess", "1. f3 e5 2. g4 Qh4# 1-0").fails();
    assert_eq!(r.stderr, "the text's result 1-0 contradicts the board: the game ended 0-1 by checkmate\n");
    let r = validate("chess", "1. f3 e5 2. g4 Qh4# 1/2-1/2").fails();
    assert_eq!(r.stderr, "the text's result 1/2-1/2 contradicts the board: the game ended 0-1 by checkmate\n");
    let r = validate("chess", "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4# 0-1").fails();
    assert_eq!(r.stderr, "the [Result \"1-0\"] tag contradicts the result token 0-1\n");
    // The tag alone is the text's result when the movetext has no token.
    let r = validate("chess", "[Result \"1-0\"]\n\n1. f3 e5 2. g4 Qh4#").fails();
    assert!(r.stderr.contains("the text's result 1-0 contradicts the board"), "{}", r.stderr);
    let r = validate("chess", "1. f3 e5 2. g4 Qh4# *").ok();
    assert!(r.stdout.ends_with("text result: * (unfinished in the text: the game ended 0-1)\n"), "{}", r.stdout);
    // In a file of several games the contradicted one fails, with its reason.
    let r = validate("chess", "1. f3 e5 2. g4 Qh4# 0-1\n\n1. f3 e5 2. g4 Qh4# 1-0\n").fails();
    assert!(
        r.stdout.contains("game 2 (<stdin>:3, chess): fails [result-contradicts-board]: the text's result 1-0 contradicts the board"),
        "{}",
        r.stdout
    );
    assert_eq!(r.stderr, "1 of 2 games fail\n");
}

#[test]
fn validate_accepts_a_result_decided_off_the_board() {
    let r = validate("chess", "1. e4 e5 ½-½").ok();
    assert!(
        r.stdout.ends_with("result: * (game not over)\ntext result: ½-½ (not an end by the rules: a draw agreed off the board)\n"),
        "{}",
        r.stdout
    );
    let r = validate("chess", "1. e4 e5 2. Qh5 Ke7 1-0").ok();
    assert!(r.stdout.ends_with("text result: 1-0 (not an end by the rules: decided off the board)\n"), "{}", r.stdout);
}

/// Under FIDE's rules threefold repetition and fifty moves are claims (9.2, 9.3); only
/// fivefold repetition and seventy-five moves end the game by themselves (9.6).
#[test]
fn validate_repetition_claims_and_automatic_ends() {
    let shuffle = "1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8";
    // Play goes on past a threefold repetition nobody claimed.
    let r = validate("chess", &format!("{shuffle} 5. e4 e5 *")).ok();
    assert!(r.stdout.contains("result: * (game not over)\ntext result: * (agrees)\n"), "{}", r.stdout);
    // A draw given where it could be claimed agrees as a claim.
    let r = validate("chess", &format!("{shuffle} 1/2-1/2")).ok();
    assert!(
        r.stdout.ends_with(
            "result: * (game not over)\nclaimable: 1/2-1/2 (draw by 3-fold repetition)\ntext result: 1/2-1/2 (agrees: a claimed draw)\n"
        ),
        "{}",
        r.stdout
    );
    // The fifth occurrence ends the game: the move after it is refused.
    let r = validate("chess", &format!("{shuffle} 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 9. e4")).fails();
    assert_eq!(r.stderr, "ply 17 (move 9. for White): `e4`: the game is already over: 1/2-1/2 (draw by 5-fold repetition)\n");
    let r = validate("chess", &format!("{shuffle} 5. Nf3 Nf6 6. Ng1 Ng8 7. Nf3 Nf6 8. Ng1 Ng8 1/2-1/2")).ok();
    assert!(r.stdout.contains("result: 1/2-1/2 (draw by 5-fold repetition)\ntext result: 1/2-1/2 (agrees)\n"), "{}", r.stdout);
    // Fifty moves without a capture or a pawn move: claimable; seventy-five: the end.
    let fen = "--fen=8/8/3k4/8/8/3K4/8/R7 w - - 99 80";
    let r = run(&["validate", "chess", fen, "-"], Some("80. Ra2 1/2-1/2")).ok();
    assert!(
        r.stdout.contains("claimable: 1/2-1/2 (draw by the 50-move rule)\ntext result: 1/2-1/2 (agrees: a claimed draw)\n"),
        "{}",
        r.stdout
    );
    let fen = "--fen=8/8/3k4/8/8/3K4/8/R7 w - - 149 80";
    let r = run(&["validate", "chess", fen, "-"], Some("80. Ra2 Kc6")).fails();
    assert_eq!(r.stderr, "ply 2 (move 80... for Black): `Kc6`: the game is already over: 1/2-1/2 (draw by the 75-move rule)\n");
}

#[test]
fn validate_a_move_after_checkmate() {
    let r = validate("chess", "1. f3 e5 2. g4 Qh4# 3. a3").fails();
    assert_eq!(r.stderr, "ply 5 (move 3. for White): `a3`: the game is already over: 0-1 (black wins by checkmate)\n");
}

#[test]
fn validate_an_unterminated_comment() {
    let r = validate("chess", "1. e4 e5\n2. Nf3 {no end").fails();
    assert_eq!(r.stderr, "<stdin>:2:8: unterminated comment: `{` without `}`\n");
}

#[test]
fn validate_losalamos() {
    let r = validate("losalamos", "1. d3 c4 2. dxc4").ok();
    assert!(r.stdout.starts_with("plies: 3\n"), "{}", r.stdout);
}

#[test]
fn validate_missing_file() {
    let r = chimera(&["validate", "chess", "/nonexistent/game.pgn"]).fails();
    assert_eq!(r.stderr, "cannot read /nonexistent/game.pgn: no such file\n");
}

// ---- check ----

#[test]
fn check_chess_toml() {
    let r = chimera(&["check", "rulesets/chess.toml"]).ok();
    insta::assert_snapshot!("check_chess", r.stdout);
}

#[test]
fn check_a_broken_ruleset_gives_file_line_column() {
    let path = temp_file(
        "broken.toml",
        "name = \"broken\"\nboard = { files = 8, ranks = 8 }\nstart = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n\n[pieces.king]\nletter = \"K\"\nbetza = \"Kx\"\nroyal = true\n",
    );
    let p = path.to_str().unwrap().to_string();
    let r = chimera(&["check", &p]).fails();
    std::fs::remove_file(&path).ok();
    assert!(r.stdout.is_empty());
    let line = r.stderr.strip_suffix('\n').unwrap();
    assert!(!line.contains('\n'), "one line: {line}");
    let rest = line.strip_prefix(&format!("{p}:7:11: pieces.king.betza: ")).unwrap_or_else(|| panic!("{line}"));
    assert!(rest.starts_with("bad Betza \"Kx\""), "{rest}");
}

#[test]
fn check_a_toml_syntax_error() {
    let path = temp_file("syntax.toml", "name = \"x\"\nboard = { files = 8\n");
    let p = path.to_str().unwrap().to_string();
    let r = chimera(&["check", &p]).fails();
    std::fs::remove_file(&path).ok();
    assert!(r.stderr.starts_with(&format!("{p}:2:")), "{}", r.stderr);
}

#[test]
fn check_a_missing_file() {
    let r = chimera(&["check", "no/such/ruleset.toml"]).fails();
    assert_eq!(r.stderr, "cannot read no/such/ruleset.toml: no such file\n");
}

#[test]
fn a_missing_ruleset_file_as_a_variant() {
    let r = chimera(&["moves", "no/such/ruleset.toml"]).fails();
    assert_eq!(r.stderr, "cannot read no/such/ruleset.toml: no such file\n");
}

#[test]
fn a_ruleset_file_works_as_a_variant() {
    let r = chimera(&["perft", "rulesets/losalamos.toml", "3"]).ok();
    assert_eq!(r.stdout, "nodes 1212\n");
}

// ---- errors ----

#[test]
fn unknown_variant() {
    for cmd in [&["perft", "nosuch", "1"][..], &["moves", "nosuch"], &["validate", "nosuch", "-"], &["check", "nosuch"]] {
        let r = run(cmd, Some("")).fails();
        assert_eq!(r.stderr, "unknown variant `nosuch`: not a built-in and not a .toml file (`chimera variants` lists the built-ins)\n");
    }
}

/// A misspelt id, notation or op gets the nearest known one instead of every one.
#[test]
fn misspellings_get_a_suggestion() {
    let r = chimera(&["moves", "crazyhose"]).fails();
    assert_eq!(r.stderr, "unknown variant `crazyhose`: not a built-in and not a .toml file: did you mean `crazyhouse`?\n");
    let r = chimera(&["moves", "shogi", "--notation", "shogi-hodgez"]).fails();
    assert!(r.stderr.ends_with(": did you mean `shogi-hodges`?\n"), "{}", r.stderr);
    let r = run(&["serve"], Some("{\"op\": \"lod\", \"variant\": \"chess\"}\n{\"op\": \"load\", \"variantt\": \"chess\"}\n{\"op\": \"load\", \"variant\": \"xiangki\"}\n"));
    let lines = r.lines();
    assert!(lines[0].contains("did you mean `load`?"), "{}", lines[0]);
    assert!(lines[1].contains("unknown field `variantt`") && lines[1].contains("did you mean `variant`?"), "{}", lines[1]);
    assert!(lines[2].contains("did you mean `xiangqi`?"), "{}", lines[2]);
}

/// Usage errors exit 1, like every other error, as the README says (clap's own code was 2).
#[test]
fn usage_errors_exit_1() {
    for args in [&["perft", "chess"][..], &["perft", "chess", "x"], &["frobnicate"], &[]] {
        let r = chimera(args);
        assert_eq!(r.code, 1, "{args:?}: {}", r.stderr);
    }
}

#[test]
fn bad_input_never_panics() {
    let texts = [
        "",
        "1.",
        "}",
        ")",
        "(",
        "[",
        "[Event",
        "e.p.",
        "0-0-0-0",
        "@",
        "@z9",
        "P@",
        "Q@e4",
        "e2e9",
        "e9e2",
        "a1a1",
        "z1z2",
        "e7e8q",
        "e2e4q",
        "Rh1^I",
        "=Q",
        "x",
        "Nxx4",
        "N0",
        "K",
        "exd6 e.p.",
        "1-0 e4",
        "é",
        "e4 ".repeat(1000).as_str(),
        "a99",
        "Qh4e1",
        "e8(Q",
        "O-O-O-O",
        "OO",
        "--",
    ]
    .map(str::to_string);
    for t in &texts {
        let r = validate("chess", t);
        assert!(r.code == 0 || r.code == 1, "{t:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{t:?}: {}", r.stderr);
        let r = validate("losalamos", &format!("{t}\u{0}{t}"));
        assert!(r.code == 0 || r.code == 1, "{t:?}: {}", r.stderr);
        let r = chimera(&["moves", "losalamos", &format!("--moves={t}")]);
        assert!(r.code == 0 || r.code == 1, "{t:?}: {}", r.stderr);
    }
    for fen in ["", " ", "8/8/8/8/8/8/8/8", "k7/8/8/8/8/8/8/7K w KQkq e3 0 1", "K7/8/8/8/8/8/8/7k w - - 0 0", "99/8/8/8/8/8/8/8 w"] {
        let r = chimera(&["perft", "chess", "2", "--fen", fen]);
        assert!(r.code == 0 || r.code == 1, "{fen:?}: {}", r.stderr);
        assert!(!r.stderr.contains("panicked"), "{fen:?}: {}", r.stderr);
    }
}

#[test]
fn help_exits_0() {
    let help = chimera(&["--help"]);
    assert_eq!(help.code, 0);
    assert!(help.stdout.contains("Usage"));
}

#[test]
fn check_survives_a_piece_name_of_65536_characters() {
    let name = "x".repeat(65_536);
    let text = format!(
        "name = \"long\"\nboard = {{ files = 4, ranks = 4 }}\nstart = \"k3/4/4/3K w - - 0 1\"\n[pieces.{name}]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n"
    );
    let path = temp_file("long-name.toml", &text);
    let r = chimera(&["check", path.to_str().unwrap()]).ok();
    assert!(r.stdout.contains(&name));
}

#[test]
fn errors_never_echo_raw_control_characters() {
    let r = chimera(&["perft", "no\u{1b}[31mvariant", "1"]).fails();
    assert!(!r.stderr.contains('\u{1b}'), "{:?}", r.stderr);
    assert!(r.stderr.contains("\\u{1b}"), "{:?}", r.stderr);
}

// ---- counters that never wrap (issue 12) ----

/// A capture into a hand already holding 255 of that piece lets the piece leave the game,
/// as a full `capacity` does (a release build wrapped the hand to `[]`, a debug build panicked).
#[test]
fn a_capture_into_a_full_hand_leaves_the_hand_full() {
    let r = chimera(&["moves", "crazyhouse", "--fen", "4k3/8/8/3p4/4P3/8/8/4K3[255P] w - - 0 1", "--moves", "exd5", "--snapshot"]).ok();
    let want = format!("fen: 4k3/8/8/3P4/8/8/8/4K3[{}] b - - 0 1", "P".repeat(255));
    assert_eq!(r.lines()[0], want);
}

/// A lift into a hand already holding 255 of what the piece becomes is refused, never wrapped.
#[test]
fn a_lift_into_a_full_hand_is_refused() {
    let ruleset = "name = \"lifty\"\nboard = { files = 4, ranks = 4 }\nstart = \"1k2/4/4/R2K[] w - - 0 1\"\n\
                   [drops]\n[lift]\n[pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n\
                   [pieces.rook]\nletter = \"R\"\nbetza = \"R\"\nclass = 1\n";
    let path = temp_file("lifty.toml", ruleset);
    let path = path.to_str().unwrap();
    let full = format!("1k2/4/4/R2K[{}] w - - 0 1", "R".repeat(255));
    let r = chimera(&["moves", path, "--fen", &full, "--moves", "Ra1^R"]).fails();
    assert!(r.stderr.contains("`Ra1^R`: white's hand holds 255 of rook, the most of one piece"), "{}", r.stderr);
    let listed = chimera(&["moves", path, "--fen", &full]).ok();
    assert!(!listed.stdout.contains('^'), "{}", listed.stdout);
    // One fewer in hand: the lift is there.
    let r = chimera(&["moves", path, "--fen", &format!("1k2/4/4/R2K[{}] w - - 0 1", "R".repeat(254)), "--moves", "Ra1^R", "--snapshot"]);
    assert_eq!(r.ok().lines()[0], format!("fen: 1k2/4/4/3K[{}] b - - 1 1", "R".repeat(255)));
}

/// A move rule of 32768 moves overflowed its ply count (65536 wrapped to 0), so every
/// position was a draw at once; the ruleset is now refused where it says so.
#[test]
fn a_move_rule_past_the_clock_is_refused() {
    let ruleset =
        std::fs::read_to_string("rulesets/chess.toml").unwrap().replace("move_rule = { claim = 50, automatic = 75 }", "move_rule = 32768");
    let path = temp_file("move-rule.toml", &ruleset);
    let r = chimera(&["check", path.to_str().unwrap()]).fails();
    assert!(r.stderr.contains("end.move_rule: 32768 moves is over the limit of 32767"), "{}", r.stderr);
    let ruleset = ruleset.replace("move_rule = 32768", "move_rule = 32767");
    let path = temp_file("move-rule-max.toml", &ruleset);
    let r = chimera(&["moves", path.to_str().unwrap(), "--snapshot"]).ok();
    assert_eq!(r.lines()[2], "result: *");
}

/// The fullmove number wrapped from 4294967295 to 0 after Black's move (and the FEN
/// reader then refused its own output); it now stops at 4294967295, which FENs may give.
#[test]
fn the_fullmove_number_never_wraps() {
    let r = chimera(&["perft", "chess", "1", "--fen", "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4294967296"]).fails();
    assert!(r.stderr.contains("fullmove-number field: `4294967296` is not a number from 1 to 4294967295"), "{}", r.stderr);
    let r = chimera(&[
        "moves",
        "chess",
        "--fen",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 4294967295",
        "--moves",
        "e5",
        "--snapshot",
    ])
    .ok();
    assert_eq!(r.lines()[0], "fen: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 4294967295");
}

// ---- `chimera check` finds a wrong ruleset (issue 12) ----

/// No royal piece without `royal = "none"`, a royal piece that could reach a hand or the
/// shop, castles written alike or like another move, and misspellings near a known word:
/// each was accepted without a word, or refused without the suggestion.
#[test]
fn check_finds_rulesets_that_mean_something_else() {
    for (file, says) in [
        ("no_royal", "pieces: no piece is royal: mark the king with `royal = true`, or write `royal = \"none\"`"),
        ("royal_none_but_royal", "royal: `royal = \"none\"` says there is no royal piece, but `king` is royal"),
        ("royal_captured_as", "pieces.rook.captured_as: a captured rook would put the royal `king` into the hand"),
        ("royal_dropped", "drops.no_drop_mate: `king` is royal: a royal piece is never in the hand"),
        ("royal_bought", "economy.buy.king: `king` is royal: a royal piece cannot be bought"),
        ("royal_in_start_hand", "hand: `K` is royal, and a royal piece is in the hand only in a setup phase that must drop it"),
        ("castle_notation_twice", "castling[1].notation: `0-0` is also castling[0]'s notation"),
        ("castle_notation_is_a_move", "castling[0].notation: `e3` reads as a move to e3"),
        ("misspelt_verdict", "end.stalemate: unknown variant `lose`, expected one of `win`, `loss`, `draw`: did you mean `loss`?"),
        ("misspelt_key", "did you mean `betza`?"),
    ] {
        let r = chimera(&["check", &format!("tests/broken/{file}.toml")]).fails();
        assert!(r.stderr.contains(says), "{file}: {}", r.stderr);
    }
    // Kingless on purpose: checked, and its kings-free army can be captured.
    chimera(&["check", "rulesets/mitred-electra.toml"]).ok();
    let r = chimera(&["moves", "crazyhouse", "--fen", "4k3/8/8/8/8/8/8/4K3[K] w - - 0 1"]).fails();
    assert!(r.stderr.contains("`K` is royal"), "{}", r.stderr);
}

// ---- validate reads as it plays (issue 12) ----

/// Moves are played as they are read: the first problem in reading order is the one
/// reported, and nothing after it is read (20 MB of garbage used to be tokenised whole,
/// peaking at over 1 GB, although its first word is no move).
#[test]
fn validate_stops_at_the_first_problem_in_reading_order() {
    let r = validate("chess", "1. e4 e5 2. Nf5 {never closed").fails();
    assert!(r.stderr.starts_with("ply 3 (move 2. for White): `Nf5`: no white knight can move to f5"), "{}", r.stderr);
    let garbage = "xx yyy z ".repeat(2_000_000);
    let r = validate("chess", &garbage).fails();
    assert!(r.stderr.starts_with("ply 1 (move 1. for White): `xx`: cannot read `xx` as a move"), "{}", r.stderr);
}

// ---- validate reads every game of a PGN file (issue 14) ----

/// Three games: the second illegal at ply 7, the third from a `[FEN]` position.
const THREE_GAMES: &str = r#"[Event "first"]
[White "A"]
[Black "B"]
[Result "0-1"]

1. f3 e5 2. g4 Qh4# 0-1

[Event "second"]
[Result "1-0"]

1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxh8 Nxh5 1-0

[Event "third"]
[SetUp "1"]
[FEN "4k3/8/4K3/8/8/8/8/7R w - - 0 1"]
[Result "1-0"]

1. Rh8# 1-0
"#;

#[test]
fn validate_gives_a_verdict_per_game_and_fails_if_any_does() {
    let r = validate("chess", THREE_GAMES).fails();
    insta::assert_snapshot!("validate_three_games", r.stdout);
    assert_eq!(r.stderr.trim(), "1 of 3 games fail");
    let r = validate("chess", &THREE_GAMES.replace("4. Qxh8 Nxh5", "4. Qxf7#")).ok();
    assert_eq!(r.lines().iter().filter(|l| l.starts_with("game ")).count(), 3);
    assert!(r.lines().iter().all(|l| !l.contains("fails")), "{}", r.stdout);
}

#[test]
fn validate_json_has_one_object_per_game() {
    let r = run(&["validate", "chess", "--json", "-"], Some(THREE_GAMES)).fails();
    let games: Vec<serde_json::Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[0]["ok"], true);
    assert_eq!(games[0]["result"], "0-1 (black wins by checkmate)");
    assert_eq!(games[0]["agreement"], "agrees");
    let problem = &games[1]["problem"];
    assert_eq!((games[1]["ok"].clone(), games[1]["line"].clone()), (false.into(), 8.into()));
    assert_eq!(problem["kind"], "illegal");
    assert_eq!(problem["ply"], 7);
    assert_eq!(problem["move"], "Qxh8");
    assert_eq!(problem["code"], "path-blocked");
    assert_eq!((problem["line"].clone(), problem["column"].clone()), (11.into(), 35.into()));
    assert_eq!((games[1]["text_result"].clone(), games[1]["agreement"].clone()), ("1-0".into(), serde_json::Value::Null));
    assert_eq!(games[2]["ok"], true);
    assert_eq!(games[2]["fen"], "4k2R/8/4K3/8/8/8/8/8 b - - 1 1");
}

#[test]
fn validate_honours_variant_and_setup_tags() {
    let pgn = "[Variant \"Crazyhouse\"]\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@e5 *\n\n\
               [Variant \"Standard\"]\n1. e4 *\n\n\
               [Variant \"Three-check\"]\n1. e4 e5 2. Bc4 Nc6 3. Bxf7+ *\n\n\
               [SetUp \"0\"]\n[FEN \"8/8/8/8/8/8/8/K1k5 w - - 0 1\"]\n1. e4 *\n\n\
               [Variant \"Fischerandom\"]\n1. e4 *\n\n\
               [FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n1. e4 *\n";
    let r = run(&["validate", "chess", "--json", "-"], Some(pgn)).fails();
    let games: Vec<serde_json::Value> = r.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let variants: Vec<&str> = games.iter().map(|g| g["variant"].as_str().unwrap()).collect();
    assert_eq!(variants, ["crazyhouse", "chess", "3check", "chess", "chess", "chess"]);
    let ok: Vec<bool> = games.iter().map(|g| g["ok"].as_bool().unwrap()).collect();
    assert_eq!(ok, [true, true, true, true, true, false]);
    assert!(games[5]["problem"]["message"].as_str().unwrap().starts_with("the [FEN] tag: "), "{}", games[5]);
    assert_eq!(r.stderr.trim(), "1 of 6 games fail");
}

/// No move at all checks the start position (a FEN's, with `--fen`).
#[test]
fn validate_without_moves_checks_the_start() {
    let r = run(&["validate", "chess", "--fen", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "-"], Some("")).ok();
    assert_eq!(r.lines(), ["plies: 0", "fen: 7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "result: 1/2-1/2 (draw by stalemate)"]);
}

#[test]
fn validate_refuses_moves_after_a_result() {
    let r = validate("chess", "1. e4 e5 1-0 2. Nf3").fails();
    assert!(
        r.stdout
            .contains("game 2 (<stdin>:1, chess): fails [unreadable-movetext]: line 1, column 14: `2.` follows the result `1-0` of game 1"),
        "{}",
        r.stdout
    );
    let r = validate("chess", "[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. e4 e5 2. Qxh7 Zz9 *\n").fails();
    assert!(
        r.stdout.contains("game 2 (<stdin>:3, chess): fails [piece-cannot-move-there]: ply 3 (move 2. for White): `Qxh7`"),
        "{}",
        r.stdout
    );
}

/// A database is read a game at a time: 20,000 games (about 2 MB) take no more memory
/// than one, and every game is checked.
#[test]
fn validate_reads_a_large_database() {
    let game = "[Event \"x\"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 *\n\n";
    let r = run(&["validate", "chess", "--json", "-"], Some(&game.repeat(20_000))).ok();
    assert_eq!(r.stdout.lines().count(), 20_000);
    assert!(r.stdout.lines().all(|l| l.contains("\"ok\":true")));
}

/// A `[Variant]` tag naming a variant with the suffix `960` (pychess-variants writes
/// `Seirawan960`), or `Chess960`, reads the game's FEN as a Chess960 position.
#[test]
fn validate_reads_960_variant_tags_as_chess960() {
    let game = |tag: &str| format!("[Variant \"{tag}\"]\n[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1\"]\n\n1. O-O *\n");
    for tag in ["Chess960", "chess960", "Fischerandom"] {
        let r = validate("chess", &game(tag)).ok();
        assert!(r.stdout.contains("fen: 4k3/8/8/8/8/8/8/1R3RK1 b - - 1 1\n"), "{tag}: {}", r.stdout);
    }
    let r = validate("chess", &game("Crazyhouse960")).ok();
    assert!(r.stdout.contains("fen: 4k3/8/8/8/8/8/8/1R3RK1[] b - - 1 1\n"), "{}", r.stdout);
    // Without the suffix the same FEN is refused: its castling letters name files.
    let r = validate("chess", &game("Standard")).fails();
    assert!(r.stderr.contains("the [FEN] tag"), "{}", r.stderr);
}

// ---- cases: the snapshot kit for rule authors (issue 28) ----

/// A copy of `tests/cases/mischia` with the ruleset beside it and its snapshots.
fn copy_of_mischia_cases(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("chimera-cases-{}-{name}", std::process::id())).join("mischia");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("snapshots")).unwrap();
    for e in std::fs::read_dir("tests/cases/mischia").unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, dir.join(p.file_name().unwrap())).unwrap();
    }
    for e in std::fs::read_dir("tests/cases/snapshots").unwrap() {
        let p = e.unwrap().path();
        if p.file_name().unwrap().to_string_lossy().starts_with("mischia__") {
            std::fs::copy(&p, dir.join("snapshots").join(p.file_name().unwrap())).unwrap();
        }
    }
    std::fs::copy("rulesets/mischia.toml", dir.join("mischia.toml")).unwrap();
    dir
}

#[test]
fn cases_pass_then_name_the_changed_moves_then_accept_them() {
    let dir = copy_of_mischia_cases("accept");
    let d = dir.to_str().unwrap();
    let r = chimera(&["cases", d]).ok();
    assert!(r.stdout.ends_with("7 cases: 7 unchanged, 0 changed, 0 new, 0 failed\n"), "{}", r.stdout);

    // One line of the copied ruleset: the rook becomes a rook that also leaps as a knight.
    let ruleset = dir.join("mischia.toml");
    let text = std::fs::read_to_string(&ruleset).unwrap();
    let changed = text.replacen("[pieces.rook]\nletter = \"R\"\nbetza = \"R\"", "[pieces.rook]\nletter = \"R\"\nbetza = \"RN\"", 1);
    assert_ne!(text, changed, "the rook's Betza line moved; update this test");
    std::fs::write(&ruleset, changed).unwrap();
    let r = chimera(&["cases", d]).fails();
    assert!(r.stderr.contains("some cases differ from their snapshots"), "{}", r.stderr);
    // The case with a rook on a1 names the rook's new knight leaps, and its move count.
    assert!(r.stdout.contains("c-one-move-per-lost-type.toml: changed"), "{}", r.stdout);
    assert!(r.stdout.contains("\n-moves: 15\n") && r.stdout.contains("\n+moves: 17\n"), "{}", r.stdout);
    assert!(r.stdout.contains("\n+a1b3 Rb3 => "), "{}", r.stdout);
    assert!(r.stdout.contains("\n+a1c2 Rc2 => "), "{}", r.stdout);

    assert!(r.stdout.contains("\n-legal = 15\n+legal = 17"), "the case's own count: {}", r.stdout);

    let r = chimera(&["cases", d, "--accept"]).ok();
    assert!(r.stdout.contains("accepted"), "{}", r.stdout);
    let snap = std::fs::read_to_string(dir.join("snapshots/mischia__c-one-move-per-lost-type.snap")).unwrap();
    assert!(snap.starts_with("---\nsource: "), "insta's header is kept: {snap}");
    assert!(snap.contains("\nmoves: 17\n"), "{snap}");
    chimera(&["cases", d]).ok();
}

#[test]
fn cases_report_a_new_case_a_wrong_count_and_a_broken_one() {
    let dir = copy_of_mischia_cases("new");
    std::fs::write(dir.join("z-new.toml"), "note = \"a new case\"\nfen = \"1k4/6/6/6/6/R2K2 w - - 0 1\"\n").unwrap();
    std::fs::write(dir.join("z-wrong.toml"), "# the start\nnote = \"a wrong count\"\nlegal = 3\n").unwrap();
    std::fs::write(dir.join("z-broken.toml"), "note = \"no such square\"\nfen = \"1k4/6/6 w - - 0 1\"\n").unwrap();
    let d = dir.to_str().unwrap();
    let r = chimera(&["cases", d]).fails();
    assert!(r.stdout.contains("z-new.toml: new case (no snapshot yet: "), "{}", r.stdout);
    assert!(r.stdout.contains("\n-legal = 3\n+legal = "), "{}", r.stdout);
    assert!(r.stdout.contains("z-broken.toml: error: fen: "), "{}", r.stdout);
    assert!(r.stdout.ends_with("10 cases: 7 unchanged, 0 changed, 2 new, 1 failed\n"), "{}", r.stdout);
    // Accepting writes the new snapshots and the count found; the broken case still fails.
    let r = chimera(&["cases", d, "--accept"]).fails();
    assert!(r.stderr.contains("could not run"), "{}", r.stderr);
    assert!(dir.join("snapshots/mischia__z-new.snap").is_file());
    let wrong = std::fs::read_to_string(dir.join("z-wrong.toml")).unwrap();
    assert!(wrong.starts_with("# the start\nnote = \"a wrong count\"\nlegal = ") && !wrong.contains("legal = 3"), "{wrong}");
    std::fs::remove_file(dir.join("z-broken.toml")).unwrap();
    chimera(&["cases", d]).ok();
}

/// The repository's own cases pass through `chimera cases` with the snapshots insta keeps.
#[test]
fn cases_reads_the_repository_s_own_snapshots() {
    for variant in ["chess", "xiangqi", "mischia"] {
        chimera(&["cases", &format!("tests/cases/{variant}"), "--snapshots", "tests/cases/snapshots"]).ok();
    }
}

// ---- uci ----

/// `chimera uci` is a UCI engine as GUIs start it: the handshake lists the built-ins as
/// `UCI_Variant` values, and a search answers with the variant's move (here a crazyhouse
/// mate by a drop of White's queen in hand: Q@h7 with the bishop behind it, or Q@a8).
#[test]
fn uci_answers_the_handshake_and_finds_a_mate_in_the_chosen_variant() {
    let script = "uci\nsetoption name UCI_Variant value crazyhouse\nisready\n\
                  position fen 6k1/5pp1/7p/8/8/3B4/8/6K1[Q] w - - 0 1\ngo depth 3\n";
    let out = run(&["uci"], Some(script)).ok();
    let lines = out.lines();
    assert!(lines.iter().any(|l| l.starts_with("option name UCI_Variant type combo default chess") && l.contains(" var crazyhouse")));
    assert!(lines.contains(&"uciok") && lines.contains(&"readyok"), "{}", out.stdout);
    assert!(lines.iter().any(|l| l.starts_with("info depth") && l.contains("score mate 1")), "{}", out.stdout);
    let best = lines.last().copied().unwrap_or_default();
    assert!(
        ["bestmove Q@h7", "bestmove Q@a8", "bestmove Q@b8", "bestmove Q@c8", "bestmove Q@d8", "bestmove Q@e8"].contains(&best),
        "{}",
        out.stdout
    );
}

// ---- playtest ----

/// `chimera playtest`: a seeded self-play run whose report adds up, whose games
/// `chimera validate` accepts with the results they were given, and which plays the same
/// games on one thread as on two.
#[test]
fn playtest_reports_games_that_validate_and_replay_from_their_seed() {
    let pgn1 = temp_file("playtest-1.pgn", "");
    let pgn2 = temp_file("playtest-2.pgn", "");
    let chart = temp_file("playtest.svg", "");
    let args = |pgn: &PathBuf, threads: &'static str| {
        let (pgn, chart) = (pgn.to_str().unwrap().to_string(), chart.to_str().unwrap().to_string());
        let out = chimera(&[
            "playtest",
            "chess",
            "--games",
            "6",
            "--nodes",
            "300",
            "--seed",
            "7",
            "--max-plies",
            "120",
            "--json",
            "--threads",
            threads,
            "--pgn",
            &pgn,
            "--chart",
            &chart,
        ]);
        out.ok()
    };
    let out = args(&pgn1, "1");
    let report: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(report["games"], 6);
    assert_eq!(report["seed"], 7);
    let n = |k: &str| report[k].as_u64().unwrap();
    assert_eq!(n("white_wins") + n("draws") + n("black_wins") + n("unfinished"), 6, "{report}");
    let ends: u64 = report["ends"].as_array().unwrap().iter().map(|e| e["games"].as_u64().unwrap()).sum();
    assert_eq!(ends, 6);
    let score = report["white_score"].as_f64().unwrap();
    let interval = report["white_score_interval"].as_array().unwrap();
    assert!(interval[0].as_f64().unwrap() <= score && score <= interval[1].as_f64().unwrap());
    assert!(std::fs::read_to_string(&chart).unwrap().starts_with("<svg"));

    let games = std::fs::read_to_string(&pgn1).unwrap();
    assert_eq!(games.matches("[Event \"chimera playtest\"]").count(), 6);
    let checked = chimera(&["validate", "chess", pgn1.to_str().unwrap()]).ok();
    assert_eq!(checked.stdout.matches("): ok").count(), 6, "{}", checked.stdout);

    args(&pgn2, "2");
    assert_eq!(std::fs::read_to_string(&pgn2).unwrap(), games, "the same seed plays the same games on two threads");
}

/// `--imbalance "Q=RR"` plays half its games with each colour holding the rooks, from a
/// start where they stand in the queen's place; a letter the variant lacks is refused.
#[test]
fn playtest_measures_an_imbalance_from_both_sides() {
    let pgn = temp_file("playtest-imbalance.pgn", "");
    let out = chimera(&[
        "playtest",
        "mischia",
        "--imbalance",
        "Q=RR",
        "--games",
        "4",
        "--nodes",
        "200",
        "--seed",
        "3",
        "--json",
        "--pgn",
        pgn.to_str().unwrap(),
    ])
    .ok();
    let report: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    assert_eq!(report["imbalances"][0]["imbalance"], "Q=RR");
    assert_eq!(report["imbalances"][0]["games"], 4);
    let games = std::fs::read_to_string(&pgn).unwrap();
    // Black holds the rooks (its queen's square c6 and the next free one), then White.
    assert_eq!(games.matches("[FEN \"rbrkbn/pppppp/r5/6/PPPPPP/RBQKBN w Qq - 0 1\"]").count(), 2, "{games}");
    assert_eq!(games.matches("[FEN \"rbqkbn/pppppp/6/R5/PPPPPP/RBRKBN w Qq - 0 1\"]").count(), 2, "{games}");
    let checked = chimera(&["validate", "mischia", pgn.to_str().unwrap()]).ok();
    assert_eq!(checked.stdout.matches("): ok").count(), 4, "{}", checked.stdout);

    let bad = chimera(&["playtest", "chess", "--imbalance", "Q=ZZ"]).fails();
    assert!(bad.stderr.contains("`Z` is no piece letter of chess"), "{}", bad.stderr);
    let bad = chimera(&["playtest", "chess", "--opponent", "stockfish"]).fails();
    assert!(bad.stderr.contains("expected search, random or greedy"), "{}", bad.stderr);
}

/// `--opponent random`: the search against a random mover, White in half the games, the
/// PGN naming who played which side.
#[test]
fn playtest_plays_the_search_against_a_baseline() {
    let pgn = temp_file("playtest-versus.pgn", "");
    let out = chimera(&[
        "playtest",
        "chess",
        "--opponent",
        "random",
        "--games",
        "2",
        "--nodes",
        "300",
        "--seed",
        "5",
        "--json",
        "--pgn",
        pgn.to_str().unwrap(),
    ])
    .ok();
    let report: serde_json::Value = serde_json::from_str(&out.stdout).unwrap();
    let v = &report["versus"];
    assert_eq!(v["opponent"], "random");
    assert_eq!(v["won"].as_u64().unwrap() + v["drawn"].as_u64().unwrap() + v["lost"].as_u64().unwrap(), 2);
    let games = std::fs::read_to_string(&pgn).unwrap();
    assert!(games.contains("[White \"chimera-search\"]\n[Black \"random\"]"), "{games}");
    assert!(games.contains("[White \"random\"]\n[Black \"chimera-search\"]"), "{games}");
}

/// A piece's `value` (in pawns) replaces the computer opponent's estimate, and `check`
/// says which values were given; a worth out of range is refused at its key.
#[test]
fn check_prints_the_values_and_a_ruleset_may_set_one() {
    let file =
        temp_file("valued.toml", "extends = \"chess\"\nname = \"valued\"\n[pieces.knight]\nletter = \"N\"\nbetza = \"N\"\nvalue = 3.2\n");
    let r = chimera(&["check", file.to_str().unwrap()]).ok();
    let line = r.lines().last().copied().unwrap_or_default();
    assert!(line.contains("knight 3.20 (given)") && line.contains("queen 8.04") && line.contains("king royal"), "{line}");
    let bad =
        temp_file("badvalue.toml", "extends = \"chess\"\nname = \"bad\"\n[pieces.knight]\nletter = \"N\"\nbetza = \"N\"\nvalue = -1\n");
    let r = chimera(&["check", bad.to_str().unwrap()]).fails();
    assert!(r.stderr.contains("badvalue.toml:6:9: pieces.knight.value: -1: a worth in pawns, from 0 to 1000"), "{}", r.stderr);
}
