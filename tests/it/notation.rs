//! The notations (`Notation`): moves written as Fairy-Stockfish writes them (the texts
//! here are its `get_san` in each notation, checked against the conventions of each:
//! Hosking's and Hodges's shogi forms, WXF, Janggi's squares, Thai letters), read back,
//! refused when ambiguous or illegal; FEN with `+P` promoted pieces and SFEN.

use chimera::variants::load;
use chimera::{FenStyle, IllegalCode, Notation, Position};

use Notation::*;

fn pos(variant: &str, fen: Option<&str>) -> Position {
    let v = load(variant).unwrap();
    match fen {
        Some(f) => v.position(f).unwrap(),
        None => v.start(),
    }
}

/// Plays `moves` (long algebraic) from the start.
fn after(variant: &str, moves: &[&str]) -> Position {
    let mut p = pos(variant, None);
    for m in moves {
        p.play_str(m).unwrap();
    }
    p
}

/// `mv` (long algebraic) written in each notation is the given text, and reads back.
fn check(p: &mut Position, mv: &str, expected: &[(Notation, &str)]) {
    let m = p.parse_move(mv).unwrap();
    for &(n, text) in expected {
        assert_eq!(p.notate(m, n), text, "{mv} in {n}");
        assert_eq!(p.parse_move_in(text, n), Ok(m), "{text} read in {n}");
    }
}

#[test]
fn shogi_forms() {
    let mut p = pos("shogi", None);
    check(
        &mut p,
        "g3g4",
        &[
            (ShogiHosking, "P36"),
            (ShogiHodges, "P-3f"),
            (ShogiHodgesNumber, "P-36"),
            (Lan, "Pg3-g4"),
            (Janggi, "P77-67"),
            (XiangqiWxf, "P3+1"),
            (ThaiSan, "X-ช๔"),
            (ThaiLan, "X ช๓-ช๔"),
            (San, "g4"),
        ],
    );
    // Two golds reach 5h: the origin square is written.
    check(
        &mut p,
        "d1e2",
        &[(ShogiHosking, "G69-58"), (ShogiHodges, "G6i-5h"), (ShogiHodgesNumber, "G69-58"), (Lan, "Gd1-e2"), (XiangqiWxf, "G6+5")],
    );
    check(&mut p, "h2c2", &[(ShogiHosking, "R78"), (ShogiHodges, "R-7h"), (Janggi, "R88-83"), (XiangqiWxf, "R2=7")]);
    // Without the origin, the gold's move fits both golds.
    assert_eq!(p.parse_move_in("G-58", ShogiHodgesNumber).unwrap_err().code, IllegalCode::Ambiguous);
    assert_eq!(p.parse_move_in("P-55", ShogiHodgesNumber).unwrap_err().code, IllegalCode::Unparsable);
    assert_eq!(Notation::default_for(p.rules()), ShogiHodgesNumber);
}

#[test]
fn shogi_promotion_drops_and_promoted_pieces() {
    let mut p = after("shogi", &["c3c4", "g7g6"]);
    check(&mut p, "b2h8h", &[(ShogiHosking, "Bx22+"), (ShogiHodges, "Bx2b+"), (ShogiHodgesNumber, "Bx22+"), (Lan, "Bb2xh8=H")]);
    // Declining the promotion is marked `=`; the bare form still reads.
    check(&mut p, "b2h8", &[(ShogiHosking, "Bx22="), (ShogiHodges, "Bx2b="), (Lan, "Bb2xh8")]);
    let plain = p.parse_move("b2h8").unwrap();
    assert_eq!(p.parse_move_in("Bx22", ShogiHodgesNumber), Ok(plain));
    // The promotion by the new piece's letter reads too.
    assert_eq!(p.parse_move_in("Bx22=H", ShogiHodgesNumber), p.parse_move("b2h8h"));

    let mut p = after("shogi", &["c3c4", "g7g6", "b2h8h", "g9h8"]);
    check(&mut p, "B@e5", &[(ShogiHosking, "B'55"), (ShogiHodges, "B*5e"), (ShogiHodgesNumber, "B*55"), (Lan, "B@e5"), (Janggi, "B@55")]);

    // A horse is a promoted bishop: `+B`, or by its own letter `H`.
    let mut p = after("shogi", &["c3c4", "g7g6", "b2h8h", "b8c8", "h8h9", "c8b8"]);
    check(&mut p, "h9i9", &[(ShogiHosking, "+Bx11"), (ShogiHodges, "+Bx1a"), (ShogiHodgesNumber, "+Bx11"), (Lan, "Hh9xi9")]);
    check(&mut p, "h9h8", &[(ShogiHosking, "+B22"), (ShogiHodges, "+B-2b"), (ShogiHodgesNumber, "+B-22")]);
    assert_eq!(p.parse_move_in("H-22", ShogiHodgesNumber), p.parse_move("h9h8"));
}

