//! The rules a designer hits first (issue 51): a ruleset that extends chess and restates
//! the pawn's double step in its Betza, and an empty table that means itself under
//! `extends`.

use chimera::variants::from_toml;

/// The pawn's double step both in the Betza (`ifmW2`) and by `double_step_ranks`
/// (inherited from chess) would list every double step twice (perft 1 was 28, and SAN
/// `e4` "ambiguous: e4 or e4"): refused at the designer's Betza, naming where the ranks
/// come from and the two ways out.
#[test]
fn a_double_step_given_twice_is_refused_at_the_betza_naming_both_sources() {
    let text = "extends = \"chess\"\nname = \"twice\"\n\n[pieces.pawn]\nbetza = \"fmWfcFifmW2\"\n";
    let Err(e) = from_toml(text, "twice.toml") else { panic!("a double step given twice compiled") };
    assert_eq!((e.file.as_str(), e.line, e.key.as_str()), ("twice.toml", 5, "pieces.pawn.betza"), "{e}");
    assert!(e.message.contains("chess.toml:33:"), "names the inherited ranks' place: {e}");
    assert!(e.message.contains("double_step_ranks = []"), "says how to keep the Betza's: {e}");
    // A leap (`ifmD`) and an unlimited rider forward are the same mistake.
    for betza in ["fmWfcFifmD", "fmRfcF"] {
        let text = format!("extends = \"chess\"\nname = \"twice\"\n\n[pieces.pawn]\nbetza = \"{betza}\"\n");
        let e = from_toml(&text, "twice.toml").err().unwrap_or_else(|| panic!("{betza} refused"));
        assert_eq!(e.key, "pieces.pawn.betza", "{betza}: {e}");
    }
}

