//! Repetition across a move that resets the halfmove clock but can be taken back (issue
//! 51, point 6): a pawn's sideways step in Pawn Sideways and Petrified chess resets the
//! clock (a pawn move, as Fairy-Stockfish counts it), yet the position before it may come
//! back. Chess's repetition rule applies: claimable at the third occurrence, the end at
//! the fifth (both rulesets inherit chess's `[end]`).

use chimera::variants::builtin;
use chimera::{EndReason, Position};

/// e2e3 e7e6, then each side's pawn steps aside and back: the position after e2e3 e7e6
/// comes back every four plies.
const CYCLE: [&str; 4] = ["e3d3", "e6d6", "d3e3", "d6e6"];

fn after_cycles(name: &str, cycles: usize) -> Position {
    let mut pos = builtin(name).unwrap().variant().unwrap().start();
    for m in ["e2e3", "e7e6"].into_iter().chain(CYCLE.iter().copied().cycle().take(4 * cycles)) {
        pos.play_str(m).unwrap_or_else(|e| panic!("{m}: {}", e.message));
    }
    pos
}

#[test]
fn sideways_pawn_steps_repeat_the_position() {
    for name in ["pawnsideways", "petrified"] {
        // The clock was reset by the last pawn step: it says nothing of the repetition.
        assert_eq!(after_cycles(name, 2).halfmove_clock(), 0, "{name}");
        for (cycles, occurrences) in [(0, 1), (1, 2), (2, 3), (3, 4), (4, 5)] {
            let mut pos = after_cycles(name, cycles);
            assert_eq!(pos.repetitions(), occurrences, "{name} after {cycles} cycles");
            let claims: Vec<EndReason> = pos.claims().iter().map(|c| c.outcome.reason).collect();
            let ended = pos.outcome().map(|o| (o.winner, o.reason));
            match occurrences {
                // Threefold and fourfold: a draw the side to move may claim.
                3 | 4 => assert!(claims.contains(&EndReason::Repetition) && ended.is_none(), "{name} {occurrences}: {claims:?}"),
                // Fivefold: the game is over by itself.
                5 => assert_eq!(ended, Some((None, EndReason::Repetition)), "{name}"),
                _ => assert!(!claims.contains(&EndReason::Repetition) && ended.is_none(), "{name} {occurrences}: {claims:?}"),
            }
        }
    }
}

/// A pawn's forward step cannot be taken back: positions before it are not counted,
/// and a sideways step does not carry the count past it.
#[test]
fn a_forward_pawn_step_still_ends_the_count() {
    let mut pos = builtin("pawnsideways").unwrap().variant().unwrap().start();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "e2e3", "e7e6", "e3d3", "e6d6", "d3e3", "d6e6"] {
        pos.play_str(m).unwrap();
    }
    // The start position occurred twice before e2e3, the position after e7e6 twice since.
    assert_eq!(pos.repetitions(), 2);
    // Chess is unchanged: pawn steps are forward only.
    let mut pos = builtin("chess").unwrap().variant().unwrap().start();
    for m in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1", "f6g8"] {
        pos.play_str(m).unwrap();
    }
    assert_eq!(pos.repetitions(), 3);
    pos.play_str("e2e3").unwrap();
    assert_eq!(pos.repetitions(), 1);
}
