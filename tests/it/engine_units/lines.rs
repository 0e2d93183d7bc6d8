//! Marked lines (`engine/src/features/lines.rs`): riders and hops unrolled into leaps.

use chimera::betza;
use chimera::testing::unroll;

fn steps(text: &str, longest: u8) -> Vec<((i8, i8), Vec<(i8, i8)>, Vec<(i8, i8)>)> {
    let mut v: Vec<_> = unroll(&betza::parse(text).unwrap(), longest).into_iter().map(|d| ((d.dx, d.dy), d.path, d.hurdles)).collect();
    v.sort();
    v
}

#[test]
fn riders_unroll_into_lame_leaps() {
    // A forward-right bishop line of three squares: one, two (over one), three (over two).
    assert_eq!(steps("frB", 3), vec![((1, 1), vec![], vec![]), ((2, 2), vec![(1, 1)], vec![]), ((3, 3), vec![(1, 1), (2, 2)], vec![])]);
    assert_eq!(steps("frB2", 9).len(), 2);
    // Leaps stay as they are.
    assert_eq!(steps("F", 9).len(), 4);
}

#[test]
fn hops_unroll_with_one_screen() {
    // A cannon hop along a three-square line: to the second square over the first, to
    // the third over the first (the second empty) or over the second (the first empty).
    assert_eq!(
        steps("frpB", 3),
        vec![((2, 2), vec![], vec![(1, 1)]), ((3, 3), vec![(1, 1)], vec![(2, 2)]), ((3, 3), vec![(2, 2)], vec![(1, 1)])]
    );
}
