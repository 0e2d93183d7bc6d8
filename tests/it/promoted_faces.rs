//! Promoted faces without letters of their own (`face_of`, no `letter`): written `+` and
//! the letter of the piece they promote from, in FENs, moves and answers, so that a
//! variant may have more types than the alphabet has letters (Chu shogi has 39). The
//! same game written with letters must play the same.

use chimera::variants::load;
use chimera::{PieceType, Variant};

/// Shogi with its six promoted faces written only as `+P`, `+L`, … (no letters).
fn letterless_shogi() -> Variant {
    let mut text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/rulesets/shogi.toml")).unwrap();
    for (letter, base) in [("D", "rook"), ("H", "bishop"), ("A", "silver"), ("E", "knight"), ("Y", "lance"), ("T", "pawn")] {
        let old = format!("letter = \"{letter}\"\nbetza = ");
        let at = text.find(&old).unwrap_or_else(|| panic!("shogi.toml's {letter}"));
        let end = text[at..].find("captured_as").unwrap() + at;
        let betza_line = text[at + old.len() - "betza = ".len()..end].to_string();
        text.replace_range(at..end, &format!("face_of = \"{base}\"\n{betza_line}"));
    }
    text = text.replace("name = \"shogi\"", "name = \"letterless-shogi\"");
    Variant::from_toml(&text, "letterless-shogi.toml").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn shogi_plays_the_same_with_or_without_letters_for_its_promoted_pieces() {
    let lettered = load("shogi").unwrap();
    let letterless = letterless_shogi();
    // Pawns, a lance and a silver about to promote, promoted pieces on the board (`+P` is
    // read by both; shogi writes its own letters back) and in hand.
    for (fen, depth) in [
        ("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1", 3),
        ("4k4/1P+P5L/2S6/+r8/9/9/4+b4/9/4K4[Pp] w - - 0 1", 3),
    ] {
        let mut a = lettered.position(fen).unwrap();
        let mut b = letterless.position(fen).unwrap();
        assert_eq!(a.perft(depth), b.perft(depth), "{fen}");
        let sorted = |p: &chimera::Position| {
            let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).collect();
            v.sort();
            v
        };
        // LAN writes a promotion to a face with a letter with that letter, to one
        // without it `+` (as Fairy-Stockfish writes shogi's).
        let plus: Vec<String> = sorted(&a)
            .into_iter()
            .map(|u| if u.ends_with(['t', 'y', 'a', 'e', 'd', 'h']) && !u.contains('@') { format!("{}+", &u[..u.len() - 1]) } else { u })
            .collect();
        assert_eq!(sorted(&b), plus, "{fen}");
    }
}

#[test]
fn a_letterless_face_is_written_with_a_plus_in_fens_moves_and_hands() {
    let v = letterless_shogi();
    let mut p = v.position("4k4/2+P6/9/1P7/9/9/9/9/4K4[+Pp] w - - 0 1").unwrap();
    // A tokin in a hand reads and writes back as such (as shogi's `[T]` does).
    assert_eq!(p.fen(), "4k4/2+P6/9/1P7/9/9/9/9/4K4[+Pp] w - - 0 1");
    let rules = v.rules();
    let tokin = rules.piece_by_symbol("+P").unwrap();
    assert_eq!(rules.piece(tokin).letter, None);
    assert_eq!(rules.symbol(tokin).to_string(), "+P");
    assert_eq!(rules.fen_symbol(tokin, chimera::Color::Black).to_string(), "+p");

    // Into the zone, the pawn may promote or not: `b6b7+` or `b6b7` in LAN, `b7=+P` in
    // SAN; the tokin moves as `+P`.
    let promote = p.parse_move("b6b7+").unwrap();
    assert_eq!(p.uci(promote), "b6b7+");
    assert_eq!(p.san(promote), "b7=+P");
    assert_eq!(p.parse_move("b7=+P").unwrap(), promote);
    let stay = p.parse_move("b6b7").unwrap();
    assert_ne!(stay, promote);
    assert_eq!(p.san(stay), "b7");
    let tokin_move = p.parse_move("c8c9").unwrap();
    assert_eq!(p.san(tokin_move), "+Pc9");
    assert_eq!(p.parse_move("+Pc9").unwrap(), tokin_move);
    assert!(!p.parse_move("+Pxc9").unwrap_err().to_string().is_empty(), "nothing to take there");
    p.play(promote).unwrap();
    assert_eq!(p.fen(), "4k4/2+P6/1+P7/9/9/9/9/9/4K4[+Pp] b - - 1 1");
    assert_eq!(v.position(&p.fen()).unwrap().fen(), p.fen(), "the FEN reads back");
    assert!(v.position("4k4/9/9/9/9/9/9/9/4K4[+] w - - 0 1").is_err(), "`+` alone in a hand");
}