#[test]
fn kyoto_shogi_turns_pieces_up_and_down() {
    let mut p = pos("kyotoshogi", None);
    check(&mut p, "b1b2b", &[(ShogiHosking, "S44+"), (ShogiHodges, "S-4d+"), (ShogiHodgesNumber, "S-44+"), (Lan, "Sb1-b2=B")]);
    check(&mut p, "a1a2l", &[(ShogiHosking, "+L54-"), (ShogiHodges, "+L-5d-"), (ShogiHodgesNumber, "+L-54-")]);
}

#[test]
fn xiangqi_wxf_and_janggi() {
    let mut p = pos("xiangqi", None);
    check(&mut p, "h3e3", &[(XiangqiWxf, "C2=5"), (Janggi, "C88-85"), (Lan, "Ch3-e3"), (ShogiHosking, "C28-58")]);
    check(&mut p, "h1g3", &[(XiangqiWxf, "H2+3"), (Janggi, "H08-87"), (Lan, "Hh1-g3")]);
    check(&mut p, "a1a2", &[(XiangqiWxf, "R9+1"), (Janggi, "R01-91"), (ShogiHodges, "R-9i")]);
    check(&mut p, "d1e2", &[(XiangqiWxf, "A6+5"), (ShogiHosking, "A610-59")]);
    check(&mut p, "c1e3", &[(XiangqiWxf, "E7+5")]);
    // The FEN letter reads as well as the notation's.
    assert_eq!(p.parse_move_in("N2+3", XiangqiWxf), p.parse_move("h1g3"));
    // Two chariots on a file: front `+`, rear `-`; Janggi marks mate.
    let mut p = pos("xiangqi", Some("5k3/9/9/9/9/9/4R4/9/4R4/3K5 w - - 0 1"));
    check(&mut p, "e4d4", &[(XiangqiWxf, "R+=6"), (Janggi, "R75-74")]);
    check(&mut p, "e2d2", &[(XiangqiWxf, "R-=6")]);
    // Three soldiers on a file are numbered from the front.
    let mut p = pos("xiangqi", Some("5k3/9/9/9/4P4/4P4/4P4/9/9/3K5 w - - 0 1"));
    check(&mut p, "e6d6", &[(XiangqiWxf, "15=6")]);
    assert_eq!(Notation::default_for(p.rules()), San);
}

