//! The vocabulary (`engine/src/types.rs`): squares on every board size, boards side by
//! side, piece sets and per-colour values.

use chimera::{ByColor, Color, Geometry, PieceSet, PieceType, Square, MAX_PIECE_TYPES, MAX_SIDE, MIN_SIDE};

#[test]
fn square_names_round_trip_on_every_board_size() {
    for files in MIN_SIDE..=MAX_SIDE {
        for ranks in MIN_SIDE..=MAX_SIDE {
            let g = Geometry::new(files, ranks);
            for sq in g.all() {
                assert_eq!(g.parse_square(&g.square_name(sq)), Some(sq));
                assert_eq!(g.mirror(g.mirror(sq)), sq);
            }
        }
    }
    let g = Geometry::new(8, 8);
    for bad in ["", "e", "e0", "e9", "i1", "E4", "e04", "e4x", "4e"] {
        assert_eq!(g.parse_square(bad), None, "{bad}");
    }
}

#[test]
fn steps_never_cross_from_one_board_to_the_next() {
    let g = Geometry { boards: 2, ..Geometry::new(16, 8) };
    let sq = |s: &str| g.parse_square(s).unwrap();
    assert_eq!(g.offset(sq("h1"), 1, 0), None);
    assert_eq!(g.offset(sq("i1"), -1, 1), None);
    assert_eq!(g.offset(sq("g1"), 1, 2), Some(sq("h3")));
    assert_eq!(g.offset(sq("j1"), -1, 2), Some(sq("i3")));
    assert_eq!((g.twin(sq("e4")), g.twin(sq("m4"))), (sq("m4"), sq("e4")));
    assert_eq!((g.board_of(sq("h8")), g.board_of(sq("i8"))), (0, 1));
    let one = Geometry::new(8, 8);
    assert_eq!(one.twin(Square::new(3)), Square::new(3));
    assert_eq!(one.offset(Square::new(7), -7, 7), Some(Square::new(56)));
}

#[test]
fn piece_sets_iterate_lowest_first_up_to_the_last_type() {
    let t = PieceType::new;
    let last = t(MAX_PIECE_TYPES as u8 - 1);
    let set: PieceSet = [last, t(3), t(0), t(3)].into_iter().collect();
    assert_eq!(set.iter().collect::<Vec<_>>(), [t(0), t(3), last]);
    assert!(set.contains(last) && !set.contains(t(1)) && !set.is_empty());
    assert!(PieceSet::EMPTY.is_empty() && PieceSet::EMPTY.iter().next().is_none());
}

#[test]
fn by_color_indexes_by_side() {
    let mut v = ByColor::new(1, 2);
    v[Color::Black] += 10;
    assert_eq!((v[Color::White], v[Color::Black]), (1, 12));
    assert_eq!(v.map(|n| n * 2), ByColor::new(2, 24));
    assert_eq!(v.iter().collect::<Vec<_>>(), [(Color::White, &1), (Color::Black, &12)]);
}