/// Keeping the Betza's double step (`double_step_ranks = []`) lists each double step once.
#[test]
fn the_betzas_double_step_alone_is_listed_once() {
    let text = "extends = \"chess\"\nname = \"once\"\n\n[pieces.pawn]\nbetza = \"fmWfcFifmW2\"\ndouble_step_ranks = []\n";
    let v = from_toml(text, "once.toml").expect("compiles");
    assert_eq!(v.start().perft(1), 20);
    let mut pos = v.start();
    let e4 = pos.parse_move("e4").expect("e4 is one move");
    pos.play(e4).expect("legal");
    assert_eq!(pos.fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
}

/// `insufficient_material = {}` means bare royals only, under `extends` as anywhere: an
/// empty table replaces the inherited one (merged, it would change nothing).
#[test]
fn an_empty_table_under_extends_replaces_the_inherited_one() {
    let text = "extends = \"chess\"\nname = \"bare\"\n\n[end]\ninsufficient_material = {}\n";
    let v = from_toml(text, "bare.toml").expect("compiles");
    let chess = chimera::variants::load("chess").unwrap();
    let knight = "8/8/8/4k3/8/8/8/4K1N1 w - - 0 1";
    assert!(chess.position(knight).unwrap().insufficient_material(), "chess: K+N v K is dead");
    assert!(!v.position(knight).unwrap().insufficient_material(), "bare royals only: K+N v K plays on");
    assert!(v.position("8/8/8/4k3/8/8/8/4K3 w - - 0 1").unwrap().insufficient_material(), "K v K is dead");
}

/// Checkless chess (a built-in, and the worked example of a rule module in
/// docs/src/define.md): a check is legal only if it mates. Perft 1-4 as counted
/// independently on python-chess (issue 51).
#[test]
fn checkless_chess_allows_a_check_only_when_it_mates() {
    let v = chimera::variants::load("checkless").unwrap();
    let counts: Vec<u64> = (1..=4).map(|d| v.start().perft(d)).collect();
    assert_eq!(counts, [20, 400, 8_890, 196_772]);

    // 1.e4 f5 2.Qh5+ is no mate (g6 blocks): refused, and said why.
    let mut pos = v.start();
    for san in ["e4", "f5"] {
        let m = pos.parse_move(san).unwrap();
        pos.play(m).unwrap();
    }
    let e = pos.parse_move("Qh5").expect_err("a check that does not mate");
    assert_eq!(e.code.to_string(), "gives-check");
    assert!(e.message.contains("without mating"), "{}", e.message);
    // The fool's mate is a mate: allowed, and the game is over.
    let mut pos = v.start();
    for san in ["f3", "e5", "g4", "Qh4#"] {
        let m = pos.parse_move(san).unwrap_or_else(|e| panic!("{san}: {e}"));
        pos.play(m).unwrap();
    }
    assert!(pos.legal_moves().is_empty() && pos.is_check());
}

/// Chess's dead positions inherited onto a board whose walls leave a square with fewer
/// than three neighbours (where a lone minor piece can mate) are refused, naming where
/// they come from; said again beside the walls, they stand.
#[test]
fn dead_positions_inherited_onto_a_walled_board_are_refused() {
    let walled = "extends = \"chess\"\nname = \"nooks\"\nboard = { files = 10, ranks = 10 }\n\
                  start = \"1********1/*rnbqkbnr*/*pppppppp*/*8*/*8*/*8*/*8*/*PPPPPPPP*/*RNBQKBNR*/1********1 w - - 0 1\"\n\
                  castling = []\n";
    let Err(e) = from_toml(walled, "nooks.toml") else { panic!("the inherited dead positions were kept") };
    assert_eq!((e.file.as_str(), e.key.as_str()), ("nooks.toml", "end.insufficient_material"), "{e}");
    assert!(e.message.contains("chess.toml:66") && e.message.contains("a1 with 1 neighbouring"), "{e}");
    let restated = format!("{walled}\n[end]\ninsufficient_material = {{ lone = [\"bishop\"] }}\n");
    assert!(from_toml(&restated, "nooks.toml").is_ok(), "said again beside the walls, the rule stands");

    // Omicron (such a board) has bare kings dead only: a lone knight mates in a corner.
    let omicron = chimera::variants::load("omicron").unwrap();
    let mate = "1**********1/*10*/*10*/*10*/*10*/*10*/*10*/*1K8*/*1N8*/k**********1 b - - 0 1";
    let pos = omicron.position(mate).unwrap();
    assert!(!pos.insufficient_material());
    assert!(pos.is_check() && pos.legal_moves().is_empty(), "K+N mate on a1");
}

/// Janggi: under bikjang a side in check may pass (Fairy-Stockfish allows it), and the FEN
/// written after that pass, the passer still in check, reads back (issue 51: it was refused
/// as "black is to move but white is in check").
#[test]
fn a_janggi_pass_in_check_under_bikjang_writes_a_fen_that_reads_back() {
    let janggi = chimera::variants::load("janggi").unwrap();
    let mut pos = janggi.position("1nb1a2Cr/4k4/r6c1/1p6P/p1p2p3/1P1n1NPP1/PR7/4K2C1/4NR3/2BAA4 w - - 3 31").unwrap();
    assert!(pos.is_check());
    let pass = pos.parse_move("e3e3").expect("a pass under bikjang, in check");
    pos.play(pass).unwrap();
    let fen = pos.fen();
    assert_eq!(fen, "1nb1a2Cr/4k4/r6c1/1p6P/p1p2p3/1P1n1NPP1/PR7/4K2C1/4NR3/2BAA4 b - - 4 31");
    let again = janggi.position(&fen).unwrap_or_else(|e| panic!("`{fen}` refused: {e}"));
    assert_eq!(again.fen(), fen);
}

/// A pawn's triple step (Omega, Wildebeest) passes two squares: with `en_passant =
/// "any-passed"` both may be taken en passant, as Fairy-Stockfish has it (issue 51: it
/// could never be taken, with no warning); `en_passant = true` with a triple step is
/// refused, naming the way out.
#[test]
fn a_triple_step_leaves_both_squares_with_any_passed_and_is_refused_without() {
    let refused = "extends = \"chess\"\nname = \"t\"\n\n[pieces.pawn]\ntriple_step_ranks = [2]\n";
    let Err(e) = from_toml(refused, "t.toml") else { panic!("triple steps with en_passant = true refused") };
    assert_eq!(e.key, "pieces.pawn.triple_step_ranks", "{e}");
    assert!(e.message.contains("any-passed"), "{e}");
    let text = "extends = \"chess\"\nname = \"t\"\n\n[pieces.pawn]\ntriple_step_ranks = [2]\nen_passant = \"any-passed\"\n";
    let v = from_toml(text, "t.toml").expect("compiles");
    assert_eq!(v.start().perft(1), 28, "20 and 8 triple steps");
    let mut pos = v.position("4k3/8/8/5p2/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    let e5 = pos.parse_move("e2e5").unwrap();
    pos.play(e5).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/4Pp2/3p4/8/8/4K3 b - e3e4 0 1");
    let captures = |pos: &chimera::Position| {
        let mut v: Vec<String> =
            pos.legal_moves().into_iter().filter(|&m| m.kind == chimera::MoveKind::EnPassant).map(|m| pos.uci(m)).collect();
        v.sort();
        v
    };
    assert_eq!(captures(&pos), ["d4e3", "f5e4"]);
    let read = v.position(&pos.fen()).unwrap();
    assert_eq!((read.fen(), captures(&read)), (pos.fen(), captures(&pos)));
    let mut taken = read.clone();
    let m = taken.parse_move("f5e4").unwrap();
    taken.play(m).unwrap();
    assert_eq!(taken.fen(), "4k3/8/8/8/3pp3/8/8/4K3 w - - 0 2");
    // A lame initial leap of three (`ifmnH`) is a triple step too; a jump (`ifmH`) is not.
    let betza = "extends = \"chess\"\nname = \"t\"\n\n[pieces.pawn]\nbetza = \"fmWfcFifmnH\"\nen_passant = \"any-passed\"\n";
    let mut pos = from_toml(betza, "t.toml").unwrap().position("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    let e5 = pos.parse_move("e2e5").unwrap();
    pos.play(e5).unwrap();
    assert_eq!(captures(&pos), ["d4e3"]);
    // Without it chess is unchanged: a double step's one square.
    let chess = chimera::variants::load("chess").unwrap();
    let mut pos = chess.position("4k3/8/8/8/3p4/8/4P3/4K3 w - - 0 1").unwrap();
    let e4 = pos.parse_move("e2e4").unwrap();
    pos.play(e4).unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1");
    assert_eq!(captures(&pos), ["d4e3"]);
    // A wrong word is refused with the choices.
    let bad = "extends = \"chess\"\nname = \"t\"\n\n[pieces.pawn]\nen_passant = \"all\"\n";
    let Err(e) = from_toml(bad, "t.toml") else { panic!("refused") };
    assert!(e.message.contains("any-passed"), "{e}");
}

/// `takes_en_passant = "capture-only"`: only the piece's capture-only leaps take en
/// passant (Fairy-Stockfish's rule for every piece type but its pawn), not a capturing
/// step it may also make quietly (a sideways `W`).
#[test]
fn capture_only_en_passant_takes_by_the_capture_only_leaps() {
    let piece =
        |takes: &str| format!("extends = \"chess\"\nname = \"c\"\n\n[pieces.pawn]\nbetza = \"fsWfcF\"\ntakes_en_passant = {takes}\n");
    let moves = |takes: &str| {
        let v = from_toml(&piece(takes), "c.toml").expect("compiles");
        let pos = v.position("4k3/8/2P5/2Pp4/8/8/8/4K3 w - d6 0 2").unwrap();
        let mut m: Vec<String> =
            pos.legal_moves().into_iter().filter(|&m| m.kind == chimera::MoveKind::EnPassant).map(|m| pos.uci(m)).collect();
        m.sort();
        (m, pos.legal_moves().into_iter().map(|m| pos.uci(m)).filter(|m| m == "c6d6").count())
    };
    // Every capturing step: the diagonal from c5 and the sideways step from c6; only
    // the diagonal, capture-only (c6d6 is then a quiet step).
    assert_eq!(moves("true"), (vec!["c5d6".to_string(), "c6d6".to_string()], 1));
    assert_eq!(moves("\"capture-only\""), (vec!["c5d6".to_string()], 1));
    let Err(e) = from_toml(&piece("\"sometimes\""), "c.toml") else { panic!("refused") };
    assert!(e.message.contains("capture-only"), "{e}");
}
