//! Connection goals (`[end.connect]`, `features/connect.rs`): each goal kind on hand-made
//! positions, judged for the side that has just moved (the FENs have Black to move, so
//! White's pieces are looked at), as Fairy-Stockfish's `is_immediate_game_end` judges
//! them; the importer's mapping of its `connectN` family.

use chimera::{Color, EndReason, Outcome};

/// A 5x5 board with two piece types that step orthogonally, and drops (so a position
/// without a connection still has moves, for Black too: `outcome` gives it a guard in
/// hand), and `connect` as the `[end.connect]` table's body.
fn variant(connect: &str) -> Result<chimera::Variant, String> {
    let text = format!(
        "name = \"lines\"\nroyal = \"none\"\nboard = {{ files = 5, ranks = 5 }}\nstart = \"5/5/5/5/5 w - - 0 1\"\n\
         [drops]\ncaptures_to_hand = false\n[pieces.stone]\nletter = \"S\"\nbetza = \"W\"\n[pieces.guard]\nletter = \"G\"\nbetza = \"W\"\n[end.connect]\n{connect}\n"
    );
    chimera::variants::from_toml(&text, "lines.toml").map_err(|e| e.to_string())
}

/// The outcome of `board` (a FEN board field) with Black to move, under `connect`.
fn outcome(connect: &str, board: &str) -> Option<Outcome> {
    variant(connect).unwrap().position(&format!("{board}[g] b - - 0 1")).unwrap().outcome()
}

fn white_connects(connect: &str, board: &str) -> bool {
    match outcome(connect, board) {
        Some(o) if o.reason == EndReason::Connected => {
            assert_eq!(o.winner, Some(Color::White), "{connect} / {board}");
            true
        }
        Some(o) => panic!("{board}: ended otherwise: {o}"),
        None => false,
    }
}

#[test]
fn a_line_of_n_wins_and_n_minus_one_or_a_broken_line_does_not() {
    let rule = "in_a_row = 3";
    assert!(white_connects(rule, "5/5/5/5/SSS2"), "along a rank");
    assert!(white_connects(rule, "5/S4/S4/S4/5"), "along a file");
    assert!(white_connects(rule, "5/5/2S2/1S3/S4"), "along a diagonal");
    assert!(white_connects(rule, "5/5/S4/1S3/2S2"), "along the other diagonal");
    assert!(white_connects(rule, "5/5/5/5/SSSSs"), "a longer line counts");
    assert!(!white_connects(rule, "5/5/5/5/SS3"), "two are not three");
    assert!(!white_connects(rule, "5/5/5/5/SS1S1"), "a gap breaks the line");
    assert!(!white_connects(rule, "5/5/5/5/SSsS1"), "an enemy piece breaks the line");
    assert!(!white_connects(rule, "5/5/5/S4/1SS2"), "a bent line is no line");
    // No wrap round the board's edge: e1 and a2 are not neighbours along the rank.
    assert!(!white_connects(rule, "5/5/5/S4/3SS"), "no line across the edge");
}

#[test]
fn only_the_side_that_just_moved_is_looked_at() {
    // Black, to move, has three in a row: White has just moved and has none.
    assert_eq!(outcome("in_a_row = 3", "5/5/5/S4/sss2"), None);
}

#[test]
fn directions_can_be_switched_off() {
    let rule = "in_a_row = 3\ndirections = [\"horizontal\", \"vertical\"]";
    assert!(!white_connects(rule, "5/5/2S2/1S3/S4"), "diagonals off");
    assert!(white_connects(rule, "5/5/5/5/SSS2"));
    let rule = "in_a_row = 3\ndirections = [\"diagonal\"]";
    assert!(!white_connects(rule, "5/5/5/5/SSS2"), "ranks off");
    assert!(!white_connects(rule, "5/S4/S4/S4/5"), "files off");
    assert!(white_connects(rule, "5/5/2S2/1S3/S4"));
}

