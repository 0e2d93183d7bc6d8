//! Bughouse on both boards: two positions of a two-board variant (`[drops] two_boards`:
//! `bughouse`, `supply`) played as one match, each capture passed to the captor's
//! partner on the other board.
//!
//! The teams: White on board A plays with Black on board B, and Black on A with White
//! on B. A piece taken on one board is already in the partner's colour (White on A
//! takes black pieces, which Black on B drops), so it goes to that colour's hand on the
//! other board, demoted if it was promoted (`Q~` passes as a pawn). The boards move
//! independently: there is no turn between them, only each board's own. The match ends
//! when a game on either board ends; the winner's partner wins with them.
//!
//! Written as Fairy-Stockfish's and pychess's bughouse FEN (the two positions joined by
//! ` | `) and as BPGN's movetext (`1A. e4 1a. e5 1B. d4`: the move number, the board, upper
//! case for White and lower case for Black).

use std::fmt;

use thiserror::Error;

use crate::movetext::{self, Token};
use crate::{Color, FenError, Move, MoveError, Outcome, Piece, Position, Variant};

/// One of the two boards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardId {
    A,
    B,
}

impl BoardId {
    pub const BOTH: [BoardId; 2] = [BoardId::A, BoardId::B];

    /// The other board.
    pub fn other(self) -> BoardId {
        match self {
            BoardId::A => BoardId::B,
            BoardId::B => BoardId::A,
        }
    }

    /// The board named `A` or `B` (either case).
    pub fn named(name: &str) -> Option<BoardId> {
        match name {
            "A" | "a" => Some(BoardId::A),
            "B" | "b" => Some(BoardId::B),
            _ => None,
        }
    }

    /// A move written after its board, as `--divide` and the server write a match's
    /// moves (`A e2e4`, `B Nf3`): the board and the move's own text.
    pub fn split_move(text: &str) -> Option<(BoardId, &str)> {
        let (board, rest) = text.trim_start().split_once(char::is_whitespace)?;
        Some((BoardId::named(board)?, rest.trim()))
    }

    /// `A` or `B`, as BPGN, `--divide` and the server name the boards.
    pub fn name(self) -> &'static str {
        if self == BoardId::A {
            "A"
        } else {
            "B"
        }
    }

    fn index(self) -> usize {
        self as usize
    }

    /// BPGN's tag of a move by `color` on this board: `A` (White on A), `a` (Black on A).
    pub fn tag(self, color: Color) -> char {
        let c = if self == BoardId::A { 'A' } else { 'B' };
        if color == Color::White {
            c
        } else {
            c.to_ascii_lowercase()
        }
    }
}

impl fmt::Display for BoardId {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a match could not be set up, or a move of it was refused.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum MatchError {
    #[error("{0} is not one board of a two-board game (its ruleset has no `[drops] two_boards = true`)")]
    NotTwoBoards(String),
    #[error("a match's FEN is the two boards' FENs joined by ` | `; this has {0} part{s}", s = if *.0 == 1 { "" } else { "s" })]
    Boards(usize),
    #[error("board {board}: {error}")]
    Fen { board: BoardId, error: FenError },
    #[error("board {board}: {error}")]
    Move { board: BoardId, error: MoveError },
    #[error("{0}")]
    Movetext(String),
}

/// How a match ended: the board whose game ended, and how.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchOutcome {
    pub board: BoardId,
    pub outcome: Outcome,
}

impl MatchOutcome {
    /// The winning team, as its two players (`None` for a draw): the winner on the
    /// board that ended, and their partner, the other colour on the other board.
    pub fn winners(self) -> Option<[(BoardId, Color); 2]> {
        let w = self.outcome.winner?;
        Some([(self.board, w), (self.board.other(), w.opponent())])
    }
}

/// One move of the match, as undo needs it.
#[derive(Clone, Copy, Debug)]
struct Played {
    board: BoardId,
    /// What the capture passed to the other board's hand.
    passed: Option<Piece>,
}

/// A bughouse match: two positions whose captures fill each other's hands.
#[derive(Clone, Debug)]
pub struct Match {
    boards: [Position; 2],
    played: Vec<Played>,
}

impl Match {
    /// Both boards at the variant's start.
    pub fn new(variant: &Variant) -> Result<Match, MatchError> {
        Match::check(variant)?;
        Ok(Match { boards: [variant.start(), variant.start()], played: Vec::new() })
    }

    /// Both boards from a match FEN: the two positions' FENs joined by ` | ` (board A
    /// first).
    pub fn from_fen(variant: &Variant, fen: &str) -> Result<Match, MatchError> {
        Match::check(variant)?;
        let parts: Vec<&str> = fen.split('|').map(str::trim).collect();
        let [a, b] = parts[..] else { return Err(MatchError::Boards(parts.len())) };
        let read = |board: BoardId, text: &str| variant.position(text).map_err(|error| MatchError::Fen { board, error });
        Ok(Match { boards: [read(BoardId::A, a)?, read(BoardId::B, b)?], played: Vec::new() })
    }

