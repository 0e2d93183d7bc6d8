//! Legal-move lists of rule edge cases, pinned as snapshots (each reviewed by eye).

use chimera::variants::load;

fn listing(variant: &str, fen: &str) -> String {
    let v = load(variant).unwrap();
    let mut pos = v.position(fen).unwrap();
    let mut out = format!("{fen}\ncheck: {}\n", pos.is_check());
    if let Some(o) = pos.outcome() {
        out += &format!("outcome: {o}\n");
    }
    let moves = pos.moves_with_notation();
    out += &format!("{} legal moves\n", moves.len());
    for (_, uci, san) in moves {
        out += &format!("{uci} {san}\n");
    }
    out
}

macro_rules! edge {
    ($name:ident, $variant:literal, $fen:literal) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(listing($variant, $fen));
        }
    };
}

// Castling.
edge!(castling_both_sides_free, "chess", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
edge!(castling_out_of_check_refused, "chess", "r3k2r/8/8/8/4r3/8/8/R3K2R w KQkq - 0 1");
edge!(castling_through_check_refused, "chess", "4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1");
edge!(castling_into_check_refused, "chess", "4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1");
edge!(castling_long_with_b1_attacked_allowed, "chess", "4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1");
edge!(castling_black_blocked_by_piece, "chess", "rn2k1nr/8/8/8/8/8/8/4K3 b kq - 0 1");

// En passant.
edge!(en_passant_available, "chess", "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2");
edge!(en_passant_exposing_king_on_rank_refused, "chess", "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 2");
edge!(en_passant_capturing_the_checker, "chess", "8/8/8/2pP4/3K4/8/8/7k w - c6 0 2");

// Promotion.
edge!(promotion_by_push_and_capture, "chess", "3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1");
edge!(los_alamos_promotion_choices, "losalamos", "k5/2P3/6/6/6/K5 w - - 0 1");

// Pins and checks.
edge!(pinned_knight_cannot_move, "chess", "4k3/4r3/8/8/8/8/4N3/4K3 w - - 0 1");
edge!(pinned_knight_cannot_block_check, "chess", "4k3/8/8/8/1b6/8/3N4/r3K3 w - - 0 1");
edge!(double_check_only_king_moves, "chess", "4r1k1/8/8/8/8/3n3R/8/4K3 w - - 0 1");

// Game ends.
edge!(checkmate_fools_mate, "chess", "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
edge!(stalemate, "chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