#[test]
fn thai_and_lan() {
    let mut p = pos("makruk", None);
    check(&mut p, "a3a4", &[(ThaiSan, "ก๔"), (ThaiLan, "บ ก๓-ก๔"), (Lan, "a3-a4"), (XiangqiWxf, "P8+1"), (Janggi, "P61-51")]);
    check(&mut p, "c1c2", &[(ThaiSan, "ค-ค๒"), (ThaiLan, "ค ค๑-ค๒")]);
    check(&mut p, "e1f2", &[(ThaiSan, "ม็-ฉ๒"), (ThaiLan, "ม็ จ๑-ฉ๒")]);
    let mut p = pos("chess", Some("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
    check(&mut p, "e4d5", &[(Lan, "e4xd5"), (ThaiSan, "จxง๕"), (ThaiLan, "บ จ๔xง๕"), (ShogiHosking, "Px54"), (Janggi, "P55x44")]);
    check(&mut p, "g1f3", &[(Lan, "Ng1-f3"), (ThaiSan, "ม-ฉ๓"), (XiangqiWxf, "N2+3")]);
    // Check marks are written, and optional when read.
    let mut p = pos("chess", Some("7k/6pp/8/8/8/8/8/R3K3 w - - 0 1"));
    check(&mut p, "a1a8", &[(Lan, "Ra1-a8#"), (ThaiLan, "ร ก๑-ก๘#")]);
    assert_eq!(p.parse_move_in("Ra1-a8", Lan), p.parse_move("a1a8"));
}

#[test]
fn illegal_text_is_refused_with_a_reason() {
    // The knight is pinned: its move leaves the king in check.
    let mut p = pos("chess", Some("4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1"));
    assert_eq!(p.parse_move_in("Ne2-c3", Lan).unwrap_err().code, IllegalCode::LeavesRoyalInCheck);
    assert_eq!(p.parse_move_in("", Lan).unwrap_err().code, IllegalCode::Unparsable);
    assert_eq!(p.parse_move_in("Zz9-z9", ShogiHodges).unwrap_err().code, IllegalCode::Unparsable);
}

/// Every legal move of positions along a game, in every notation, reads back to itself,
/// unless the notation writes another legal move alike (WXF's `P2+1` for a Makruk
/// pawn's step and its capture, Thai's `X` for every piece Makruk lacks): then the text
/// is refused as ambiguous.
#[test]
fn every_notated_move_reads_back() {
    for variant in ["chess", "makruk", "xiangqi", "shogi", "minishogi", "kyotoshogi", "micro", "torishogi", "crazyhouse"] {
        let mut p = pos(variant, None);
        for ply in 0..24 {
            let legal = p.legal_moves();
            if legal.is_empty() || p.outcome().is_some() {
                break;
            }
            for &m in &legal {
                for n in Notation::ALL {
                    let text = p.notate_in(m, n, &legal);
                    let alike = legal.iter().filter(|&&o| p.notate_in(o, n, &legal) == text).count();
                    match p.parse_move_in(&text, n) {
                        Ok(read) => assert_eq!((read, alike), (m, 1), "{variant} {}: {text} in {n}", p.fen()),
                        Err(e) => assert!(e.code == IllegalCode::Ambiguous && alike > 1, "{variant} {}: {text} in {n}: {e:?}", p.fen()),
                    }
                }
            }
            p.play_unchecked(legal[(ply * 7 + 3) % legal.len()]);
        }
    }
}

/// Fairy-Stockfish's long form (its UCI moves): a piece turning to its promoted face or
/// back marked `+`/`-`, a promoted face dropped `+P@c3`, the rest as Chimera's long form;
/// every legal move written so reads back as itself, in the variants where it differs.
#[test]
fn fairy_stockfish_s_long_form() {
    let mut p = pos("shogi", Some("4k4/9/9/P8/9/9/9/9/4K4[] w - - 0 1"));
    let promote = p.parse_move("a6a7t").unwrap();
    assert_eq!(p.fsf_long(promote), "a6a7+");
    assert_eq!(p.parse_fsf_long("a6a7+"), Ok(promote));
    let stays = p.parse_move("a6a7").unwrap();
    assert_eq!(p.fsf_long(stays), "a6a7");
    let written = |variant: &str, fen: Option<&str>, mv: &str| {
        let mut p = pos(variant, fen);
        let m = p.parse_move(mv).unwrap();
        p.fsf_long(m)
    };
    assert_eq!(written("kyotoshogi", None, "b1b2b"), "b1b2+");
    assert_eq!(written("kyotoshogi", None, "a1a2l"), "a1a2-");
    assert_eq!(written("chess", Some("8/4P1k1/8/8/8/8/8/4K3 w - - 0 1"), "e7e8q"), "e7e8q");
    for variant in ["shogi", "kyotoshogi", "minishogi", "torishogi", "crazyhouse", "chess", "duck"] {
        let mut p = pos(variant, None);
        for ply in 0..40 {
            let legal = p.legal_moves();
            if legal.is_empty() || p.outcome().is_some() {
                break;
            }
            for &m in &legal {
                let text = p.fsf_long(m);
                assert_eq!(p.parse_fsf_long(&text), Ok(m), "{variant} {}: {text}", p.fen());
            }
            p.play_unchecked(legal[(ply * 7 + 3) % legal.len()]);
        }
    }
}

#[test]
fn fairy_stockfish_names_a_promoted_face_by_the_type_that_moves_alike() {
    // Its tokin is its gold: written `G` in SAN and told apart from the gold by file
    // (Chimera's own SAN names the tokin by its letter, `T`).
    let mut p = pos("shogi", Some("4k4/9/9/9/9/9/9/3T1G3/4K4[] w - - 0 1"));
    let legal = p.legal_moves();
    let fsf = |p: &mut chimera::Position, text: &str| {
        let m = p.parse_move(text).unwrap();
        p.notate_fsf_in(m, Notation::San, &legal)
    };
    assert_eq!(fsf(&mut p, "d2e3"), "Gde3");
    assert_eq!(fsf(&mut p, "f2e3"), "Gfe3");
    assert_eq!(fsf(&mut p, "d2d3"), "Gd3");
    let m = p.parse_move("d2d3").unwrap();
    assert_eq!(p.san(m), "Td3");
    // Kyoto shogi's turned lance is its gold too, as Fairy-Stockfish writes it.
    let mut k = pos("kyotoshogi", Some("k4/5/5/1Y3/4K[] w - - 0 1"));
    let legal = k.legal_moves();
    let m = k.parse_move("b2b3l").unwrap();
    assert_eq!(k.notate_fsf_in(m, Notation::San, &legal), "Gb3=L");
    // Each reads back, where no piece of the named type makes the move (a gold's `Gd3`
    // stays the gold's: Chimera's own SAN names the tokin `T`).
    assert_eq!(k.parse_move("Gb3=L"), Ok(m));
    let tokin = p.parse_move("d2d3").unwrap();
    assert_eq!(p.parse_move("Gd3"), Ok(tokin));
    assert_eq!(p.parse_move("Gfe3"), p.parse_move("f2e3"));
    // Of faces that move alike where no other type does, the first listed names them all
    // (Yari shogi's golds from a knight and from a bishop are one type of
    // Fairy-Stockfish's); a king's moves name no face (Shogun's commoner is no king).
    let mut y = pos("yarishogi", Some("3k3/7/7/7/3H3/7/7/7/3K3[] w - - 0 1"));
    let legal = y.legal_moves();
    let m = y.parse_move("d5d6").unwrap();
    assert_eq!(y.notate_fsf_in(m, Notation::San, &legal), "Gd6");
    assert_eq!(y.san(m), "Hd6");
}

#[test]
fn notation_names_round_trip() {
    for n in Notation::ALL {
        assert_eq!(Notation::from_name(n.name()), Some(n));
    }
    assert_eq!(Notation::from_name("uci"), Some(Long));
    assert_eq!(Notation::from_name("hodges"), None);
}

#[test]
fn promoted_pieces_in_fen_and_sfen() {
    let p = after("shogi", &["c3c4", "g7g6", "b2h8h", "b8c8", "h8h9"]);
    let fen = p.fen();
    assert!(fen.starts_with("lnsgkgsHl/2r6/"), "{fen}");
    let plus = p.fen_in(FenStyle { promoted_plus: true, ..FenStyle::default() });
    assert_eq!(plus.split(' ').take(2).collect::<Vec<_>>(), ["lnsgkgs+Bl/2r6/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[BN]", "b"]);
    // Both read back to the same position.
    let v = load("shogi").unwrap();
    assert_eq!(v.position(&plus).unwrap().fen(), fen);
    // SFEN: `w` is Black (gote), hands as counts in the ruleset's order, the ply number.
    let sfen = p.fen_in(FenStyle { sfen: true, ..FenStyle::default() });
    assert_eq!(sfen, "lnsgkgs+Bl/2r6/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL w BN 6");
    // (SFEN has no halfmove clock.)
    let board_and_side = |f: &str| f.split(' ').take(2).collect::<Vec<_>>().join(" ");
    assert_eq!(board_and_side(&v.position(&sfen).unwrap().fen()), board_and_side(&fen));
    let start = v.position("lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b 2Pg 1").unwrap();
    assert_eq!(start.fen(), "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[PPg] w - - 0 1");
    assert_eq!(start.fen_in(FenStyle { sfen: true, ..FenStyle::default() }).split(' ').nth(2), Some("2Pg"));
    // `+` needs a piece that has a promoted face.
    assert!(v.position("lnsgkgs+Kl/2r6/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[BN] b - - 0 3").is_err());
    assert!(v.position("lnsgkgs+/2r6/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[BN] b - - 0 3").is_err());
    // Kyoto shogi's start: every piece's face, Fairy-Stockfish's way.
    let kyoto = pos("kyotoshogi", None);
    assert_eq!(kyoto.fen_in(FenStyle { promoted_plus: true, ..FenStyle::default() }).split(' ').next(), Some("p+nks+l/5/5/5/+LSK+NP[]"));
}

/// `mv` (long algebraic) as Fairy-Stockfish's `get_san` writes it in each notation.
fn check_fsf(p: &mut Position, mv: &str, expected: &[(Notation, &str)]) {
    let m = p.parse_move(mv).unwrap();
    let legal = p.legal_moves();
    for &(n, text) in expected {
        assert_eq!(p.notate_fsf_in(m, n, &legal), text, "{mv} in {n}");
    }
}

#[test]
fn fairy_stockfish_s_san_where_chimera_s_differs() {
    // Each text is pyffish's get_san. A Berolina pawn is no chess pawn to Fairy-Stockfish:
    // it keeps its letter (and in LAN too); Chimera's own SAN leaves every pawn's out.
    let mut p = pos("berolina", Some("rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w KQkq - 0 2"));
    check_fsf(&mut p, "c2b3", &[(San, "Pcb3"), (Lan, "Pc2-b3")]);
    check_fsf(&mut p, "e2g4", &[(San, "Pg4")]);
    let m = p.parse_move("c2b3").unwrap();
    assert_eq!(p.san(m), "cb3");
    // The chess pawn: no letter, its file on a capture.
    let mut p = pos("chess", Some("rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"));
    check_fsf(&mut p, "e4d5", &[(San, "exd5"), (Lan, "e4xd5")]);
    // A pass is the general's move to its own square; the horse and elephant are H and E.
    let mut p = pos("janggi", None);
    check_fsf(&mut p, "e2e2", &[(San, "Ke2"), (Lan, "Ke2-e2")]);
    check_fsf(&mut p, "b1c3", &[(San, "Hc3")]);
    // Gating in LAN names both squares.
    let mut p = pos("seirawan", None);
    check_fsf(&mut p, "g1f3h", &[(Lan, "Ng1-f3/H"), (San, "Nf3/H")]);
}

#[test]
fn san_reads_the_notation_letters() {
    // Xiangqi's elephant and horse as Fairy-Stockfish writes them in SAN (FEN: B and N).
    let mut p = pos("xiangqi", None);
    assert_eq!(p.parse_move("Ege3"), p.parse_move("g1e3"));
    assert_eq!(p.parse_move("Hc3"), p.parse_move("b1c3"));
    assert_eq!(p.parse_move("Nc3"), p.parse_move("b1c3"));
}

/// Alice chess names each board's squares `a1` to `h8` (`board.names = "per-board"`), a
/// move made on board B marked with the board its piece returns to (Wikipedia's "Alice
/// chess": `Qxd5/A`). Its game 1.Nf3 e6 2.Ne5 Bc5 3.Nxf7, read as written there, and the
/// moves after it written so.
#[test]
fn alice_chess_names_each_boards_squares_from_a1() {
    let mut p = pos("alice", None);
    for (san, uci) in [("Nf3", "g1f3"), ("e6", "e7e6"), ("Ne5/A", "n3m5"), ("Bc5", "f8c5"), ("Nxf7", "e5f7")] {
        let m = p.parse_move(san).unwrap_or_else(|e| panic!("{san}: {e:?}"));
        assert_eq!(p.uci(m), uci, "{san}");
        assert_eq!(p.san(m), san, "{uci} written");
        p.play(m).unwrap();
    }
    // The bishop on board B (k5) to g1 of board B (o1), back to board A's g1.
    let m = p.parse_move("k5o1").unwrap();
    assert_eq!(p.san(m), "Bg1/A");
    for text in ["Bg1/A", "Bg1", "Bo1", "Bc5g1/A"] {
        assert_eq!(p.parse_move(text), Ok(m), "{text}");
    }
    // Board A's moves carry no mark; a mark that names the wrong board finds no move.
    let d7d5 = p.parse_move("d5").unwrap();
    assert_eq!(p.uci(d7d5), "d7d5");
    assert!(p.parse_move("d5/A").is_err());
    // An unmarked move legal on board B alone is read there (the e-pawn passed to B).
    let e5 = p.parse_move("e5").unwrap();
    assert_eq!(p.uci(e5), "m6m5");
    assert_eq!(p.san(e5), "e5/A");
    let list: Vec<String> = p.legal_moves().into_iter().map(|m| p.san(m)).collect();
    assert!(list.iter().all(|s| !s.contains(['i', 'j', 'k', 'l', 'm', 'n', 'o', 'p'])), "{list:?}");
    assert!(list.contains(&"Bb4/A".to_string()) && list.contains(&"Nf6".to_string()), "{list:?}");
}