#[test]
fn the_verdict_and_the_pieces_that_count() {
    let lost = outcome("in_a_row = 3\nverdict = \"loss\"", "5/5/5/5/SSS2").unwrap();
    assert_eq!((lost.winner, lost.reason), (Some(Color::Black), EndReason::Connected), "misère: the connector loses");
    let drawn = outcome("in_a_row = 3\nverdict = \"draw\"", "5/5/5/5/SSS2").unwrap();
    assert_eq!(drawn.winner, None);
    let rule = "in_a_row = 3\npieces = [\"guard\"]";
    assert!(white_connects(rule, "5/5/5/5/GGG2"));
    assert!(!white_connects(rule, "5/5/5/5/SSS2"), "stones do not count");
    assert!(!white_connects(rule, "5/5/5/5/GGS2"), "a stone breaks a line of guards");
}

#[test]
fn a_solid_square_block() {
    let rule = "square = 2";
    assert!(white_connects(rule, "5/5/5/1SS2/1SS2"));
    assert!(white_connects(rule, "SS3/SS3/5/5/5"), "in a corner");
    assert!(!white_connects(rule, "5/5/5/1S1S1/1SS2"), "three of four");
    assert!(!white_connects(rule, "5/5/5/5/SSSSS"), "a line is no block");
    // Directions do not matter for the block.
    assert!(white_connects("square = 2\ndirections = [\"diagonal\"]", "5/5/5/1SS2/1SS2"));
    assert!(white_connects("square = 3", "5/5/SSS2/SSS2/SSS2"));
    assert!(!white_connects("square = 3", "5/5/SSS2/SsS2/SSS2"), "a hole");
}

#[test]
fn collinear_pieces_need_not_be_adjacent() {
    let rule = "collinear = 3\ndirections = [\"horizontal\", \"vertical\"]";
    assert!(white_connects(rule, "5/5/5/5/S1S1S"), "gaps allowed");
    assert!(white_connects(rule, "5/5/5/5/SsS1S"), "enemy pieces between allowed");
    assert!(white_connects(rule, "S4/5/S4/5/S4"), "along a file");
    assert!(!white_connects(rule, "S4/5/2S2/5/4S"), "a diagonal, switched off");
    assert!(white_connects("collinear = 3", "S4/5/2S2/5/4S"), "a diagonal, on");
    assert!(!white_connects(rule, "5/5/5/S4/1S1S1"), "on two ranks");
}

#[test]
fn a_chain_links_two_regions_winding_every_way() {
    let rule = "link = { white = { from = [\"file a\"], to = [\"file e\"] } }\ndirections = [\"horizontal\", \"vertical\"]";
    // a3 b3 b2 c2 c1 d1 e1: the chain steps south twice (Fairy-Stockfish's own test of its
    // regions follows chains only east, north, north-east and south-east).
    assert!(white_connects(rule, "5/5/SS3/1SS2/2SSS"));
    assert!(white_connects(rule, "5/5/5/5/SSSSS"), "straight across");
    // a5 b5 c5 d5 d4 d3 c3 b3 b2 b1 c1 d1 e1: the chain turns back west.
    assert!(white_connects(rule, "SSSS1/3S1/1SSS1/1S3/1SSSS"));
    assert!(!white_connects(rule, "5/5/SS3/1S3/2SSS"), "broken at c2");
    assert!(!white_connects(rule, "4S/3S1/2S2/1S3/S4"), "diagonal steps, switched off");
    let diagonal = "link = { white = { from = [\"file a\"], to = [\"file e\"] } }";
    assert!(white_connects(diagonal, "4S/3S1/2S2/1S3/S4"), "diagonal steps, on");
    // Black's goal is its own: White's chain between Black's regions counts for nothing.
    let black = "link = { black = { from = [\"rank 1\"], to = [\"rank 5\"] } }";
    assert!(!white_connects(black, "S4/S4/S4/S4/S4"));
    let pos = variant(black).unwrap().position("s4/s4/s4/s4/s4[G] w - - 0 1").unwrap();
    assert_eq!(pos.outcome().map(|o| (o.winner, o.reason)), Some((Some(Color::Black), EndReason::Connected)));
}

