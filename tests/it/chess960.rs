//! Chess960 positions (`CastlingMode::Chess960`): kings and rooks anywhere on the first
//! rank, castling rights by X-FEN letter or rook file, castles written king-takes-rook.
//! Counts from Fairy-Stockfish (pyffish with `chess960=True`).

use chimera::variants::builtin;
use chimera::{CastlingLetters, CastlingMode, FenField, Position, Variant};

fn chess960(fen: &str) -> Position {
    let chess = builtin("chess").unwrap().variant().unwrap();
    chess.position_in(fen, CastlingMode::Chess960).unwrap()
}

/// `fen`, read in `mode`, written with rook files (`HAha`) and read back: the same
/// position, written the same. The rook-file text, for the test to look at.
fn rook_files_read_back(variant: &Variant, fen: &str, mode: CastlingMode) -> String {
    let pos = variant.position_in(fen, mode).unwrap();
    let files = pos.fen_with(CastlingLetters::RookFiles);
    let again = variant.position_in(&files, mode).unwrap_or_else(|e| panic!("{files} does not read back: {e}"));
    assert_eq!(again.fen_with(CastlingLetters::RookFiles), files, "{mode:?}: {fen}");
    assert_eq!(again.fen(), pos.fen(), "{mode:?}: {fen}: the same castles and gates");
    files
}

#[test]
fn chess960_perft_matches_fairy_stockfish() {
    for (fen, counts) in [
        ("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9", [21, 528, 12189]),
        ("2nnrbkr/p1qppppp/8/1ppb4/6PP/3PP3/PPP2P2/BQNNRBKR w HEhe - 1 9", [21, 807, 18002]),
        ("1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1", [25, 617, 15138]),
    ] {
        let mut pos = chess960(fen);
        for (depth, expected) in (1..).zip(counts) {
            assert_eq!(pos.perft(depth), expected, "{fen} depth {depth}");
        }
    }
}

#[test]
fn a_castle_reads_as_san_or_king_takes_rook_and_is_written_king_takes_rook() {
    let mut pos = chess960("1r2k1r1/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let by_san = pos.parse_move("O-O-O").unwrap();
    assert_eq!(pos.parse_move("e1a1").unwrap(), by_san);
    assert_eq!(pos.uci(by_san), "e1a1");
    pos.play(by_san).unwrap();
    assert_eq!(pos.fen(), "1r2k1r1/8/8/8/8/8/8/2KR3R b kq - 1 1");
    // The same FEN read as standard chess: the castle is the king's move.
    let chess = builtin("chess").unwrap().variant().unwrap();
    let mut standard = chess.position("1r2k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1").unwrap();
    let m = standard.parse_move("O-O-O").unwrap();
    assert_eq!(standard.uci(m), "e1c1");
}

/// The king's last square is tested with the rook gone from its own: the b1 rook's
/// leaving opens the first rank from a1 onto c1, where the king stays (Fairy-Stockfish
/// agrees: `c1b1` only where the enemy rook stands off that rank).
#[test]
fn a_castle_whose_rook_uncovers_the_kings_square_is_illegal() {
    let castles = |fen: &str| {
        let pos = chess960(fen);
        pos.legal_moves().into_iter().filter(|&m| pos.uci(m) == "c1b1").count()
    };
    assert_eq!(castles("4k3/8/8/8/8/8/8/rRK5 w B - 0 1"), 0);
    assert_eq!(castles("4k3/8/8/8/8/8/r7/1RK5 w B - 0 1"), 1);
}

/// X-FEN names the outermost rook by the castle's letter, an inner one by its file;
/// Shredder-FEN (Fairy-Stockfish's Chess960 FENs) names every rook by its file.
#[test]
fn castling_rights_are_written_as_x_fen_or_by_rook_file() {
    let pos = chess960("rr2k2r/8/8/8/8/8/8/RR2K2R w KBkb - 0 1");
    assert_eq!(pos.fen().split(' ').nth(2), Some("KBkb"));
    assert_eq!(pos.fen_with(CastlingLetters::RookFiles).split(' ').nth(2), Some("HBhb"));
    let chess = builtin("chess").unwrap().variant().unwrap().start();
    assert_eq!(chess.fen_with(CastlingLetters::RookFiles).split(' ').nth(2), Some("HAha"));
}

#[test]
fn castling_fields_that_name_no_rook_are_refused() {
    let chess = builtin("chess").unwrap().variant().unwrap();
    for (fen, why) in [
        ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "`K` needs a white rook to the right of the king on e1"),
        ("4k3/8/8/8/8/8/8/4K2R w G - 0 1", "`G` needs a white rook on g1, but it is not there"),
        ("4k3/8/8/8/8/8/4K3/7R w K - 0 1", "`K` needs one white king on rank 1 to castle with"),
        ("4k3/8/8/8/8/8/8/RR2K3 w AB - 0 1", "`B` gives a castle already given"),
        ("4k3/8/8/8/8/8/8/R3K2R w KZ - 0 1", "`Z` names no castle and no file of this variant"),
    ] {
        let e = chess.position_in(fen, CastlingMode::Chess960).unwrap_err();
        assert_eq!(e.field, FenField::Castling, "{fen}");
        assert!(e.to_string().contains(why), "{fen}: {e}");
    }
}

