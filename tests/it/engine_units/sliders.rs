//! Slider attacks (`engine/src/sliders.rs`): magic tables and the blocker trick give what
//! walking the rays gives, on flat boards and cylinders.

use chimera::testing::{build, cut, cut_runs, magic_entries, ray, runs, slider_reach, split, Ray};
use chimera::{Geometry, Square};

const ROOK: [Ray; 4] = [(1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0)];
const BISHOP: [Ray; 4] = [(1, 1, 0), (-1, 1, 0), (1, -1, 0), (-1, -1, 0)];

/// Square by square until the first occupied one.
fn walk(g: Geometry, sq: Square, (dx, dy, range): Ray, occ: u64) -> u64 {
    let (mut reach, mut cur, mut n) = (0u64, sq, 0);
    while let Some(next) = g.offset(cur, dx, dy).filter(|&next| (range == 0 || n < range) && next != sq) {
        reach |= 1 << next.get();
        if occ & 1 << next.get() != 0 {
            break;
        }
        (cur, n) = (next, n + 1);
    }
    reach
}

/// Every lookup gives what walking the rays gives, over random occupancies.
fn agrees(g: Geometry, rays: &[Ray]) {
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut random = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let board: u64 = if g.squares() == 64 { !0 } else { (1 << g.squares()) - 1 };
    for set in split(g, rays) {
        let mut table = Vec::new();
        let magics = build(g, &set, &mut table);
        for sq in g.all() {
            for _ in 0..200 {
                let occ = random() & random() & board;
                let walked = set.iter().fold(0u64, |a, &r| a | walk(g, sq, r, occ));
                if let Some(m) = &magics {
                    assert_eq!(table[m[sq].index(occ)], walked, "{g:?} {set:?} from {sq:?}");
                }
                assert_eq!(slider_reach(g, sq, &set, occ), walked);
            }
        }
    }
}

#[test]
fn lookups_agree_with_walking_the_rays() {
    let queen: Vec<Ray> = ROOK.iter().chain(BISHOP.iter()).copied().collect();
    let nightrider: Vec<Ray> =
        [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)].iter().map(|&(x, y)| (x, y, 0)).collect();
    let limited: Vec<Ray> = vec![(0, 1, 3), (1, 1, 2), (-1, 0, 4), (2, 0, 0)];
    for (files, ranks) in [(8, 8), (5, 5), (6, 6), (4, 16), (16, 4), (7, 9), (4, 4)] {
        let g = Geometry::new(files, ranks);
        agrees(g, &queen);
        agrees(g, &nightrider);
        agrees(g, &limited);
    }
}

/// On boards whose files wrap: magic tables (where they fit) and the runs of the
/// blocker trick give what walking round the cylinder gives, a ray stopping before
/// its own square.
#[test]
fn lookups_agree_with_walking_round_a_cylinder() {
    let queen: Vec<Ray> = ROOK.iter().chain(BISHOP.iter()).copied().collect();
    let nightrider: Vec<Ray> =
        [(1, 2), (2, 1), (-1, 2), (-2, 1), (1, -2), (2, -1), (-1, -2), (-2, -1)].iter().map(|&(x, y)| (x, y, 0)).collect();
    let limited: Vec<Ray> = vec![(0, 1, 3), (1, 1, 2), (-1, 0, 4), (2, 0, 0), (3, 0, 0)];
    for (files, ranks) in [(8, 8), (5, 5), (6, 6), (4, 16), (16, 4), (7, 9), (3, 3)] {
        let g = Geometry { wrap_files: true, ..Geometry::new(files, ranks) };
        agrees(g, &queen);
        agrees(g, &nightrider);
        agrees(g, &limited);
    }
    // A rook on d3 of an empty cylinder: the seven other squares of its rank both
    // ways, in two runs each way (e3-h3 then a3-c3; c3-a3 then h3-e3).
    let g = Geometry { wrap_files: true, ..Geometry::new(8, 8) };
    let d3 = g.square(3, 2);
    assert_eq!(ray::<u64>(g, d3, (1, 0, 0)), 0xf7 << 16);
    assert_eq!(runs::<u64>(g, d3, (1, 0, 0)), [0xf0 << 16, 0x07 << 16]);
    assert_eq!(runs::<u64>(g, d3, (-1, 0, 0)), [0x07 << 16, 0xf0 << 16]);
    // Blocked on b3 going east: e3-h3, a3, b3.
    assert_eq!(cut_runs(&runs::<u64>(g, d3, (1, 0, 0)), 1 << g.square(1, 2).get(), true), 0xf3 << 16);
    assert!(build(g, &[(1, 0, 0), (-1, 0, 0)], &mut Vec::new()).is_some());
}

#[test]
fn a_queen_splits_into_four_lines_and_all_find_magics() {
    let g = Geometry::new(8, 7);
    let queen: Vec<Ray> = BISHOP.iter().chain(ROOK.iter()).copied().collect();
    let sets = split(g, &queen);
    assert_eq!(
        sets,
        vec![vec![(0, -1, 0), (0, 1, 0)], vec![(-1, 0, 0), (1, 0, 0)], vec![(-1, 1, 0), (1, -1, 0)], vec![(-1, -1, 0), (1, 1, 0)]]
    );
    for set in &sets {
        assert!(build(g, set, &mut Vec::new()).is_some(), "{set:?}");
    }
    // On the flat 8x8 board the rook's lines are one set and the bishop's another,
    // with tables of exactly the masks' size (the known multipliers).
    let chess = Geometry::new(8, 8);
    let sets = split(chess, &queen);
    assert_eq!(sets, vec![vec![(0, -1, 0), (0, 1, 0), (-1, 0, 0), (1, 0, 0)], vec![(-1, 1, 0), (1, -1, 0), (-1, -1, 0), (1, 1, 0)]]);
    let sizes: Vec<usize> = sets.iter().map(|set| magic_entries(chess, set)).collect();
    assert_eq!(sizes, [102_400, 5_248]);
    for set in &sets {
        let mut table = Vec::new();
        assert!(build(chess, set, &mut table).is_some(), "{set:?}");
        assert_eq!(table.len(), magic_entries(chess, set));
    }
    // A cylinder keeps its lines apart.
    assert_eq!(split(Geometry { wrap_files: true, ..Geometry::new(8, 8) }, &queen).len(), 4);
    // A range beyond the board is no range.
    assert_eq!(split(g, &[(1, 0, 9), (-1, 0, 0)]), vec![vec![(-1, 0, 0), (1, 0, 0)]]);
    // Over the budget, a line is a set of its own (and walks): a rank of 16.
    let wide = Geometry::new(16, 4);
    assert_eq!(split(wide, &ROOK).iter().map(|s| magic_entries(wide, s) > 0).collect::<Vec<_>>(), [true, false]);
}

#[test]
fn the_blocker_trick_handles_empty_and_full_rays() {
    let r: u64 = 0b1110;
    assert_eq!(cut(r, 0, true), r);
    assert_eq!(cut(r, 0b0100, true), 0b0110);
    assert_eq!(cut(r, 0, false), r);
    assert_eq!(cut(r, 0b0100, false), 0b1100);
    assert_eq!(cut(r, 0b1111, false), 0b1000);
}
