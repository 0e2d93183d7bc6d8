//! Rules (`engine/src/rules.rs`): regions of the board, mirrored or listed per side.

use chimera::rules::Region;
use chimera::{ByColor, Color, Geometry, Square};

#[test]
fn a_region_is_mirrored_for_black() {
    let g = Geometry::new(8, 8);
    let region = Region::from_ranks(vec![0, 1]);
    assert_eq!(region.bitboard::<u64>(g, Color::White), 0xffff);
    assert_eq!(region.bitboard::<u64>(g, Color::Black), 0xffff << 48);
    let g = Geometry::new(5, 6);
    let last = Region::from_ranks(vec![5]);
    assert_eq!(last.squares(g, Color::White).map(Square::get).collect::<Vec<_>>(), [25, 26, 27, 28, 29]);
    assert_eq!(last.squares(g, Color::Black).map(Square::get).collect::<Vec<_>>(), [0, 1, 2, 3, 4]);
}

#[test]
fn a_region_may_list_each_sides_squares() {
    let g = Geometry::new(8, 8);
    // White's a8 and a7 (56, 48); Black's h1 and h2 (7, 15): a rotation, not a mirror.
    let corner =
        Region::default().with_squares(ByColor::new(vec![Square::new(56), Square::new(48)], vec![Square::new(7), Square::new(15)]));
    assert!(!corner.is_empty());
    assert_eq!(corner.bitboard::<u64>(g, Color::White), 1 << 56 | 1 << 48);
    assert_eq!(corner.bitboard::<u64>(g, Color::Black), 1 << 7 | 1 << 15);
    let both = Region::from_ranks(vec![0]).with_squares(ByColor::new(vec![Square::new(17)], vec![Square::new(41)]));
    assert_eq!(both.bitboard::<u64>(g, Color::White), 0xff | 1 << 17);
    assert_eq!(both.bitboard::<u64>(g, Color::Black), 0xff << 56 | 1 << 41);
}
