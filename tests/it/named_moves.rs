//! `Position::parse_named_move`, the SAN reader's short way (a plain SAN text looked up
//! among the named pieces' moves alone): wherever it answers, its move is
//! `Position::parse_move`'s, over every built-in variant's random games, for every legal
//! move's SAN and for texts spoilt from it (marks, captures, origins and promotions
//! added, dropped or changed, other pieces named); and the referee still says
//! `game-over` first where a rule has ended the game.

use chimera::game::judge;
use chimera::{IllegalCode, MoveKind, Position};
use chimera_search::playtest::Rng;

/// The texts tried for a legal move's SAN `san` whose target square is named `to`.
fn spoilt(san: &str, to: &str) -> Vec<String> {
    let bare = san.trim_end_matches(['+', '#']);
    let mut texts = vec![san.to_string(), bare.to_string(), format!("{bare}+"), format!("{bare}#"), bare.replace('x', "")];
    if let Some(at) = bare.rfind(to) {
        texts.push(format!("{}x{}", &bare[..at].trim_end_matches('x'), &bare[at..]));
        // Another origin file, or none, before the target.
        for origin in ["", "a", "h", "1"] {
            let piece = bare.chars().next().filter(char::is_ascii_uppercase).map(String::from).unwrap_or_default();
            texts.push(format!("{piece}{origin}{}", &bare[at..]));
        }
        // Every piece letter of the chess family, to the same square.
        for letter in ["K", "Q", "R", "B", "N", "P", "S", "G", "C", "A"] {
            texts.push(format!("{letter}{}", &bare[at..]));
        }
    }
    // Promotions changed, dropped or added.
    if let Some(eq) = bare.find('=') {
        for letter in ["Q", "N", "K", "P"] {
            texts.push(format!("{}={letter}", &bare[..eq]));
        }
        texts.push(bare[..eq].to_string());
    } else {
        texts.push(format!("{bare}=Q"));
    }
    texts
}

/// Checks every text of every legal move here; returns (texts answered, legal moves whose
/// own SAN was answered).
fn check_position(pos: &mut Position) -> (usize, usize) {
    let fen = pos.fen();
    let (mut answered, mut own) = (0, 0);
    for (m, _, san) in pos.moves_with_notation() {
        let to = pos.variant().geometry().square_name(m.to);
        for (i, text) in spoilt(&san, &to).into_iter().enumerate() {
            let Some(quick) = pos.parse_named_move(&text) else { continue };
            answered += 1;
            own += usize::from(i == 0);
            assert_eq!(pos.parse_move(&text), Ok(quick), "`{text}` (from {san}) in {} {fen}", pos.variant().name());
        }
    }
    (answered, own)
}

#[test]
fn a_named_move_is_the_move_parse_move_reads() {
    let mut answered = 0;
    for b in chimera::variants::BUILTINS {
        let v = chimera::variants::load(b.id).unwrap();
        let mut pos = v.start();
        let mut rng = Rng::new(0x2545_F491_4F6C_DD1D ^ b.id.len() as u64);
        for _ in 0..24 {
            answered += check_position(&mut pos).0;
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
    }
    assert!(answered > 10_000, "the short way answered only {answered} texts");
}

/// Where the kernel's moves are each piece's own (chess, its check-counting and hill
/// cousins, crazyhouse's board moves, atomic's behind its refusals), nearly every legal
/// board move's own SAN is read the short way (castles and drops are read the long way).
#[test]
fn the_usual_moves_of_the_chess_family_are_read_the_short_way() {
    for id in ["chess", "3check", "kingofthehill", "crazyhouse", "atomic", "capablanca", "shogi", "xiangqi"] {
        let v = chimera::variants::load(id).unwrap();
        let mut pos = v.start();
        let mut rng = Rng::new(0x9E37_79B9_7F4A_7C15);
        let (mut legal, mut own) = (0, 0);
        for _ in 0..40 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            legal += moves.iter().filter(|m| !matches!(m.kind, MoveKind::Castle | MoveKind::Drop)).count();
            own += check_position(&mut pos).1;
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        assert!(own * 10 >= legal * 9, "{id}: {own} of {legal} legal moves read the short way");
    }
}

/// Rules that judge the whole list of moves (compulsory capture, gating, passes) keep the
/// long way: the short one answers nothing there.
#[test]
fn rules_over_the_whole_list_take_the_long_way() {
    for (id, fen, text) in [
        ("antichess", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2", "Nf3"),
        ("antichess", "rnbqkbnr/pppp1ppp/8/4p3/3P4/8/PPP1PPPP/RNBQKBNR w - - 0 2", "dxe5"),
        ("seirawan", "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR[HEhe] w KQBCDFGkqbcdfg - 0 2", "Nf3"),
        ("janggi", "rnba1abnr/4k4/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/4K4/RNBA1ABNR w - - 0 1", "Nf3"),
    ] {
        let mut pos = chimera::variants::load(id).unwrap().position(fen).unwrap();
        assert_eq!(pos.parse_named_move(text), None, "{id} {fen} {text}");
        // (The long way reads it, or says why not.)
        let _ = pos.parse_move(text);
    }
}

/// A rule module's refusal holds on the short way too: in atomic a king takes nothing,
/// and a capture beside one's own king blows it up.
#[test]
fn a_move_a_rule_module_refuses_is_not_named() {
    let v = chimera::variants::load("atomic").unwrap();
    for (fen, text) in [("4k3/8/8/8/8/8/3p4/4K3 w - - 0 1", "Kxd2"), ("4k3/8/8/8/8/8/3p4/3QK3 w - - 0 1", "Qxd2")] {
        let mut pos = v.position(fen).unwrap();
        assert_eq!(pos.parse_named_move(text), None, "{fen} {text}");
        assert!(pos.parse_move(text).is_err(), "{fen} {text}");
    }
    // The same capture with the king away is named.
    let mut pos = v.position("4k3/8/8/8/8/8/3p4/3Q3K w - - 0 1").unwrap();
    assert_eq!(pos.parse_named_move("Qxd2"), pos.parse_move("Qxd2").ok());
    assert!(pos.parse_named_move("Qxd2").is_some());
}

/// A move the short way finds after a rule has ended the game is still refused as
/// `game-over`: King of the Hill's king on d5 has won, whatever Black names.
#[test]
fn a_game_a_rule_has_ended_refuses_a_named_move() {
    let v = chimera::variants::load("kingofthehill").unwrap();
    let mut pos = v.position("rnbqkbnr/pppp1ppp/8/3K4/8/8/PPPPPPPP/RNBQ1BNR b kq - 0 4").unwrap();
    assert!(pos.parse_named_move("Nf6").is_some());
    assert_eq!(judge(&mut pos, "Nf6").map_err(|e| e.code), Err(IllegalCode::GameOver));
    // A move of a game going on is read, and the end of the game not claimed.
    let mut pos = v.start();
    assert_eq!(judge(&mut pos, "e4"), pos.clone().parse_move("e4"));
}