/// 26 lettered leapers and a king, and five faces without letters: 32 types.
fn many_types() -> String {
    let mut text =
        String::from("name = \"alphabet\"\nboard = { files = 8, ranks = 8 }\nstart = \"4k3/8/8/8/8/8/ABCDEFGH/4K3 w - - 0 1\"\n");
    text += "[pieces.king]\nletter = \"K\"\nbetza = \"K\"\nroyal = true\n";
    for (i, c) in ('A'..='Z').filter(|&c| c != 'K').enumerate() {
        let promotion =
            if i < 5 { format!("promotion = {{ ranks = [8], to = [\"{c}-up\"], policy = \"optional\" }}\n") } else { String::new() };
        text += &format!("[pieces.{c}]\nletter = \"{c}\"\nbetza = \"fW\"\n{promotion}");
    }
    for c in ['A', 'B', 'C', 'D', 'E'] {
        text += &format!("[pieces.{c}-up]\nface_of = \"{c}\"\nbetza = \"K\"\n");
    }
    text
}

#[test]
fn a_variant_may_have_more_types_than_letters() {
    let v = Variant::from_toml(&many_types(), "alphabet.toml").unwrap_or_else(|e| panic!("{e}"));
    let rules = v.rules();
    assert_eq!(rules.pieces.len(), 31);
    let mut p = v.position("7k/ABCDE3/8/8/8/8/8/4K3 w - - 0 1").unwrap();
    // Five pieces that must promote on the last rank (they could never move again
    // there), and the king's five steps.
    assert_eq!(p.legal_moves().len(), 5 + 5);
    let m = p.parse_move("e7e8+").unwrap();
    assert_eq!(p.san(m), "Ee8=+E");
    p.play(m).unwrap();
    assert_eq!(p.fen(), "4+E2k/ABCD4/8/8/8/8/8/4K3 b - - 1 1");
    let up: PieceType = rules.piece_by_symbol("+E").unwrap();
    assert_eq!(rules.piece(up).name, "E-up");
    assert_eq!(v.position(&p.fen()).unwrap().fen(), p.fen());
    assert_eq!(p.perft(2), v.position(&p.fen()).unwrap().perft(2));
}

#[test]
fn a_piece_without_a_letter_must_be_a_face_that_plus_names_alone() {
    let refused = |text: &str| Variant::from_toml(text, "x.toml").err().map(|e| e.to_string()).unwrap_or_default();
    // No letter, no face.
    let e = refused(&many_types().replace("[pieces.E-up]\nface_of = \"E\"\n", "[pieces.E-up]\n"));
    assert!(e.contains("pieces.E-up.letter") && e.contains("unless it is a promoted face"), "{e}");
    // Two letterless faces of one piece would both be `+A`.
    let two = many_types()
        .replace("to = [\"A-up\"]", "to = [\"A-up\", \"B-up\"]")
        .replace("[pieces.B-up]\nface_of = \"B\"", "[pieces.B-up]\nface_of = \"A\"");
    let e = refused(&two);
    assert!(e.contains("pieces.A-up.face_of") && e.contains("written `+A`, as `B-up` is too"), "{e}");
    // A letterless face another piece promotes to: LAN's `+` names the mover's face.
    let shared = many_types().replace("to = [\"B-up\"]", "to = [\"B-up\", \"A-up\"]");
    let e = refused(&shared);
    assert!(e.contains("pieces.A-up.face_of") && e.contains("only `A` may promote to it"), "{e}");
}