    fn check(variant: &Variant) -> Result<(), MatchError> {
        if Match::plays(variant) {
            return Ok(());
        }
        Err(MatchError::NotTwoBoards(variant.name().to_string()))
    }

    /// Whether `variant` is one board of a two-board game (`[drops] two_boards`).
    pub fn plays(variant: &Variant) -> bool {
        variant.rules().drops.as_ref().is_some_and(|d| d.two_boards)
    }

    /// The match FEN: both boards' FENs joined by ` | `.
    pub fn fen(&self) -> String {
        format!("{} | {}", self.boards[0].fen(), self.boards[1].fen())
    }

    /// One board's position.
    pub fn board(&self, board: BoardId) -> &Position {
        &self.boards[board.index()]
    }

    /// Runs `f` on one board's position, for what reads a position by trying moves on it
    /// (notation: a move's check mark, a SAN's disambiguation) and so needs it mutable;
    /// `f` must leave it as it found it, which is checked.
    pub fn with_board<R>(&mut self, board: BoardId, f: impl FnOnce(&mut Position) -> R) -> R {
        let pos = &mut self.boards[board.index()];
        let (plies, hash) = (pos.plies(), pos.hash());
        let r = f(pos);
        assert!(pos.plies() == plies && pos.hash() == hash, "Match::with_board: the position was changed");
        r
    }

