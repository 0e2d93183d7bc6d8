//! Bughouse on both boards (`chimera::two_boards::Match`) against an independent naive
//! reference: each board's moves by the reference generator (`reference/mod.rs`, chess on
//! a mailbox), and the drops, the promoted marks and the passing of captures written here
//! from the rules' text (USCF's and chess.com's bughouse: a captured piece goes to the
//! captor's partner, who plays the other colour on the other board; a promoted piece
//! passes as a pawn; pawns are never dropped on the first or last rank). Perft counts a
//! move on either board as one ply; a match ends when a board's game does.

use std::sync::Arc;

use chimera::rules::Rules;
use chimera::two_boards::{BoardId, Match, MatchError};
use chimera::{Color, EndReason, Variant};

use crate::reference_movegen::reference::{Man, RefMove, RefPos};

/// A move on one reference board: one of the generator's, or a drop (type, square).
#[derive(Clone, Debug)]
enum Step {
    Board(RefMove),
    Drop(u8, usize),
}

/// One board: the reference generator's position (its rules without drops), each side's
/// hand and the promoted marks.
#[derive(Clone, Debug)]
struct RefBoard {
    rules: Arc<Rules>,
    pos: RefPos,
    hands: [Vec<u8>; 2],
    promoted: Vec<bool>,
}

fn ci(c: Color) -> usize {
    if c == Color::White {
        0
    } else {
        1
    }
}

impl RefBoard {
    fn from_fen(rules: &Arc<Rules>, fen: &str) -> RefBoard {
        let (placement, rest) = fen.trim().split_once(' ').expect("a FEN has fields");
        let (board, hand) = match placement.split_once('[') {
            Some((b, h)) => (b, h.trim_end_matches(']')),
            None => (placement, ""),
        };
        let files = rules.geometry.files as usize;
        let ranks = rules.geometry.ranks as usize;
        let mut promoted = vec![false; files * ranks];
        let mut plain = String::new();
        for (row, text) in board.split('/').enumerate() {
            let rank = ranks - 1 - row;
            let mut file = 0;
            for c in text.chars() {
                match c {
                    '~' => promoted[rank * files + file - 1] = true,
                    d if d.is_ascii_digit() => file += d.to_digit(10).unwrap() as usize,
                    _ => file += 1,
                }
                if c != '~' {
                    plain.push(c);
                }
            }
            plain.push('/');
        }
        plain.pop();
        let mut hands = [vec![0u8; rules.pieces.len()], vec![0u8; rules.pieces.len()]];
        for c in hand.chars() {
            let kind = rules.pieces.iter().position(|p| p.letter == Some(c.to_ascii_uppercase())).expect("a piece letter");
            hands[if c.is_ascii_uppercase() { 0 } else { 1 }][kind] += 1;
        }
        let mut without_drops = (**rules).clone();
        without_drops.drops = None;
        without_drops.start_fen = without_drops.start_fen.replace("[]", "");
        let pos = RefPos::from_fen(Arc::new(without_drops), &format!("{plain} {rest}")).expect("the reference reads it");
        RefBoard { rules: rules.clone(), pos, hands, promoted }
    }

    fn legal(&self) -> Vec<Step> {
        let us = self.pos.turn;
        let mut out: Vec<Step> = self.pos.legal_moves().into_iter().map(Step::Board).collect();
        for kind in 0..self.rules.pieces.len() {
            if self.hands[ci(us)][kind] == 0 {
                continue;
            }
            let zone: Option<Vec<usize>> =
                self.rules.pieces[kind].drop_ranks.as_ref().map(|r| r.squares(self.rules.geometry, us).map(|s| s.index()).collect());
            for sq in 0..self.pos.board.len() {
                if self.pos.board[sq].is_some() || zone.as_ref().is_some_and(|z| !z.contains(&sq)) {
                    continue;
                }
                let mut after = self.pos.clone();
                after.board[sq] = Some(Man { color: us, kind: kind as u8, moved: true });
                if !after.royal_attacked(us) {
                    out.push(Step::Drop(kind as u8, sq));
                }
            }
        }
        out
    }

