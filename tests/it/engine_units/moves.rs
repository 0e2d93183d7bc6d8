//! Moves (`engine/src/moves.rs`): each kind's typed view, and back.

use chimera::{Action, Move, MoveKind, PieceType, Square};

/// The view names the fields the kind uses, and converts back to the same move.
fn check(m: Move, expected: Action) {
    assert_eq!(m.action(), expected);
    assert_eq!(Move::from(expected), m);
}

#[test]
fn step() {
    check(Move::normal(Square::new(12), Square::new(28)), Action::Step { from: Square::new(12), to: Square::new(28), promotion: None });
    check(
        Move::normal(Square::new(52), Square::new(60)).promoting(PieceType::new(4)),
        Action::Step { from: Square::new(52), to: Square::new(60), promotion: Some(PieceType::new(4)) },
    );
}

#[test]
fn double_step() {
    check(
        Move::new(Square::new(12), Square::new(28), MoveKind::DoubleStep, Move::NO_PROMOTION),
        Action::DoubleStep { from: Square::new(12), to: Square::new(28) },
    );
}

#[test]
fn en_passant() {
    check(
        Move::new(Square::new(36), Square::new(43), MoveKind::EnPassant, Move::NO_PROMOTION),
        Action::EnPassant { from: Square::new(36), to: Square::new(43), promotion: None },
    );
    check(
        Move::new(Square::new(36), Square::new(43), MoveKind::EnPassant, PieceType::new(2)),
        Action::EnPassant { from: Square::new(36), to: Square::new(43), promotion: Some(PieceType::new(2)) },
    );
}

#[test]
fn castle() {
    check(
        Move::new(Square::new(4), Square::new(6), MoveKind::Castle, PieceType::new(1)),
        Action::Castle { index: 1, king_from: Square::new(4), king_to: Square::new(6) },
    );
}

#[test]
fn drop() {
    check(
        Move::new(Square::new(20), Square::new(20), MoveKind::Drop, PieceType::new(5)),
        Action::Drop { piece: PieceType::new(5), to: Square::new(20) },
    );
}

#[test]
fn buy() {
    check(
        Move::new(Square::new(3), Square::new(3), MoveKind::Buy, PieceType::new(2)),
        Action::Buy { piece: PieceType::new(2), to: Square::new(3) },
    );
}

#[test]
fn upgrade() {
    check(
        Move::new(Square::new(9), Square::new(9), MoveKind::Upgrade, PieceType::new(7)),
        Action::Upgrade { square: Square::new(9), to: PieceType::new(7) },
    );
}

#[test]
fn lift() {
    check(
        Move::new(Square::new(10), Square::new(10), MoveKind::Lift, PieceType::new(3)),
        Action::Lift { from: Square::new(10), becomes: PieceType::new(3) },
    );
}

#[test]
fn gate() {
    check(
        Move::new(Square::new(1), Square::new(18), MoveKind::Gate, PieceType::new(6)),
        Action::Gate { from: Square::new(1), to: Square::new(18), piece: PieceType::new(6) },
    );
    check(
        Move::new(Square::new(7), Square::new(6), MoveKind::GateCastle, PieceType::new(7)),
        Action::GateCastle { gate: Square::new(7), king_to: Square::new(6), piece: PieceType::new(7) },
    );
}

#[test]
fn pass() {
    check(Move::new(Square::new(4), Square::new(4), MoveKind::Pass, Move::NO_PROMOTION), Action::Pass { square: Square::new(4) });
}

#[test]
fn wall() {
    check(
        Move::new(Square::new(28), Square::new(36), MoveKind::Wall, PieceType::new(20)),
        Action::Wall { anchor: Square::new(28), to: Square::new(36), leaves: Some(Square::new(20)) },
    );
    check(
        Move::new(Square::new(28), Square::new(36), MoveKind::Wall, PieceType::new(36)),
        Action::Wall { anchor: Square::new(28), to: Square::new(36), leaves: None },
    );
}

#[test]
fn rule() {
    check(
        Move::new(Square::new(4), Square::new(3), MoveKind::Rule, PieceType::new(0)),
        Action::Rule { module: 0, from: Square::new(4), to: Square::new(3) },
    );
}
