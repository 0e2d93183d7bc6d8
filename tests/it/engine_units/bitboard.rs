//! Bitboards (`engine/src/bitboard.rs`): the three widths give the same answers.

use chimera::{Bitboard, Square, Wide};

fn exercise<B: Bitboard>() {
    let top = (B::CAPACITY - 1) as u8;
    let bit = |sq: u8| B::bit(Square::new(sq));
    let set = bit(0) | bit(5) | bit(top);
    assert_eq!(set.count(), 3);
    assert_eq!(set.lsb().get(), 0);
    assert_eq!(set.msb().get(), top);
    assert_eq!(set.squares().map(Square::get).collect::<Vec<_>>(), vec![0, 5, top]);
    assert!(set.has(Square::new(5)) && !set.has(Square::new(6)));
    assert!(bit(7).is_single() && !set.is_single() && !B::EMPTY.is_single());
    assert_eq!((!B::EMPTY).count() as usize, B::CAPACITY);
    assert_eq!(B::from_wide(set.to_wide()), set);
    assert_eq!(set.shift(1), bit(1) | bit(6));
    assert_eq!(set.shift(-1), bit(4) | bit(top - 1));
    assert_eq!(bit(3).shift(70.min(top as i32 - 3)), bit(3 + 70.min(top - 3)));
    assert_eq!(bit(top).shift(-(top as i32)), bit(0));
    assert_eq!(set.shift(B::CAPACITY as i32), B::EMPTY);
    assert_eq!(B::EMPTY.up_to_lowest(), !B::EMPTY);
    assert_eq!(B::EMPTY.down_to_highest(), !B::EMPTY);
    let low = bit(0) | bit(1) | bit(2) | bit(3) | bit(4) | bit(5);
    assert_eq!(set.up_to_lowest(), bit(0));
    assert_eq!((set & !bit(0)).up_to_lowest(), low);
    assert_eq!(set.down_to_highest(), bit(top));
    assert_eq!((bit(5) | bit(2)).down_to_highest(), !(low & !bit(5)));
}

#[test]
fn all_widths_agree() {
    exercise::<u64>();
    exercise::<u128>();
    exercise::<Wide>();
    let w = Wide::bit(Square::new(64)) | Wide::bit(Square::new(200));
    assert_eq!((w.lsb().get(), w.msb().get()), (64, 200));
}