/// Shogi whose dragons and horses may also stand unpromoted, as Fairy-Stockfish's may (a
/// FEN's bare `D`): each piece's promotion is marked, and only a promoted one returns to
/// the hand as the rook or bishop it was.
fn shogi_with_unpromoted_dragons() -> Variant {
    let text = r#"
extends = "shogi"
name = "shogi-unpromoted-dragons"

[drops]
demote_on_capture = true

[pieces.dragon]
captured_as = "dragon"
face_of = "rook"

[pieces.horse]
captured_as = "horse"
face_of = "bishop"
"#;
    chimera::variants::from_toml(text, "shogi-unpromoted-dragons.toml").unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn a_face_that_may_stand_unpromoted_is_written_plus_only_when_promoted() {
    let v = shogi_with_unpromoted_dragons();
    let rules = v.rules();
    let dragon = rules.piece_by_letter('D').unwrap();
    assert!(rules.unpromoted_face(dragon));
    assert!(!rules.unpromoted_face(rules.piece_by_letter('T').unwrap()), "the tokin returns as a pawn by its type");
    assert!(!load("shogi").unwrap().rules().unpromoted_face(dragon), "shogi's own dragons are all promoted rooks");
    let plus = |p: &chimera::Position| p.fen_in(chimera::FenStyle { promoted_plus: true, ..Default::default() });

    // Black's dragon on d6 stands unpromoted, its f6 one is a promoted rook.
    let fsf = "4k4/9/9/3d1+r3/3D1D3/9/9/9/4K4[] w - - 0 1";
    let p = v.position(fsf).unwrap();
    assert_eq!(plus(&p), fsf, "`+r` is the promoted one, `d` the other");
    assert_eq!(p.fen(), "4k4/9/9/3d1d~3/3D1D3/9/9/9/4K4[] w - - 0 1", "Chimera's own FEN marks the promoted one");
    assert_eq!(plus(&v.position(&p.fen()).unwrap()), fsf, "and reads back");

    // Taken, the unpromoted dragon goes to the hand as a dragon, the promoted one as a rook.
    let mut a = p.clone();
    let m = a.parse_move("d5d6").unwrap();
    a.play(m).unwrap();
    assert_eq!(plus(&a), "4k4/9/9/3D1+r3/5D3/9/9/9/4K4[D] b - - 1 1");
    let mut b = p.clone();
    let m = b.parse_move("f5f6").unwrap();
    b.play(m).unwrap();
    assert_eq!(plus(&b), "4k4/9/9/3d1D3/3D5/9/9/9/4K4[R] b - - 1 1");

    // The dragon in hand drops as an unpromoted one; a rook that promotes is marked.
    let mut c = v.position("4k4/9/9/9/9/9/1R7/9/4K4[D] w - - 0 1").unwrap();
    let m = c.parse_move("D@e5").unwrap();
    c.play(m).unwrap();
    assert_eq!(plus(&c), "4k4/9/9/9/4D4/9/1R7/9/4K4[] b - - 1 1");
    let mut d = v.position("4k4/9/9/9/9/9/1R7/9/4K4[] w - - 0 1").unwrap();
    let m = d.parse_move("b3b7d").unwrap();
    d.play(m).unwrap();
    assert_eq!(plus(&d), "4k4/9/1+R7/9/9/9/9/9/4K4[] b - - 1 1");
}
