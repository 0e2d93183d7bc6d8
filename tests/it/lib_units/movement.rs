//! A piece's movement in words (`src/movement.rs`).

use chimera::testing::movement::describe_directions;

fn words(betza: &str) -> String {
    describe_directions(&chimera::betza::parse(betza).expect("betza")).join("; ")
}

#[test]
fn the_common_pieces_read_as_people_say_them() {
    assert_eq!(words("N"), "moves and captures by a (2,1) leap (knight)");
    assert_eq!(words("R"), "moves and captures any distance orthogonally");
    assert_eq!(words("fmWfcF"), "moves one square forward orthogonally (not capturing); captures one square forward diagonally");
    assert_eq!(
        words("mRcpR"),
        "moves any distance orthogonally (not capturing); captures any distance orthogonally by hopping over exactly one piece"
    );
    assert_eq!(words("nN"), "moves and captures by a (2,1) leap (knight), blocked by a piece in between");
    assert_eq!(
        words("ifmnD"),
        "as its first move only, moves by a (2,0) leap (dabbaba) forward orthogonally, blocked by a piece in between (not capturing)"
    );
}
