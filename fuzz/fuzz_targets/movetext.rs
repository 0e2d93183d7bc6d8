//! Movetext, SAN and long algebraic on any text: the movetext reader and the move reader
//! of a built-in answer every word with a move or an error, never a panic; whatever is
//! played can be taken back, part by part. Read with its annotations, the text's
//! variations open and close in pairs, a variation's first move takes the ply of the move
//! it replaces, and a result token stands in the main line only.
#![no_main]

use chimera::movetext::{self, Games, Token};
use chimera_fuzz::variant_and_text;
use libfuzzer_sys::fuzz_target;

/// The annotated reading's shape: brackets in pairs, plies taken up where they were left.
fn annotations_nest(text: &str) {
    let mut games = Games::new(text.as_bytes()).with_annotations();
    if games.next_game().is_none() {
        return;
    }
    // Each open line, the main line first: the ply of its last move (of the move it
    // replaces while it has none), and whether it has none yet.
    let mut lines = vec![(0usize, false)];
    while let Some(token) = games.next_token() {
        let Ok(token) = token else { return };
        let (last, fresh) = lines.last_mut().expect("the main line stays open");
        match token {
            Token::Move(m) => {
                assert_eq!(m.ply, if *fresh { *last } else { *last + 1 }, "{text:?}");
                (*last, *fresh) = (m.ply, false);
            }
            Token::StartVariation(_) => {
                // A variation opened before its line's first move replaces the move
                // before that line's (as python-chess's reader takes it).
                let replaced = if *fresh { *last - 1 } else { *last };
                assert!(replaced > 0, "{text:?}");
                lines.push((replaced, true));
            }
            Token::EndVariation(_) => {
                lines.pop();
                assert!(!lines.is_empty(), "{text:?}");
            }
            Token::Result(_) => assert_eq!(lines.len(), 1, "{text:?}"),
            Token::Comment(_) | Token::Nag(_) => {}
        }
    }
    assert_eq!(lines.len(), 1, "{text:?}");
}

fuzz_target!(|data: &[u8]| {
    let Some((variant, text)) = variant_and_text(data) else { return };
    annotations_nest(text);
    let mut pos = variant.start();
    // Every word as one move too, whatever the movetext reader makes of the text.
    for word in text.split_whitespace().take(64) {
        let _ = pos.parse_move(word);
    }
    let Ok(tokens) = movetext::read(text) else { return };
    for t in &tokens {
        let Token::Move(m) = t else { break };
        if pos.play_str(&m.text).is_err() {
            break;
        }
        let _ = pos.outcome();
    }
    // A whole turn (`e2e4,e4e5`) plays several parts, each taken back by one undo.
    for _ in 0..pos.plies() {
        assert!(pos.undo().is_some());
    }
    assert_eq!(pos.fen(), variant.start().fen());
});
