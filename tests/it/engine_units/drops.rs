//! Drops (`engine/src/features/drops.rs`): the mask of a hand's slots that hold a piece.

use chimera::testing::held_mask;
use chimera::MAX_PIECE_TYPES;

#[test]
fn held_mask_finds_every_slot_that_holds_a_piece() {
    let mut hand = [0u8; MAX_PIECE_TYPES];
    for (slot, n) in [(0, 1), (7, 255), (8, 128), (13, 127), (31, 2), (39, 1), (63, 9)] {
        hand[slot] = n;
    }
    let all = (1u64 << 0) | 1 << 7 | 1 << 8 | 1 << 13 | 1 << 31 | 1 << 39 | 1 << 63;
    assert_eq!(held_mask(&hand, MAX_PIECE_TYPES), all);
    // Only the words covering the variant's types are read.
    assert_eq!(held_mask(&hand, 26), all & 0xffff_ffff);
    assert_eq!(held_mask(&hand, 8), 1 | 1 << 7);
    assert_eq!(held_mask(&[0; MAX_PIECE_TYPES], MAX_PIECE_TYPES), 0);
}
