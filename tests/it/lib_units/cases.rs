//! Case files (`src/cases.rs`): a snapshot's body and the diff of two listings.

use chimera::testing::cases::{body, diff};

#[test]
fn the_body_follows_insta_s_header() {
    assert_eq!(body("---\nsource: x\nexpression: y\n---\nfen: a\nmoves: 0\n"), "fen: a\nmoves: 0\n");
    assert_eq!(body("fen: a\n"), "fen: a\n");
}

#[test]
fn a_diff_lists_the_lines_each_side_alone_has() {
    assert_eq!(diff("moves: 2\na\nb\n", "moves: 2\na\nc\n"), "-b\n+c\n");
    assert_eq!(diff("a\n", "a\n"), "");
}