    fn uci(&self, s: &Step) -> String {
        match s {
            Step::Board(m) => self.pos.uci(m),
            Step::Drop(kind, sq) => {
                format!("{}@{}", self.rules.pieces[*kind as usize].letter.expect("a lettered piece"), self.pos.square_name(*sq))
            }
        }
    }

    /// Plays a step; returns the piece it took (colour, type as passed on).
    fn play(&mut self, s: &Step) -> Option<(Color, u8)> {
        let us = self.pos.turn;
        match s {
            Step::Drop(kind, sq) => {
                self.hands[ci(us)][*kind as usize] -= 1;
                let mut next = self.pos.clone();
                next.board[*sq] = Some(Man { color: us, kind: *kind, moved: true });
                next.turn = us.opponent();
                next.ep = None;
                if us == Color::Black {
                    next.fullmove += 1;
                }
                self.pos = next;
                None
            }
            Step::Board(m) => {
                let victim = m.ep_victim.unwrap_or(m.to);
                let taken = self.pos.board[victim].filter(|man| man.color != us);
                let was_promoted = self.promoted[victim];
                self.promoted[victim] = false;
                if m.castle.is_none() {
                    self.promoted[m.to] = self.promoted[m.from] || m.promo.is_some();
                    self.promoted[m.from] = false;
                }
                self.pos = self.pos.play(m);
                let pawn = self.rules.pieces.iter().position(|p| p.promotion.is_some()).expect("a pawn") as u8;
                taken.map(|man| (man.color, if was_promoted { pawn } else { man.kind }))
            }
        }
    }
}

/// Both boards.
#[derive(Clone, Debug)]
struct RefMatch([RefBoard; 2]);

impl RefMatch {
    fn from_fen(rules: &Arc<Rules>, fen: &str) -> RefMatch {
        let (a, b) = fen.split_once('|').expect("two boards");
        RefMatch([RefBoard::from_fen(rules, a), RefBoard::from_fen(rules, b)])
    }

    /// Over once a board's side to move has no move (mate, or stalemate, which loses).
    fn over(&self) -> bool {
        self.0.iter().any(|b| b.legal().is_empty())
    }

    fn play(&self, board: usize, s: &Step) -> RefMatch {
        let mut next = self.clone();
        if let Some((color, kind)) = next.0[board].play(s) {
            next.0[1 - board].hands[ci(color)][kind as usize] += 1;
        }
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        if self.over() {
            return 0;
        }
        (0..2).map(|b| self.0[b].legal().iter().map(|s| self.play(b, s).perft(depth - 1)).sum::<u64>()).sum()
    }
}