    /// The legal moves on one board (none once the match has ended).
    pub fn legal_moves(&self, board: BoardId) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.board(board).legal_moves()
    }

    /// The match's end, if it has ended: the first board whose game has (A's first
    /// where both have, which only a FEN can set up).
    pub fn outcome(&self) -> Option<MatchOutcome> {
        BoardId::BOTH.into_iter().find_map(|board| self.board(board).outcome().map(|outcome| MatchOutcome { board, outcome }))
    }

    /// Plays a legal move on one board; a capture passes its piece to the other board.
    /// Refused if the move is not legal there or the match has ended.
    pub fn play(&mut self, board: BoardId, m: Move) -> Result<(), MatchError> {
        if let Some(end) = self.outcome() {
            let error = crate::game::game_over(end.outcome, self.board(end.board));
            return Err(MatchError::Move { board, error });
        }
        self.boards[board.index()].play(m).map_err(|error| MatchError::Move { board, error })?;
        self.passes_on(board);
        Ok(())
    }

    /// Plays a move known to be legal on that board (from [`Match::legal_moves`]).
    pub fn play_unchecked(&mut self, board: BoardId, m: Move) {
        self.boards[board.index()].play_unchecked(m);
        self.passes_on(board);
    }

    /// Reads a move on one board (SAN or long algebraic) and plays it.
    pub fn play_str(&mut self, board: BoardId, text: &str) -> Result<Move, MatchError> {
        let m = self.boards[board.index()].parse_move(text).map_err(|error| MatchError::Move { board, error })?;
        self.play(board, m)?;
        Ok(m)
    }

    /// After a move on `board`: its capture, if any, to the partner's hand.
    fn passes_on(&mut self, board: BoardId) {
        let captured = self.board(board).last_capture();
        // A full hand lets the piece leave the game, as a capture past it on one board.
        let passed = captured.filter(|&p| self.boards[board.other().index()].give_to_hand(p));
        self.played.push(Played { board, passed });
    }

    /// Takes back the last move of the match (on whichever board it was), and the piece
    /// it passed; `None` when none was played since the match was set up.
    pub fn undo(&mut self) -> Option<(BoardId, Move)> {
        let last = self.played.pop()?;
        if let Some(p) = last.passed {
            let taken = self.boards[last.board.other().index()].take_from_hand(p);
            debug_assert!(taken, "moves are undone in the order played, so the gift is still in hand");
        }
        let m = self.boards[last.board.index()].undo().expect("a match move was played on its board");
        Some((last.board, m))
    }

    /// Moves played since the match was set up.
    pub fn plies(&self) -> usize {
        self.played.len()
    }

    /// Leaf nodes `depth` moves ahead, a move being one on either board (the boards
    /// move independently, so each order counts). A match that has ended has no moves.
    pub fn perft(&mut self, depth: u32) -> u64 {
        self.perft_until(depth, &mut || false).expect("a perft that never stops counts")
    }

    /// [`Match::perft`] that gives up (`None`) as soon as `stop` says so; it is asked
    /// once per node, so that a server can bound the work of a request.
    pub fn perft_until(&mut self, depth: u32, stop: &mut dyn FnMut() -> bool) -> Option<u64> {
        if stop() {
            return None;
        }
        if depth == 0 {
            return Some(1);
        }
        let Some(moves) = self.moves_unless_over() else { return Some(0) };
        let mut nodes = 0;
        for (board, moves) in BoardId::BOTH.into_iter().zip(moves) {
            if depth == 1 {
                nodes += moves.len() as u64;
                continue;
            }
            for m in moves {
                self.play_unchecked(board, m);
                let n = self.perft_until(depth - 1, stop);
                self.undo();
                nodes += n?;
            }
        }
        Some(nodes)
    }

    /// Each board's legal moves, or `None` if the match has ended: one generation per
    /// board serves both questions ([`Position::outcome_with_moves`]).
    fn moves_unless_over(&self) -> Option<[Vec<Move>; 2]> {
        let moves = BoardId::BOTH.map(|board| self.board(board).legal_moves());
        let over = BoardId::BOTH.into_iter().zip(&moves).any(|(board, moves)| self.board(board).outcome_with_moves(moves).is_some());
        (!over).then_some(moves)
    }

    /// Perft per move of the root, each with its board.
    pub fn divide(&mut self, depth: u32) -> Vec<(BoardId, Move, u64)> {
        self.divide_until(depth, &mut || false).expect("a perft that never stops counts")
    }

    /// [`Match::divide`] that gives up (`None`) as soon as `stop` says so (see
    /// [`Match::perft_until`]).
    pub fn divide_until(&mut self, depth: u32, stop: &mut dyn FnMut() -> bool) -> Option<Vec<(BoardId, Move, u64)>> {
        let mut out = Vec::new();
        let Some(moves) = self.moves_unless_over().filter(|_| depth > 0) else { return Some(out) };
        for (board, moves) in BoardId::BOTH.into_iter().zip(moves) {
            for m in moves {
                self.play_unchecked(board, m);
                let n = self.perft_until(depth - 1, stop);
                self.undo();
                out.push((board, m, n?));
            }
        }
        Some(out)
    }

    /// Reads BPGN movetext and plays it: each move after its tag (`1A.`, `1a.`, `3B.`;
    /// the colour must be the one to move there, the move may be glued on: `1A.e4`);
    /// comments (BPGN's clock times in braces), NAGs and the result are skipped, as
    /// PGN's reader ([`movetext::read`]) skips them. Stops at the first move refused, with
    /// the moves before it played.
    pub fn play_movetext(&mut self, text: &str) -> Result<usize, MatchError> {
        let mut played = 0;
        let mut tag = Tag::default();
        // PGN's reader skips the comments, NAGs and result.
        let tokens = movetext::read(text).map_err(|e| MatchError::Movetext(e.to_string()))?;
        for word in tokens.iter().filter_map(Token::move_text) {
            if self.play_word(&mut tag, word)?.is_some() {
                played += 1;
            }
        }
        Ok(played)
    }

    /// Plays one word of BPGN movetext as PGN's reader gives it: BPGN's tags (`1A.`) are
    /// no PGN move numbers, so they come as words, a move perhaps glued on (`1A.e4`). A
    /// tag is kept in `tag` for the move after it; a move is played on its tag's board,
    /// where the tag's colour must be the one to move. The move played, if the word had one.
    pub fn play_word(&mut self, tag: &mut Tag, word: &str) -> Result<Option<(BoardId, Move)>, MatchError> {
        let word = match split_tag(word) {
            Some((t, rest)) => {
                tag.0 = Some(t);
                if rest.is_empty() {
                    return Ok(None);
                }
                rest
            }
            None => word,
        };
        let Some((board, color)) = tag.0.take() else {
            return Err(MatchError::Movetext(format!("`{word}` has no board tag before it (`1A.`, `1a.`, `1B.`, `1b.`)")));
        };
        let turn = self.board(board).turn();
        if turn != color {
            return Err(MatchError::Movetext(format!("`{}. {word}`: it is {turn}'s move on board {board}", board.tag(color))));
        }
        let m = self.play_str(board, word)?;
        Ok(Some((board, m)))
    }

    /// The moves played, as BPGN movetext (`1A. e4 1B. d4 1a. e5`), numbered per board.
    pub fn movetext(&self) -> String {
        let mut copy = self.clone();
        let mut replay: Vec<(BoardId, Move)> = Vec::with_capacity(self.played.len());
        while let Some(undone) = copy.undo() {
            replay.push(undone);
        }
        let mut boards = copy.boards;
        let mut words = Vec::with_capacity(replay.len());
        for (board, m) in replay.into_iter().rev() {
            let pos = &mut boards[board.index()];
            words.push(format!("{}{}. {}", pos.fullmove_number(), board.tag(pos.turn()), pos.san(m)));
            pos.play_unchecked(m);
        }
        words.join(" ")
    }
}

/// The board tag read before the move it stands for (see [`Match::play_word`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct Tag(Option<(BoardId, Color)>);

/// Whether a word of movetext begins with a BPGN board tag (`1A.`, `12b.`).
pub fn is_tagged(word: &str) -> bool {
    split_tag(word).is_some()
}

/// A move's tag: the move number, then `A`, `a`, `B` or `b`, then a dot; and what
/// follows it in the same word.
fn split_tag(word: &str) -> Option<((BoardId, Color), &str)> {
    let rest = word.trim_start_matches(|c: char| c.is_ascii_digit());
    if rest.len() == word.len() {
        return None;
    }
    let tag = match rest.get(..2)? {
        "A." => (BoardId::A, Color::White),
        "a." => (BoardId::A, Color::Black),
        "B." => (BoardId::B, Color::White),
        "b." => (BoardId::B, Color::Black),
        _ => return None,
    };
    Some((tag, &rest[2..]))
}