/// Fischer random and Capablanca random chess (`chess960 = true`): every FEN of the
/// variant is read in Chess960 mode, whatever the caller asks; counts from pyffish
/// (`fischerandom`, `caparandom`, which are Chess960 whatever its flag).
#[test]
fn chess960_variants_read_every_fen_as_chess960() {
    let fischer = builtin("fischerandom").unwrap().variant().unwrap();
    assert!(fischer.rules().chess960);
    // The king stays on g1 and the h1 rook goes to f1: a castle only Chess960 has.
    let mut pos = fischer.position("1r4kr/pppppppp/8/8/8/8/PPPPPPPP/1R4KR w HBhb - 0 1").unwrap();
    assert_eq!([pos.perft(1), pos.perft(2), pos.perft(3)], [24, 576, 13518]);
    let mut pos = fischer.position("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1").unwrap();
    let castle = pos.parse_move("O-O").unwrap();
    assert_eq!(pos.uci(castle), "g1h1");
    pos.play(castle).unwrap();
    assert_eq!(pos.fen_with(CastlingLetters::RookFiles), "1r4kr/8/8/8/8/8/8/1R3RK1 b hb - 1 1");
    // Asked for standard mode, the variant still reads Chess960 (`position_in`).
    let start = fischer.position_in("rk5r/8/8/8/8/8/8/RK5R w HAha - 0 1", CastlingMode::Standard).unwrap();
    assert!(start.legal_moves().iter().any(|&m| start.uci(m) == "b1a1"));
    let capa = builtin("caparandom").unwrap().variant().unwrap();
    let mut pos = capa.position("r1k6r/pppppppppp/10/10/10/10/PPPPPPPPPP/R1K6R w JAja - 0 1").unwrap();
    assert_eq!(pos.perft(3), 29148);
    assert_eq!(capa.start().perft(2), 784);
}

/// Found by fuzzing (`fuzz/fuzz_targets/castling.rs`): castle letters read in Chess960
/// mode for a variant without castling were looked up in its empty list of castles (a
/// panic), and then Kar Ouk's FEN written in that mode (`e`: the unmoved king) did not
/// read back. Without castles the field holds the variant's other rights in either mode.
#[test]
fn chess960_mode_in_a_variant_without_castling_reads_its_other_rights() {
    for (id, fen) in
        [("cambodian", "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w DEde - 0 1"), ("karouk", "4k3/8/8/8/8/8/8/4K3 w e - 0 1")]
    {
        let variant = chimera::variants::load(id).unwrap();
        let standard = variant.position(fen).unwrap();
        let chess960 = variant.position_in(fen, CastlingMode::Chess960).unwrap();
        assert_eq!(chess960.fen(), standard.fen(), "{id}");
        let again = variant.position_in(&chess960.fen_with(CastlingLetters::RookFiles), CastlingMode::Chess960).unwrap();
        assert_eq!(again.fen(), standard.fen(), "{id}");
    }
}

/// Found by fuzzing (`fuzz/fuzz_targets/castling.rs`): S-Chess's gates written with rook
/// files (`HA` for `KQ`) left out the king's gate, which a castle letter implies but a rook
/// file does not, so the FEN read back lost both castles.
#[test]
fn gates_written_with_rook_files_read_back() {
    let variant = chimera::variants::load("shouse").unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    let files = rook_files_read_back(&variant, fen, CastlingMode::Standard);
    assert!(files.contains(" w HABCDEFGhabcdefg "), "{files}");
}

/// Found by fuzzing (`fuzz/fuzz_targets/fen.rs`): an S-Chess king and a rook on open gates
/// but off every castle's squares (b1), without castling rights, wrote its gates (`BE`),
/// which read back as a castle with that rook: "`B` names no castle".
#[test]
fn a_rook_on_a_gate_beside_no_castle_reads_back_as_a_gate() {
    let variant = chimera::variants::load("shouse").unwrap();
    let pos = variant.position("4k3/8/8/8/8/8/8/1R2K3[E] w BE - 0 1").unwrap();
    assert_eq!(pos.fen(), "4k3/8/8/8/8/8/8/1R2K3[E] w BE - 0 1");
    let found = "rnbqkbnr/ppp1pppp/8/8/8/8/PPPPPPPR/RRBQKBN1[BPEhe] b BCDEFg - 1 3";
    assert_eq!(variant.position(found).unwrap().fen(), found);
}