fn bughouse() -> Variant {
    chimera::variants::builtin("bughouse").expect("built in").variant().expect("compiles")
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

/// Compares both boards' move lists, then perft below, descending to the first node
/// whose lists differ.
fn compare(engine: &mut Match, reference: &RefMatch, depth: u32, line: &mut Vec<String>) -> Result<(), String> {
    for (i, board) in BoardId::BOTH.into_iter().enumerate() {
        let pos = engine.board(board);
        let e = sorted(engine.legal_moves(board).iter().map(|&m| pos.uci(m)).collect());
        let r = if reference.over() { Vec::new() } else { sorted(reference.0[i].legal().iter().map(|s| reference.0[i].uci(s)).collect()) };
        if e != r {
            return Err(format!("after {line:?}, board {board} ({}): engine {e:?}\nreference {r:?}", engine.fen()));
        }
    }
    if depth <= 1 {
        return Ok(());
    }
    for (i, board) in BoardId::BOTH.into_iter().enumerate() {
        for m in engine.legal_moves(board) {
            let uci = engine.board(board).uci(m);
            let step = reference.0[i].legal().into_iter().find(|s| reference.0[i].uci(s) == uci).expect("same lists");
            let child = reference.play(i, &step);
            engine.play_unchecked(board, m);
            line.push(format!("{board}:{uci}"));
            let fen = engine.fen();
            assert_eq!(Match::from_fen(&bughouse(), &fen).expect("reads back").fen(), fen, "the match FEN reads back");
            let (e, r) = (engine.perft(depth - 1), child.perft(depth - 1));
            if e != r {
                compare(engine, &child, depth - 1, line)?;
                return Err(format!("after {line:?}: perft {} engine {e} reference {r}", depth - 1));
            }
            line.pop();
            engine.undo();
        }
    }
    Ok(())
}

fn check(fen: &str, depth: u32) -> Vec<u64> {
    let v = bughouse();
    let rules = Arc::new(v.rules().clone());
    let mut engine = Match::from_fen(&v, fen).expect("the engine reads it");
    let reference = RefMatch::from_fen(&rules, fen);
    let counts: Vec<u64> = (1..=depth).map(|d| engine.perft(d)).collect();
    let expected: Vec<u64> = (1..=depth).map(|d| reference.perft(d)).collect();
    if counts != expected {
        let detail = compare(&mut engine, &reference, depth, &mut Vec::new()).err().unwrap_or_default();
        panic!("perft of {fen}: engine {counts:?}, reference {expected:?}\n{detail}");
    }
    compare(&mut engine, &reference, 2, &mut Vec::new()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(engine.fen(), fen, "perft leaves the match as it was");
    counts
}

const START: &str =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1 | rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1";

/// From the start: 20 moves on each board; the third ply sees the first captures.
#[test]
fn perft_from_the_start() {
    assert_eq!(check(START, 3), [40, 1600, 65804]);
}

/// Promotions and promoted pieces: White's knight on A can take a promoted queen (`q~`,
/// passed to Black on B as a pawn), White's b-pawn promotes (the new queen marked);
/// on B Black's g-pawn promotes, taking the rook or not, and White holds a knight.
#[test]
fn perft_promotions() {
    let fen = "4k3/1P6/8/3q~4/8/2N5/8/4K3[] w - - 0 1 | 4k3/8/8/8/8/8/6p1/R3K2R[N] b KQ - 0 1";
    assert_eq!(check(fen, 3), [28, 1803, 90271]);
}

/// En passant and castling beside drops; Black's bishop checks White on B, whose
/// partner (Black on A) can pass a piece to block with by taking on A.
#[test]
fn perft_en_passant_castling_and_a_check_to_block() {
    let fen = "r3k3/8/8/3pP3/8/8/8/4K2R[Pp] w Kq d6 0 1 | 4k3/8/8/8/1b6/8/8/R3K3[n] w Q - 0 1";
    assert_eq!(check(fen, 3), [67, 4497, 206735]);
}

/// Random matches, compared move list by move list with the reference at every move
/// (perft 2 every thirtieth), the match FEN read back each time: captures, passing, drops and
/// promotions pile up far beyond what perft 3 reaches.
#[test]
fn random_matches() {
    let v = bughouse();
    let rules = Arc::new(v.rules().clone());
    let mut seed = 0x2545_F491_4F6C_DD1Du64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    let (mut moves, mut drops, mut passed) = (0, 0, 0);
    for fen in [START, "r3k3/8/8/3pP3/8/8/8/4K2R[Pp] w Kq d6 0 1 | 4k3/8/8/8/1b6/8/8/R3K3[n] w Q - 0 1"] {
        for _ in 0..8 {
            let mut engine = Match::from_fen(&v, fen).unwrap();
            let mut reference = RefMatch::from_fen(&rules, fen);
            let mut line = Vec::new();
            for ply in 0..100 {
                compare(&mut engine, &reference, if ply % 30 == 29 { 2 } else { 1 }, &mut line).unwrap_or_else(|e| panic!("{e}"));
                let here = engine.fen();
                assert_eq!(Match::from_fen(&v, &here).unwrap().fen(), here);
                let a = engine.legal_moves(BoardId::A);
                let b = engine.legal_moves(BoardId::B);
                if a.is_empty() && b.is_empty() {
                    break;
                }
                let (board, i, list) =
                    if b.is_empty() || (!a.is_empty() && next(2) == 0) { (BoardId::A, 0, a) } else { (BoardId::B, 1, b) };
                let m = list[next(list.len())];
                let uci = engine.board(board).uci(m);
                let step = reference.0[i].legal().into_iter().find(|s| reference.0[i].uci(s) == uci).expect("compared");
                let held = |g: &Match| g.fen().matches(|c: char| c.is_ascii_alphabetic()).count();
                let before = held(&engine);
                engine.play_unchecked(board, m);
                reference = reference.play(i, &step);
                drops += uci.contains('@') as usize;
                // A capture passed on keeps the letters in the FEN as many.
                passed += (engine.board(board).last_capture().is_some() && held(&engine) == before) as usize;
                moves += 1;
                line.push(format!("{board}:{uci}"));
            }
        }
    }
    assert!(moves > 1200 && drops > 80 && passed > 100, "{moves} moves, {drops} drops, {passed} captures passed");
}

/// A capture on one board fills the partner's hand on the other, demoted if promoted,
/// and undo takes it back.
#[test]
fn captures_pass_to_the_partner() {
    let v = bughouse();
    let mut m = Match::from_fen(&v, "4k3/8/8/3q~4/8/2N5/8/4K3[] w - - 0 1 | 4k3/8/8/8/8/8/8/4K3[] b - - 0 1").unwrap();
    m.play_str(BoardId::A, "Nxd5").unwrap();
    assert_eq!(m.fen(), "4k3/8/8/3N4/8/8/8/4K3[] b - - 0 1 | 4k3/8/8/8/8/8/8/4K3[p] b - - 0 1");
    m.play_str(BoardId::B, "P@a1").unwrap_err();
    m.play_str(BoardId::B, "P@d2").unwrap();
    assert_eq!(m.undo().map(|(b, _)| b), Some(BoardId::B));
    assert_eq!(m.undo().map(|(b, _)| b), Some(BoardId::A));
    assert_eq!(m.fen(), "4k3/8/8/3q~4/8/2N5/8/4K3[] w - - 0 1 | 4k3/8/8/8/8/8/8/4K3[] b - - 0 1");
    assert_eq!(m.undo(), None);
}

/// BPGN movetext: tags per board and colour, clock comments skipped; read and written
/// back the same; the match ends with the first mate, and the partner wins too.
#[test]
fn movetext_and_the_end() {
    let v = bughouse();
    let mut m = Match::new(&v).unwrap();
    let text = "1A. e4 {59.9} 1B. d4 1a. f5 1b. d5 2A. exf5 2a. g5 2B. e4 2b. dxe4";
    assert_eq!(m.play_movetext(text).unwrap(), 8);
    assert_eq!(m.movetext(), "1A. e4 1B. d4 1a. f5 1b. d5 2A. exf5 2a. g5 2B. e4 2b. dxe4");
    // White on A took a pawn: Black on B holds it; Black on B took one: White on A.
    assert!(m.fen().ends_with("[p] w KQkq - 0 3"), "{}", m.fen());
    assert!(m.fen().contains("[P] w KQkq g6 0 3"), "{}", m.fen());
    assert_eq!(m.outcome(), None);
    m.play_movetext("3A. Qh5#").unwrap();
    let end = m.outcome().expect("mate on A");
    assert_eq!((end.board, end.outcome.reason, end.outcome.winner), (BoardId::A, EndReason::Checkmate, Some(Color::White)));
    assert_eq!(end.winners(), Some([(BoardId::A, Color::White), (BoardId::B, Color::Black)]));
    assert!(m.legal_moves(BoardId::B).is_empty(), "the match is over on both boards");
    let refused = m.play_str(BoardId::B, "Nf3").unwrap_err();
    assert!(
        matches!(refused, MatchError::Move { board: BoardId::B, ref error } if error.code == chimera::IllegalCode::GameOver),
        "{refused:?}"
    );
    // Glued tags, NAGs, line comments and the result, as PGN's reader skips them.
    assert_eq!(Match::new(&v).unwrap().play_movetext("1A.e4 $1 1a.e5 ; a comment\n2A. Nf3 *").unwrap(), 3);
    let wrong_side = Match::new(&v).unwrap().play_movetext("1a. e5").unwrap_err();
    assert_eq!(wrong_side.to_string(), "`a. e5`: it is white's move on board A");
}

/// Set-up errors say what is wrong.
#[test]
fn setup_errors() {
    let v = bughouse();
    let chess = chimera::variants::builtin("chess").unwrap().variant().unwrap();
    assert_eq!(
        Match::new(&chess).unwrap_err().to_string(),
        "chess is not one board of a two-board game (its ruleset has no `[drops] two_boards = true`)"
    );
    assert_eq!(Match::from_fen(&v, "8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err(), MatchError::Boards(1));
    let bad = Match::from_fen(&v, &START.replace("| rnbqkbnr/pppppppp", "| rnbqkbnr/ppppppp")).unwrap_err();
    assert!(bad.to_string().starts_with("board B: "), "{bad}");
}

/// The PGN checker (`chimera validate`, Python's `check_pgn`) reads BPGN: a bughouse game
/// with board tags, or a match FEN, is checked as a match on both boards, its result as
/// the teams' (`1-0`: board A's White and board B's Black).
#[test]
fn bpgn_games_are_checked_as_matches() {
    use chimera::pgn::{Checker, Problem};
    let fools_mate_on_b = START.replace(
        "| rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        "| rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR[] b KQkq - 0 2",
    );
    let games = [
        "[Result \"1-0\"]\n\n1A. e4 {59.9} 1B. d4 1a. f5 1b. d5 2A. exf5 2a. g5 2B. e4 2b. dxe4 3A. Qh5# 1-0".to_string(),
        "1A. e4 1B. d4 1a. f5 1b. d5 2A. exf5 2a. g5 2B. e4 2b. dxe4 3A. Qh5# 0-1".to_string(),
        "1A. e4 1a. e5 1a. Nf6 *".to_string(),
        "1A. e4 1a. e5 2A. Ke3 *".to_string(),
        format!("[FEN \"{fools_mate_on_b}\"]\n\n1b. Qh4# 1-0"),
        "1. e4 e5 2. Nf3 *".to_string(),
    ];
    let pgn: String = games.iter().map(|g| format!("[Variant \"bughouse\"]\n{g}\n\n")).collect();
    let chess = chimera::variants::builtin("chess").unwrap().variant().unwrap();
    let v: Vec<_> = Checker::new(&chess).games(pgn.as_bytes()).collect();
    assert_eq!(v.len(), 6);
    assert!(v.iter().all(|v| v.variant == "bughouse"));

    assert_eq!((v[0].problem.as_ref(), v[0].plies, v[0].agreement.as_deref()), (None, 9, Some("agrees")));
    assert_eq!(v[0].end.as_deref(), Some("1-0 (white wins by checkmate) on board A, board A's White and board B's Black"));
    assert!(v[0].fen.contains(" | "), "{}", v[0].fen);
    let Some(Problem::Result { message, .. }) = &v[1].problem else { panic!("{:?}", v[1]) };
    assert!(message.starts_with("the text's result 0-1 contradicts the board"), "{message}");
    let Some(Problem::Unreadable { error }) = &v[2].problem else { panic!("{:?}", v[2]) };
    assert_eq!((error.message.as_str(), v[2].plies), ("`a. Nf6`: it is white's move on board A", 2));
    let Some(Problem::Illegal { refused, .. }) = &v[3].problem else { panic!("{:?}", v[3]) };
    assert_eq!((refused.ply, refused.text.as_str(), refused.at.as_str()), (3, "Ke3", "board A, move 2. for White"));
    assert_eq!(refused.error.code.as_str(), "piece-cannot-move-there");
    // Black mates on board B: board A's White wins with them.
    assert_eq!((v[4].problem.as_ref(), v[4].outcome.and_then(|o| o.winner)), (None, Some(Color::White)));
    assert_eq!(v[4].end.as_deref(), Some("0-1 (black wins by checkmate) on board B, board A's White and board B's Black"));
    // No tags and no match FEN: a game of one board.
    assert_eq!((v[5].problem.as_ref(), v[5].plies), (None, 3));
    assert!(!v[5].fen.contains('|'));
}