#[test]
fn a_connecting_drop_ends_the_game_with_no_moves_left() {
    // Tic-tac-toe as Fairy-Stockfish's variants.ini defines it (`[tictactoe]`).
    let text = "name = \"ttt\"\nroyal = \"none\"\nboard = { files = 3, ranks = 3 }\nstart = \"3/3/3[PPPPPpppp] w - - 0 1\"\n\
                [drops]\ncaptures_to_hand = false\nimmobile_drops = true\n[pieces.stone]\nletter = \"P\"\nbetza = \"\"\n\
                [end.connect]\nin_a_row = 3\n";
    let v = chimera::variants::from_toml(text, "ttt.toml").unwrap();
    let mut pos = v.start();
    for m in ["P@a1", "P@a2", "P@b2", "P@a3"] {
        pos.play_str(m).unwrap();
        assert_eq!(pos.outcome(), None, "after {m}");
    }
    pos.play_str("P@c3").unwrap();
    assert_eq!(pos.outcome().map(|o| (o.winner, o.reason)), Some((Some(Color::White), EndReason::Connected)));
    assert!(pos.legal_moves().is_empty(), "the ended game has no moves");
    assert_eq!(pos.perft(1), 0);
}

#[test]
fn goals_that_can_never_be_met_and_other_mistakes_are_errors() {
    let e = variant("verdict = \"win\"").unwrap_err();
    assert!(e.contains("end.connect") && e.contains("at least one goal"), "{e}");
    let e = variant("in_a_row = 6").unwrap_err();
    assert!(e.contains("end.connect.in_a_row") && e.contains("never be met"), "{e}");
    let e = variant("square = 0").unwrap_err();
    assert!(e.contains("end.connect.square") && e.contains("at least 1"), "{e}");
    let e = variant("in_a_row = 3\ndirections = [\"diagonals\"]").unwrap_err();
    assert!(e.contains("end.connect.directions") && e.contains("did you mean `diagonal`"), "{e}");
    let e = variant("in_a_row = 3\npieces = [\"pawn\"]").unwrap_err();
    assert!(e.contains("end.connect.pieces") && e.contains("`pawn` is not a piece"), "{e}");
    let e = variant("link = { white = { from = [\"file f\"], to = [\"file a\"] } }").unwrap_err();
    assert!(e.contains("end.connect.link.white.from") && e.contains("file f"), "{e}");
    let e = variant("link = {}").unwrap_err();
    assert!(e.contains("end.connect.link"), "{e}");
    // Every error names the file and line.
    assert!(variant("in_a_row = 6").unwrap_err().starts_with("lines.toml:"));
}

#[test]
fn the_importer_maps_fairy_stockfish_s_connection_options() {
    use chimera::ini::import;
    let ini = "[lines]\nmaxRank = 5\nmaxFile = 5\ncustomPiece1 = m:cW\ncustomPiece2 = p:mW\nstartFen = ppppm/5/5/5/5\n\
               collinearN = 3\nconnectDiagonal = false\nconnectValue = loss\nconnectPieceTypes = m\nconnectNxN = 2\n";
    let (sections, _) = import(ini);
    let text = sections[0].result.as_ref().unwrap();
    let doc: toml::Table = text.parse().unwrap();
    let rule = &doc["end"]["connect"];
    assert_eq!(rule["collinear"].as_integer(), Some(3));
    assert_eq!(rule["square"].as_integer(), Some(2));
    assert_eq!(rule["verdict"].as_str(), Some("loss"));
    assert_eq!(rule["pieces"].as_array().unwrap().len(), 1);
    let dirs: Vec<&str> = rule["directions"].as_array().unwrap().iter().filter_map(|v| v.as_str()).collect();
    assert_eq!(dirs, ["horizontal", "vertical"]);
    // Fairy-Stockfish's chains between regions go only east, north, north-east and
    // south-east: refused rather than converted to a `link` that winds every way.
    let (sections, _) = import("[gale:chess]\nconnectRegion1White = a*\nconnectRegion2White = h*\n");
    assert_eq!(sections[0].result.as_ref().unwrap_err().option, "connectRegion1White");
    // A goal no line of the board can hold is refused by name.
    let (sections, _) = import("[long:chess]\nconnectN = 9\n");
    assert_eq!(sections[0].result.as_ref().unwrap_err().option, "connectN");
}