/// Found by fuzzing (`fuzz/fuzz_targets/castling.rs`): a side with nothing to gate with
/// and no way to get a piece (Seirawan's empty hand) writes its castles as rook files
/// (`HAha`), which were read as gates alone and then dropped with the side's gates: the
/// FEN read back without castling. As Fairy-Stockfish reads it, a file letter of a side
/// that cannot gate names a castle's rook.
#[test]
fn rook_files_of_a_side_that_cannot_gate_read_back_as_castles() {
    let seirawan = chimera::variants::load("seirawan").unwrap();
    for fen in ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKKBNR[] w KQkq - 0 1"]
    {
        assert_eq!(seirawan.position(fen).unwrap().fen(), fen, "the four castles kept");
        let files = rook_files_read_back(&seirawan, fen, CastlingMode::Standard);
        assert!(files.contains("[] w HAha "), "{files}");
    }
    // Where captures fill the hands, an empty hand may gate again: the gates are written
    // beside the rook files (`HAE`), and the king and rooks on open gates keep castling.
    let shouse = chimera::variants::load("shouse").unwrap();
    let start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";
    let files = shouse.position(start).unwrap().fen_with(CastlingLetters::RookFiles);
    assert!(files.contains("[] w HAEhae "), "{files}");
    assert_eq!(shouse.position(&files).unwrap().fen(), start);
    // A side that still holds a piece reads a file letter as that file's gate only.
    let gated = seirawan.position("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[H] w B - 0 1").unwrap();
    assert_eq!(gated.fen(), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[H] w B - 0 1");
}

/// Found by fuzzing (`fuzz/fuzz_targets/castling.rs`): read in Chess960 mode, an S-House
/// castle letter opened the gates of the standard king square (a queen on e1) rather
/// than of the king on d1, so its FEN written with rook files (`HE`) named no gate under
/// the king and read back without the castle. A castle letter opens the gates of the king
/// and rook it names, where they stand, as Fairy-Stockfish reads it.
#[test]
fn a_chess960_castle_letter_opens_the_gates_where_king_and_rook_stand() {
    let shouse = chimera::variants::load("shouse").unwrap();
    let fen = "rnbppkrn/bqpppppp/8/8/8/8/PPPPPPPP/RNBKQBNR[HEhe] w K - 0 1";
    let files = rook_files_read_back(&shouse, fen, CastlingMode::Chess960);
    assert!(files.contains("[HEhe] w HD "), "{files}: the rook's file and the king's gate");
}

/// Found by fuzzing (`fuzz/fuzz_targets/castling.rs`): S-House read in Chess960 mode with
/// rooks on a8 and b8, both on open gates: written with rook files (`habcdefg`: the
/// castles and the gates alike), the reader took each rook on a gate beside the king's
/// for a castle, and refused the second queenside one. The king castles with the
/// outermost rook on an open gate on each side, the one `k` or `q` names.
#[test]
fn gated_rooks_beside_a_gated_king_name_one_castle_a_side() {
    let shouse = chimera::variants::load("shouse").unwrap();
    let fen = "rrbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 1";
    // The castles with a8 and h8, every gate open.
    let files = rook_files_read_back(&shouse, fen, CastlingMode::Chess960);
    assert!(files.contains(" w HABCDEFGhabcdefg "), "{files}");
}

/// Found by fuzzing (`fuzz/fuzz_targets/castling.rs`): Black may still gate, its king and
/// h-rook stand on open gates, but it holds only the queenside castle (a position only a
/// FEN makes: a king or rook that moves closes its gate). Written with rook files every
/// letter was a file (`abcdefh`), and the reader, given no castle, took the king and
/// rooks on open gates for both castles. Such a side's castles are written as castle
/// letters (`q`), which the reader keeps as they are.
#[test]
fn castles_the_gates_would_not_imply_are_written_as_castle_letters() {
    let seirawan = chimera::variants::load("seirawan").unwrap();
    let fen = "rnbqkbnr/pppppppp/8/8/8/8/PHPPPPPP/RNBQKBNR[HEhe] w KQBCDFGdqbcdfh - 0 1";
    for mode in [CastlingMode::Standard, CastlingMode::Chess960] {
        let pos = seirawan.position_in(fen, mode).unwrap();
        // A castle letter opens the king's gate too; in Chess960 its file is written beside.
        let (white, black) = if mode == CastlingMode::Standard { ("KQBCDFG", "qbcdfh") } else { ("KQBCDEFG", "qbcdefh") };
        assert!(pos.fen().contains(&format!(" w {white}{black} ")), "{mode:?}: {}", pos.fen());
        // One castle for Black, the h-file's gate open.
        let files = rook_files_read_back(&seirawan, fen, mode);
        assert!(files.contains(&format!(" w HABCDEFG{black} ")), "{mode:?}: {files}: White's as rook files, Black's `q`");
    }
}
