//! A variant's rules, compiled from its ruleset and independent of bitboard width.
//!
//! Everything here is plain data, checked for consistency by the ruleset loader; read
//! it from [`crate::Variant::rules`]. The move generator compiles it into per-square
//! lookup tables once, when the variant is loaded.
//!
//! Ranks here are *own* ranks unless a field says otherwise: 0-based and counted from
//! the side's own first rank, so rank 0 is rank 1 for White and the last rank for
//! Black. Squares are given in White's orientation.

use crate::betza::Direction;
use crate::bitboard::Bitboard;
use crate::notation::names::Notation;
use crate::types::{ByColor, Color, Geometry, PieceSet, PieceType, Square};

/// One kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceDef {
    /// The ruleset's name for it (`knight`).
    pub name: String,
    /// The FEN letter, uppercase (White's); `None` for a promoted face without a letter
    /// of its own (`face_of`), written `+` and the letter of the piece it promotes from
    /// (Chu shogi's 39 types need more than 26 letters). [`Rules::symbol`] writes either.
    pub letter: Option<char>,
    /// The letter Fairy-Stockfish's notations (LAN, shogi, Janggi, WXF) write it with
    /// where it differs from the FEN letter (Xiangqi's horse: `H`, FEN `N`); SAN keeps
    /// the FEN letter. Moves with either letter are read.
    pub notation_letter: Option<char>,
    /// The movement as written in the ruleset.
    pub betza: String,
    /// The movement as directions in White's orientation, but for…
    pub directions: Vec<Direction>,
    /// …the moves that stop on a first square and go on or come back ([`Direction::locust`]:
    /// Chu shogi's lion), which the generator reads apart (`features/locust.rs`).
    pub locusts: Vec<Direction>,
    /// A royal piece may never be left attacked; checkmating it ends the game.
    pub royal: bool,
    /// Royal while its side has at most this many pieces of its type on the board, and
    /// not while it has more (Fairy-Stockfish's `extinctionPseudoRoyal`: with
    /// `extinctionPieceCount` n, n + 1).
    pub royal_while_at_most: Option<u8>,
    /// Written without a letter in SAN (`e4`, `exd5`), like the chess pawn.
    pub pawn: bool,
    /// Own ranks (0-based) from which it may step two squares straight forward
    /// when both squares ahead are empty.
    pub double_step_ranks: Region,
    /// Of those, the own ranks whose double steps may be captured en passant (`None`:
    /// all; Horde's pawns double-step from the first rank too, without en passant).
    pub en_passant_ranks: Option<Region>,
    /// Own ranks (0-based) from which it may step three squares straight forward when
    /// the three squares ahead are empty (Fairy-Stockfish's `tripleStepRegion`).
    pub triple_step_ranks: Region,
    /// Its double steps may be captured en passant.
    pub en_passant: bool,
    /// With `en_passant`: every square its initial steps pass is an en-passant square
    /// (`en_passant = "any-passed"`: a triple step leaves two, Fairy-Stockfish's rule);
    /// without, only a double step's one square is.
    pub en_passant_any_passed: bool,
    /// Its one-step capturing leaps capture en passant (by default, pieces whose double
    /// steps may be captured; Wolf chess's sergeants are taken e.p. but never take so).
    pub takes_en_passant: bool,
    /// With `takes_en_passant`: only its capture-only one-step leaps do (a leap it may
    /// also make without capturing never takes en passant: Fairy-Stockfish's rule,
    /// `takes_en_passant = "capture-only"`, Borderlands' soldier `fWfceFifmnD`).
    pub takes_en_passant_capture_only: bool,
    /// At most this many per side on the board: promotion to it is possible only
    /// below the limit (a captured one becomes available again).
    pub limit: Option<u16>,
    /// In variants with drops: what the captor gets in hand when this piece is captured.
    pub captured_as: Captured,
    /// The type this one is the promoted face of, where no hand says so (`face_of`:
    /// Sho shogi's prince, of the drunk elephant; see [`Rules::promoted_from`]).
    pub face_of: Option<PieceType>,
    /// In variants with drops: own ranks (0-based) it may be dropped on (None = any).
    /// Squares from which it could never move are excluded in any case.
    pub drop_ranks: Option<Region>,
    /// Its class, for lifting with mutation (a lifted piece becomes a member of its class,
    /// or of the next one up).
    pub class: Option<u8>,
    /// How it promotes; `None` if it never does.
    pub promotion: Option<Promotion>,
    /// Where its moves may end (the Xiangqi palace); `None` = anywhere. It still attacks
    /// beyond (see `features/regions.rs`).
    pub moves_within: Option<Region>,
    /// Plain leaps it has only from the squares of a region (the Xiangqi soldier's
    /// sideways steps across the river), in White's orientation.
    pub extra_moves: Option<(Region, Vec<Direction>)>,
    /// When its initial-only (`i`) moves are available beyond "never moved".
    pub initial_moves: InitialMoves,
    /// Moves it has only along marked lines: from one of the squares to another
    /// (Janggi's palace diagonals; see `features/lines.rs`).
    pub line_moves: Option<LineMoves>,
    /// The types its hops may neither jump over nor capture (the Janggi cannon: no
    /// cannon); empty for most pieces.
    pub hop_barred: PieceSet,
    /// A capture turns it into a wall on the square it took (`petrify_on_capture`;
    /// Fairy-Stockfish's `petrifyOnCapture`, Petrified chess).
    pub petrify_on_capture: bool,
    /// Its worth in centipawns (the ruleset's `value = 3.2`, in pawns, is 320), for a
    /// computer opponent's evaluation: given by the designer where the estimate from its
    /// moves is off. `None`: estimated. The rules themselves never read it.
    pub value: Option<u32>,
}

/// Moves a piece has only from one square of a set to another (Fairy-Stockfish's
/// `diagonalLines`): riders and hoppers among them are unrolled into leaps whose path
/// must be empty (and whose screen must be occupied).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineMoves {
    /// The squares (absolute, the same for both sides).
    pub squares: Vec<Square>,
    /// The moves as written.
    pub betza: String,
    /// The moves, in White's orientation, each a leap (riders unrolled).
    pub directions: Vec<Direction>,
}

/// Limits on a piece's initial-only moves (the Cambodian king's leap; see
/// `features/initial_moves.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InitialMoves {
    /// They may be made while the own side is in check.
    pub in_check: bool,
    /// Enemy types that take them away for good by moving to a square from which they
    /// would attack the piece on an empty board.
    pub lost_when_aimed_by: PieceSet,
}

impl Default for InitialMoves {
    fn default() -> Self {
        InitialMoves { in_check: true, lost_when_aimed_by: PieceSet::EMPTY }
    }
}

/// A set of squares named the way rulesets name them: by own ranks (0-based, rank 0 is
/// the side's own first rank), so one region stands for mirrored squares for each side,
/// optionally limited to some files; and by squares listed one by one, per side (Legan
/// chess's promotion corner, which Black's is a rotation of, not a mirror image).
/// It reads as its list of own ranks; [`Region::squares`] and [`Region::bitboard`] place
/// it on a board for one side.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Region {
    ranks: Vec<u8>,
    /// Files (0-based, from White's a-file) the ranks are limited to; empty = every file.
    files: Vec<u8>,
    /// Squares it has besides its ranks, each side's absolute squares.
    listed: ByColor<Vec<Square>>,
}

impl Region {
    /// The region made of these own ranks (0-based); the ruleset loader checks they
    /// are on the board.
    pub fn from_ranks(ranks: Vec<u8>) -> Region {
        Region { ranks, files: Vec::new(), listed: ByColor::default() }
    }
    /// The region limited to these files (0-based, a = 0, the same for both sides).
    pub fn within_files(self, files: Vec<u8>) -> Region {
        Region { files, ..self }
    }
    /// The region with these squares besides, each side's own (absolute squares).
    pub fn with_squares(self, listed: ByColor<Vec<Square>>) -> Region {
        Region { listed, ..self }
    }
    /// Whether it holds the whole of own rank `own` (0-based).
    pub fn has_rank(&self, own: u8) -> bool {
        self.ranks.contains(&own) && self.files.is_empty()
    }
    /// The files (0-based) its ranks are limited to; empty: every file.
    pub fn files(&self) -> &[u8] {
        &self.files
    }
    /// The squares it has besides its ranks, for `color` (absolute squares).
    pub fn listed(&self, color: Color) -> &[Square] {
        &self.listed[color]
    }
    /// Whether it has no square at all.
    pub fn is_empty(&self) -> bool {
        self.ranks.is_empty() && self.listed.iter().all(|(_, l)| l.is_empty())
    }
    /// Its squares for `color` on a board of shape `g`: rank by rank in the order given,
    /// then the squares listed.
    pub fn squares(&self, g: Geometry, color: Color) -> impl Iterator<Item = Square> + '_ {
        let ranked = self.ranks.iter().flat_map(move |&own| {
            let rank = match color {
                Color::White => own,
                Color::Black => g.ranks - 1 - own,
            };
            (0..g.files).filter(move |f| self.files.is_empty() || self.files.contains(f)).map(move |file| g.square(file, rank))
        });
        ranked.chain(self.listed[color].iter().copied())
    }
    /// Its squares for `color` on a board of shape `g`, as a bitboard.
    pub fn bitboard<B: Bitboard>(&self, g: Geometry, color: Color) -> B {
        self.squares(g, color).fold(B::EMPTY, |b, sq| b | B::bit(sq))
    }
}

// Its own ranks, read as a slice: the rules' users test ranks (`contains`, `is_empty`)
// as they did when the fields were `Vec<u8>`.
impl std::ops::Deref for Region {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        &self.ranks
    }
}

impl<const N: usize> PartialEq<[u8; N]> for Region {
    fn eq(&self, other: &[u8; N]) -> bool {
        self.ranks == other
    }
}

/// When and into what a piece promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// Own ranks (0-based) that make up the promotion zone.
    pub ranks: Region,
    /// The types it may become, per side (the same for both unless the armies differ).
    pub to: ByColor<Vec<PieceType>>,
    /// Whether promoting is forced, optional, or forced only when possible.
    pub policy: PromotionPolicy,
    /// Moves that start in the zone may promote too (Shogi), not only moves that end there.
    pub from_zone: bool,
    /// … but only by capturing (`from_zone = "capturing"`: Chu shogi, where a piece
    /// promotes on entering the zone, and within it or leaving it only with a capture).
    pub from_zone_captures: bool,
    /// Own ranks of the zone where any move that ends there may promote, however it got
    /// there (`always_on`: Chu shogi's pawn and lance on the last rank).
    pub always_on: Region,
    /// Only capturing moves promote; quiet moves never do (Micro shogi;
    /// Fairy-Stockfish's `piecePromotionOnCapture`).
    pub on_capture: bool,
    /// An en-passant capture into the zone promotes (false: it arrives unpromoted, as
    /// Fairy-Stockfish's always does).
    pub en_passant: bool,
}

impl Promotion {
    /// Whether either side's piece may become `t`.
    pub fn reaches(&self, t: PieceType) -> bool {
        self.to.iter().any(|(_, to)| to.contains(&t))
    }
}

/// What a capture gives the captor, in variants with drops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Captured {
    /// This type goes into the captor's hand.
    Hand(PieceType),
    /// The piece leaves the game.
    Removed,
}

/// Pieces in hand and how they are dropped.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Drops {
    /// At most this many of a type (unpromoted) per side on a file: no drop onto a file
    /// that already has that many (Shogi's *nifu*, one pawn; Tori shogi's two swallows).
    pub per_file: Vec<(PieceType, u8)>,
    /// A drop of one of these may not checkmate (Shogi's *uchifuzume*).
    pub no_drop_mate: Vec<PieceType>,
    /// A promoted piece goes to hand as the type it promoted from (crazyhouse); promoted
    /// pieces are marked with `~` in FEN.
    pub demote_on_capture: bool,
    /// At most this many pieces in one side's hand (a lift needs room; captures into a
    /// full hand are lost).
    pub capacity: Option<u8>,
    /// A piece may be dropped where it could never move (Dobutsu's chick on the far
    /// rank; Fairy-Stockfish's `immobilityIllegal = false`).
    pub immobile_drops: bool,
    /// A side holding one of these must drop one: it may drop no other type, and make no
    /// other move while such a drop is legal (Fairy-Stockfish's `mustDrop` with
    /// `mustDropType`): every type is a setup phase (Placement), in which a royal piece
    /// may start in the hand; Koedem's kings.
    pub must_drop: Vec<PieceType>,
    /// Drops must leave room for these types on both square colours: a side's pieces of
    /// one such type (on the board and in hand) end half on light, half on dark squares
    /// (Placement's bishops; Fairy-Stockfish's `dropOppositeColoredBishop`).
    pub opposite_colors: Vec<PieceType>,
    /// A royal dropped on a castle's king square, or a piece of these types dropped on
    /// its rook square while the royal stands on the king square, gives that castling
    /// right (Fairy-Stockfish's `castlingDroppedPiece`).
    pub castling_rights_on_drop: Vec<PieceType>,
    /// Pieces leave the hand by drops (false: only by gating, as in S-Chess).
    pub drop_moves: bool,
    /// A piece in hand may also be dropped as any type that returns to the hand as it
    /// (Kyoto shogi drops either face; Fairy-Stockfish's `dropPromoted`).
    pub promoted: bool,
    /// Every non-royal type may be dropped at will, from no hand (Ataxx; Fairy-Stockfish's
    /// `freeDrops`): FENs give no hand.
    pub unlimited: bool,
    /// Where a drop may go besides its zone (`features/flips.rs`).
    pub placement: Option<Placement>,
    /// Squares the first drops must fill, each side's absolute squares (`features/flips.rs`).
    pub first_squares: ByColor<Vec<Square>>,
    /// A drop may give check (false: Fairy-Stockfish's `dropChecks = false`; the ban is
    /// `features/move_bans.rs`').
    pub checks: bool,
    /// This is one board of a two-board game: the hands are filled by a partner on the
    /// other board (bughouse; Fairy-Stockfish's `twoBoards`). Nothing on this board
    /// changes by it: it tells clients where the hands' pieces come from.
    pub two_boards: bool,
}

/// Where a drop may go (`[drops] placement`, `features/flips.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// Only where it encloses a line of enemy pieces (Reversi).
    Enclosing,
    /// Only next to one of the mover's own pieces (Ataxx).
    NextToOwn,
    /// Only on the bottom rank or on a piece (Connect Four's gravity).
    OnTop,
    /// Never beside an enemy piece, a wazir's step away (Snort).
    Apart,
}

/// What an arriving piece turns to the mover's side (`flips`, `features/flips.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flips {
    /// Every line of enemy pieces it encloses against an own piece (Reversi).
    Enclosed,
    /// Every enemy piece next to it (Ataxx).
    Adjacent,
    /// As `Adjacent`, but a dropped piece flips only when it lands next to one of the
    /// mover's own (Quadwrangle).
    AdjacentJoined,
}

/// Gating: a piece from the hand may enter on the square a piece leaves on its first
/// move from its side's gate rank (see `features/gating.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Gating {
    /// The own rank (0-based) of the gates.
    pub rank: u8,
}

/// Lifting: instead of moving, a player puts one of his own non-royal pieces into his
/// hand, choosing what it becomes by its class.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lift {
    /// From these own ranks (0-based) the piece must go up one class; elsewhere it may
    /// become any member of its own class (itself included). A piece of the top class
    /// stays what it is.
    pub raise_ranks: Region,
    /// These sides may not lift on the game's first move (fullmove 1).
    pub not_on_first_move: Vec<Color>,
}

/// Whether a move into the promotion zone must promote.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PromotionPolicy {
    /// A move that ends in the zone must promote; with no type available, it is illegal.
    Mandatory,
    /// A move that ends in the zone may promote or not — but must where the piece could
    /// never move again.
    Optional,
    /// A move that ends in the zone may promote or not, even where the piece could then
    /// never move again (Fairy-Stockfish's optional promotions without `immobilityIllegal`).
    Free,
    /// A move that ends in the zone must promote if any type is available; otherwise
    /// it is played without promoting.
    IfAvailable,
    /// Arriving promotes nothing: promoting is a move of its own (Sittuyin; Fairy-Stockfish's
    /// `sittuyinPromotion`). A piece standing in the zone — anywhere, if it is the last of
    /// its type — becomes one of the types, on its square or one move of the new type
    /// away onto an empty square; the new piece may attack no enemy piece and the move may
    /// give no check (`features/promotion_move.rs`).
    AsAMove,
}

/// One castling move, described by White's squares (Black's are mirrored).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Castle {
    /// Where the king starts (White's side; see [`Castle::squares`] for Black's).
    pub king_from: Square,
    /// Where the king ends.
    pub king_to: Square,
    /// Where the rook (or the piece that castles with the king) starts.
    pub rook_from: Square,
    /// Where the rook ends.
    pub rook_to: Square,
    /// Squares that must be empty (the king and rook themselves excepted).
    pub empty: Vec<Square>,
    /// Squares that must not be attacked (the king's own square = not in check).
    pub safe: Vec<Square>,
    /// How SAN prints it (`O-O`).
    pub notation: String,
    /// Other spellings SAN accepts for it.
    pub aliases: Vec<String>,
    /// Its letter in a FEN castling field (White's; Black's is the lowercase).
    pub fen_letter: char,
}

impl Castle {
    /// Whether the rook starts on the king's right (White's view): `O-O` in chess.
    pub fn kingside(&self, g: Geometry) -> bool {
        g.file(self.rook_from) > g.file(self.king_from)
    }

    /// This castle's squares for `color`.
    pub fn squares(&self, g: Geometry, color: Color) -> CastleSquares {
        let m = |sq: Square| if color == Color::White { sq } else { g.mirror(sq) };
        CastleSquares { king_from: m(self.king_from), king_to: m(self.king_to), rook_from: m(self.rook_from), rook_to: m(self.rook_to) }
    }
}

/// One castling's four squares for one side, from [`Castle::squares`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastleSquares {
    /// Where the king starts.
    pub king_from: Square,
    /// Where the king ends.
    pub king_to: Square,
    /// Where the rook starts.
    pub rook_from: Square,
    /// Where the rook ends.
    pub rook_to: Square,
}

/// The result for a player in a situation the end rules name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The player wins.
    Win,
    /// The player loses.
    Loss,
    /// The game is drawn.
    Draw,
}

impl Verdict {
    /// The same result seen by the other player.
    pub fn reversed(self) -> Verdict {
        match self {
            Verdict::Win => Verdict::Loss,
            Verdict::Loss => Verdict::Win,
            Verdict::Draw => Verdict::Draw,
        }
    }
}

/// How a game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndRules {
    /// For the side that is checkmated.
    pub checkmate: Verdict,
    /// For the side that has no legal move and is not in check.
    pub stalemate: Verdict,
    /// The end by repetition: claimable, or automatic, at the n-th occurrence of a position.
    pub repetition: Threshold,
    /// For the side to move, by its colour, when the repetition ends the game (a draw by default;
    /// `[end] repetition_verdict`, Fairy-Stockfish's `nFoldValue`), unless a perpetual
    /// rule decides it.
    pub repetition_verdict: ByColor<Verdict>,
    /// The draw after so many moves by each side without a reset: claimable, or automatic.
    pub move_rule: Threshold,
    /// Kinds of action that reset the move-rule counter.
    pub move_rule_resets: Vec<ResetEvent>,
    /// A move by one of these types resets it.
    pub move_rule_reset_by: Vec<PieceType>,
    /// Only so many checks by each side count toward the move rule: each further check
    /// of the side that checked more lengthens it by a move (the Asian Xiangqi
    /// Federation's rule, as Fairy-Stockfish counts it). `None` (a ruleset's 0): every
    /// move counts.
    pub move_rule_checks_counted: Option<u16>,
    /// Material with which no side can ever mate: the game is drawn (dead position).
    pub insufficient_material: Option<InsufficientMaterial>,
    /// For the side to move when its whole army is gone (capture-all victory): the
    /// extinction rule of the whole army at zero, checked before [`EndRules::extinction`].
    pub army_captured: Option<Verdict>,
    /// Pieces in hand count as part of the army.
    pub army_includes_hand: bool,
    /// Ends by too few pieces of a kind (`[[end.extinction]]`).
    pub extinction: Vec<Extinction>,
    /// A side whose piece reaches a region wins (`[end.region_win]`).
    pub region_win: Option<RegionWin>,
    /// A side that lines its pieces up gets a verdict (`[end.connect]`).
    pub connect: Option<Connect>,
    /// Who a repetition favours when one side checked or chased throughout it
    /// (`features/perpetual.rs`).
    pub perpetual: Perpetual,
    /// Makruk's family's counting rules (`[end.counting]`): the weaker side may claim a
    /// draw once a count of moves runs out.
    pub counting: Option<Counting>,
    /// Shatar's mate rule (`[end.mate_rule]`): checkmates scored otherwise by who gave them.
    pub mate_rule: Option<MateRule>,
    /// Janggi's bikjang (`features/bikjang.rs`): royals facing on an open line must part,
    /// and a facing that follows a facing ends the game.
    pub bikjang: bool,
    /// How the games that bikjang, two passes, a repetition or the move rule would draw
    /// are scored (`[end.material_count]`); `None`: a draw.
    pub material_count: Option<MaterialCount>,
    /// The verdict for a player who shuttles a piece back and forth
    /// (`features/shuttle.rs`); `None`: no such rule.
    pub shuttling: Option<Verdict>,
    /// The verdict for a side that could move only by promoting as a move, with its
    /// royal and that piece alone (`features/promotion_move.rs`); `None`: no such rule.
    pub forced_promotion: Option<Verdict>,
    /// The game ends once no square is empty, scored by the material count
    /// (`features/material_count.rs`).
    pub full_board: bool,
    /// Castling rights whose castle wins the game, and whose loss, the last of a side's,
    /// loses it (bits as the position's rights; Castle chess, Fairy-Stockfish's
    /// `castlingWins`).
    pub castling_wins: u32,
    /// A stalemate is scored by the material count, not by `stalemate`.
    pub stalemate_by_count: bool,
    /// A side that gives this many checks wins (`features/check_counting.rs`: Three-check;
    /// Fairy-Stockfish's `checkCounting`); `None`: checks are not counted.
    pub checks: Option<u16>,
}

/// Piece weights scoring a game by material (Fairy-Stockfish's `materialCounting`): White
/// wins when its weighted material less Black's exceeds the komi, Black when it falls
/// short of it, an exact balance is a draw (`features/material_count.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MaterialCount {
    /// Each counted type's weight.
    pub weights: Vec<(PieceType, i32)>,
    /// Black's compensation, in half points (Janggi's 1.5 points: 3).
    pub komi_halves: i32,
}

/// The counting rules of Makruk's family (Fairy-Stockfish's `countingRule`): once a side
/// is down to little material, it counts its moves, and the stronger side must mate before
/// the count passes a limit. The side that counts is the one whose limit is not zero.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counting {
    /// The board's honour: a side with more than its king counts to this many moves
    /// (0: no such count).
    pub board_moves: u16,
    /// …only while it has at most this many pieces, king included (0: any number).
    pub board_most_pieces: u8,
    /// …and even while pawns stand on the board (Cambodian).
    pub board_with_pawns: bool,
    /// The pieces' honour: a bare king counts to the limit of the first entry the
    /// opponent has enough pieces for…
    pub bare_limits: Vec<CountLimit>,
    /// …or else to this many moves (0: no count).
    pub bare_moves: u16,
    /// The bare king's count starts at the number of pieces on the board (Makruk,
    /// Cambodian), and it starts too when the bare king takes the last pawn; else from one
    /// (ASEAN).
    pub bare_from_pieces: bool,
    /// The pawns: no count while one stands on the board (but `board_with_pawns`).
    pub pawns: PieceSet,
}

/// How a piece counts towards mating, as Fairy-Stockfish's `has_insufficient_material`
/// counts it (`features/material.rs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mating {
    /// Mates with its king alone (a rook, a silver, a commoner…).
    Major,
    /// Keeps to one colour of squares (a bishop, a fers, an alfil).
    ColorBound,
    /// Mates only with one more piece on the board (a knight, a wazir, a pawn).
    Minor,
}

/// One entry of the pieces' honour: against at least `at_least` pieces of type `piece`,
/// the count runs to `moves`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CountLimit {
    /// The opponent's piece type.
    pub piece: PieceType,
    /// How many of them (1 or more).
    pub at_least: u8,
    /// The limit of the count, in moves of the counting side.
    pub moves: u16,
}

/// Checkmates that count otherwise than as a loss for the mated side (Shatar's, Fairy-
/// Stockfish's `shatarMateRule`; its `shogiPawnDropMateIllegal`), checked in the order
/// dropped, sole checkers, series.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MateRule {
    /// A mate in which every checking piece is of these types…
    pub sole_checkers: PieceSet,
    /// …is this verdict for the mated side.
    pub sole_checkers_verdict: Verdict,
    /// A mate whose series of checks (the mating side's checks on its consecutive moves up
    /// to the mate) held no check by a piece of these types…
    pub series_needs: PieceSet,
    /// …is this verdict for the mated side.
    pub series_verdict: Verdict,
    /// A mate given by dropping a piece of these types, every checking piece being of
    /// them (Fairy-Stockfish's `shogiPawnDropMateIllegal`)…
    pub dropped: PieceSet,
    /// …is this verdict for the mated side.
    pub dropped_verdict: Verdict,
}

/// The perpetual rules: a repetition is decided against the side that gave check, or
/// chased one piece, with every move of the repeated cycle (`features/perpetual.rs`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Perpetual {
    /// For the side that checked with every move of the cycle (`None`: no such rule).
    pub check: Option<Verdict>,
    /// For the side that chased with every move of the cycle (`None`: no such rule).
    pub chase: Option<Chase>,
    /// For the side that completed the repetition having attacked with every move of it
    /// (`None`: no such rule).
    pub attack: Option<Attack>,
}

impl Perpetual {
    /// Whether any perpetual rule may decide a repetition.
    pub fn any(&self) -> bool {
        self.check.is_some() || self.chase.is_some() || self.attack.is_some()
    }
}

/// What a perpetual attack is (Chu shogi as lishogi plays it, scalashogi's `isAttacked`):
/// a move after which the opponent is in check, one of its `royals` is attacked, or the
/// piece moved can take one of its pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attack {
    /// For the attacking side.
    pub verdict: Verdict,
    /// Pieces an attack on which by any piece counts, as a check would, where the
    /// variant has no royal piece (Chu shogi's king and prince).
    pub royals: Vec<PieceType>,
}

/// What a chase is (the Asian Xiangqi Federation's definition as Fairy-Stockfish
/// implements it, `Position::chased`): a move that makes a new attack by a chaser on an
/// unprotected piece, or on a piece of greater strength.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chase {
    /// For the chasing side.
    pub verdict: Verdict,
    /// The pieces whose attacks chase, with their strengths (other pieces never chase;
    /// a piece not listed has strength 0 as a target).
    pub chasers: Vec<(PieceType, u8)>,
    /// Pieces never chased while on their region (a soldier before the river).
    pub immune: Vec<(PieceType, Region)>,
}

/// A count at which a draw rule applies: from `claim` on the side to move may claim it,
/// at `automatic` the game ends by itself. 0 = never.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Threshold {
    /// The count from which the draw may be claimed (0 = never).
    pub claim: u16,
    /// The count at which the game ends by itself (0 = never).
    pub automatic: u16,
}

impl Threshold {
    /// Neither claimable nor automatic.
    pub const NEVER: Threshold = Threshold { claim: 0, automatic: 0 };

    /// Whether the rule applies at all.
    pub fn is_on(self) -> bool {
        self.claim != 0 || self.automatic != 0
    }

    /// The first count at which the rule applies, by claim or by itself (0 = never).
    pub fn first(self) -> u16 {
        match (self.claim, self.automatic) {
            (0, a) => a,
            (c, _) => c,
        }
    }
}

/// Winning by bringing pieces of a type onto a set of squares (King of the Hill, Racing
/// Kings; Fairy-Stockfish's `flagPiece`, `flagRegion`, `flagPieceCount`, `flagMove`,
/// `flagPieceSafe`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RegionWin {
    /// The types whose pieces count there (Fairy-Stockfish's `flagPiece = *`: every one).
    pub pieces: PieceSet,
    /// Each side's goal, absolute squares.
    pub squares: ByColor<Vec<Square>>,
    /// At least this many of them there (1 or more).
    pub count: u8,
    /// The opponent still gets one move, which may undo the win or (Racing Kings' Black)
    /// draw by reaching its own goal too.
    pub reply: bool,
    /// The pieces there count only while not attacked.
    pub safe: bool,
    /// Fewer than `count` (but one) win once every goal square is occupied.
    pub full: bool,
}

impl RegionWin {
    /// Each side's goal as a bitboard (`rule`: the variant's, if any), for the tables.
    pub(crate) fn goals<B: Bitboard>(rule: Option<&RegionWin>) -> ByColor<B> {
        let bits = |c: Color| rule.map_or(B::EMPTY, |r| r.squares[c].iter().fold(B::EMPTY, |b, &sq| b | B::bit(sq)));
        ByColor::new(bits(Color::White), bits(Color::Black))
    }
}

/// The end of the game when the side that just moved has its pieces connected
/// (`[end.connect]`; Fairy-Stockfish's `connectN`, `connectNxN`, `collinearN`, and its
/// connect regions): any one of the goals given is enough.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect {
    /// The types whose pieces count (every type by default).
    pub pieces: PieceSet,
    /// So many in an unbroken straight line along an enabled direction (0: no such goal).
    pub in_a_row: u8,
    /// An unbroken square block of so many a side (0: none); every direction counts.
    pub square: u8,
    /// So many anywhere on one line of an enabled direction, gaps allowed (0: none).
    pub collinear: u8,
    /// Each side's two regions to join by a chain of its pieces, each next to the
    /// next along an enabled direction (absolute squares; `None`: no such goal).
    pub link: ByColor<Option<(Vec<Square>, Vec<Square>)>>,
    /// Lines along ranks count.
    pub horizontal: bool,
    /// Lines along files count.
    pub vertical: bool,
    /// Lines along both diagonals count.
    pub diagonal: bool,
    /// For the side that made the connection.
    pub verdict: Verdict,
}

/// The end of the game when a side has at most `at_most` pieces of a kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Extinction {
    /// The types, each counted alone (the game ends when any one is down to `at_most`);
    /// `None`: the whole army, counted together.
    pub of: Option<PieceSet>,
    /// A side with at most this many is extinct.
    pub at_most: u8,
    /// …but only while the opponent has at least this many of them.
    pub opponent_at_least: u8,
    /// The side to move, extinct, still gets its reply if the opponent has exactly
    /// `opponent_at_least` (Shatranj: a bare king may bare the other at once, drawing).
    pub reply: bool,
    /// For the extinct side.
    pub verdict: Verdict,
    /// Pieces in hand count.
    pub include_hand: bool,
    /// `of`'s types are counted together, as one kind (Sho shogi's king and prince).
    pub together: bool,
    /// A side's last pieces of the kind (`at_most` + 1 of them, or fewer) are royal: a
    /// move may not leave one that is royal before it attacked (Fairy-Stockfish's
    /// `extinctionPseudoRoyal`; a promotion that makes a second piece of the kind frees
    /// none before it is made).
    pub royal_when_last: bool,
}

/// An action that resets the move-rule counter.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResetEvent {
    /// Any capture.
    Capture,
    /// Any promotion.
    Promotion,
    /// A drop from the hand.
    Drop,
    /// Buying a piece.
    Purchase,
    /// Upgrading a piece in place.
    Upgrade,
}

impl ResetEvent {
    /// Every event with the name a ruleset gives it (`move_rule_resets = ["capture"]`).
    pub const ALL: [(ResetEvent, &'static str); 5] = [
        (ResetEvent::Capture, "capture"),
        (ResetEvent::Promotion, "promotion"),
        (ResetEvent::Drop, "drop"),
        (ResetEvent::Purchase, "purchase"),
        (ResetEvent::Upgrade, "upgrade"),
    ];
    /// The name a ruleset gives the event.
    pub fn name(self) -> &'static str {
        ResetEvent::ALL.iter().find(|(e, _)| *e == self).map_or("", |(_, n)| n)
    }
}

/// A rule module as a ruleset names it.
#[derive(Clone, Debug, PartialEq)]
pub struct ModuleSpec {
    /// Its registered name (`n-check`).
    pub name: String,
    /// Its parameters as the ruleset gives them.
    pub params: toml::Table,
}

// Parameters hold no floats that matter for identity: equality is reflexive here.
impl Eq for ModuleSpec {}

/// Coins, and what they buy: pieces from the stock and upgrades in place.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Economy {
    /// Each side's coins at the start (a FEN may say otherwise).
    pub coins: u16,
    /// Pieces that can be bought, with their price. A bought piece comes from the stock
    /// (its `limit` less those on the board) and goes on an empty square of its drop ranks.
    pub buy: Vec<(PieceType, u16)>,
    /// In-place changes of an own piece, with their cost.
    pub upgrades: Vec<Upgrade>,
    /// A side may upgrade only after this many purchases (the count is capped there).
    pub purchases_before_upgrades: u8,
}

/// An in-place change of one of a player's pieces, paid in coins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Upgrade {
    /// The type the piece is now.
    pub from: PieceType,
    /// The type it becomes.
    pub to: PieceType,
    /// What it costs, in coins.
    pub cost: u16,
}

/// FIDE's usual dead positions, by piece type. Only positions where every non-royal
/// piece is covered by one of the two cases are dead.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InsufficientMaterial {
    /// One of these alone (besides the royals) cannot mate: K+N v K, K+B v K.
    pub lone: Vec<PieceType>,
    /// Any number of these, all on squares of one colour, cannot mate (bishops).
    pub same_color: Vec<PieceType>,
}

/// How a turn is made of parts (`[turn]`, `features/turns.rs`). The default, one move a
/// turn, is every variant without the table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TurnRules {
    /// A wall placed after every move, as part of the same turn; `None`: no walls placed.
    pub walls: Option<Walling>,
    /// Squares no wall part may wall (Isolation's start squares; `[turn] no_walls_on`).
    pub no_walls_on: Vec<Square>,
    /// Several moves a turn (`[turn] moves`, `features/series.rs`); `None`: one.
    pub series: Option<Series>,
}

impl TurnRules {
    /// Whether some turn has more than one part.
    pub fn has_parts(&self) -> bool {
        self.walls.is_some() || self.series.is_some()
    }
}

/// Turns of several moves, a series (Marseillais, Monster, Progressive chess;
/// `features/series.rs`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Series {
    /// How many moves each turn has.
    pub length: SeriesLength,
    /// The moves of White's first turn, if not the usual (Balanced Marseillais: 1).
    pub first_turn_moves: Option<u8>,
    /// A move that gives check ends its turn (Marseillais, Scottish Progressive chess).
    pub check_ends_turn: bool,
    /// When the mover's royal safety is judged: after every move, or only when the turn
    /// ends (Monster chess: the king may pass through check).
    pub judged: Judged,
    /// Which moves of a turn may take en passant a pawn that double-stepped in the
    /// opponent's last turn (and has not moved since).
    pub en_passant: SeriesEnPassant,
}

/// The moves of a turn ([`Series::length`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesLength {
    /// Each side's own number: `[White, Black]`.
    Fixed([u8; 2]),
    /// The n-th turn of the game has n moves (Progressive chess).
    Progressive,
}

/// When a series' mover must have its royals safe ([`Series::judged`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// After each move (Marseillais, Progressive chess).
    Move,
    /// When the turn ends (Monster chess); the earlier moves may leave a royal attacked.
    Turn,
}

/// Which moves of a turn may take en passant ([`Series::en_passant`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesEnPassant {
    /// The turn's first move only (Progressive chess).
    First,
    /// The turn's first moves while each is an en-passant capture (Marseillais: two
    /// pawns that double-stepped may both be taken, one after the other).
    Leading,
}

/// Where the wall of a turn's wall part may go (Fairy-Stockfish's `wallingRule`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walling {
    /// One neutral wall, the duck: it moves to any empty square but its own (on the first
    /// turn it enters anywhere empty).
    Duck,
    /// The moved piece shoots a new wall along its own quiet moves from where it landed
    /// (the Amazons' arrow); walls stay for good.
    Arrow,
    /// The square the moved piece left becomes a wall (Joust, Snail trail;
    /// Fairy-Stockfish's `wallingRule = past`); walls stay.
    Behind,
    /// A new wall on any empty square but [`TurnRules::no_walls_on`] (Isolation;
    /// Fairy-Stockfish's `wallingRule = static`); walls stay.
    Anywhere,
}

/// A variant's complete rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The variant's name (`chess`).
    pub name: String,
    /// A line saying what the variant is; may be empty.
    pub description: String,
    /// The board's size.
    pub geometry: Geometry,
    /// Whether a1 is a light square (orthodox chess: dark).
    pub a1_light: bool,
    /// Every piece type; a [`PieceType`] is an index into this list.
    pub pieces: Vec<PieceDef>,
    /// The start position, in FEN.
    pub start_fen: String,
    /// Wall squares: no piece may stand on, enter or pass through them (the start
    /// position's `*`, as Fairy-Stockfish writes walls; every FEN of the variant has them).
    pub walls: Vec<Square>,
    /// The castling moves; [`crate::MoveKind::Castle`] moves name them by index here.
    pub castles: Vec<Castle>,
    /// How the game ends.
    pub end: EndRules,
    /// Pieces in hand and drops; `None` = no hands.
    pub drops: Option<Drops>,
    /// Rule modules switched on by the ruleset (the live modules belong to the
    /// compiled variant).
    pub modules: Vec<ModuleSpec>,
    /// Gating from the hand; `None` = no gating.
    pub gating: Option<Gating>,
    /// Coins, purchases and upgrades; `None` = no economy.
    pub economy: Option<Economy>,
    /// Lifting own pieces into the hand; `None` = no lifting.
    pub lift: Option<Lift>,
    /// A side that can capture must (Antichess, Giveaway, Losers).
    pub must_capture: bool,
    /// A move may give check (false: Racing Kings, where giving check is illegal).
    pub checks_allowed: bool,
    /// A royal piece in check may move (false: Makpong, where it may only take its only
    /// checker).
    pub royal_flees_check: bool,
    /// This side's army has no royal piece (Horde's White: `royal = "black-only"`).
    pub unguarded_side: Option<Color>,
    /// Royal pieces may not face each other on an open rank or file: each attacks the
    /// other there like a rook (Xiangqi's flying general, Fairy-Stockfish's `flyingGeneral`).
    pub flying_royals: bool,
    /// The FEN's castling field flags, by file, the unmoved pieces of the own first
    /// ranks (Fairy-Stockfish's gating flags, `DEde`; see `features/initial_moves.rs`).
    pub unmoved_in_castling_field: bool,
    /// A piece of these types that comes into being on a castle's rook square (bought,
    /// upgraded, promoted or dropped there) gains that castle while its king has never
    /// moved (see `features/castling.rs`; Mystic chess's optional castling).
    pub castling_rights_on_arrival: Vec<PieceType>,
    /// A castle takes the opponent's right to the same castle: the sides castle to
    /// opposite wings (Fairy-Stockfish's `oppositeCastling`).
    pub opposite_castling: bool,
    /// A side with more than one royal piece is in check only when every one of them is
    /// attacked (Fairy-Stockfish's `dupleCheck`: Spartan chess's two kings).
    pub duple_check: bool,
    /// A piece may move, without promoting, to a square from which it could never move
    /// again (the default; `false` is Fairy-Stockfish's `immobilityIllegal` for moves).
    pub immobile_moves: bool,
    /// The notation the variant's moves are written in by default (`notation =
    /// "shogi-hodges-number"` for the shogi family; SAN if the ruleset names none).
    pub notation: Notation,
    /// When each side may pass instead of moving (`features/pass.rs`).
    pub pass: ByColor<Passing>,
    /// How a turn is made of parts (`[turn]`); the default: one move a turn.
    pub turn: TurnRules,
    /// What an arriving piece turns to the mover's side (`flips`; Reversi, Ataxx).
    pub flips: Option<Flips>,
    /// Castling as in Chess960 (`chess960`; Fairy-Stockfish's `fischerandom`,
    /// `caparandom`): every position is read in [`crate::CastlingMode::Chess960`] (kings
    /// and rooks anywhere on their first rank, the start position's too), castles are
    /// written king-takes-rook and FENs name rights by rook file (`HAha`).
    pub chess960: bool,
    /// Circe: a captured piece is reborn on its game-array square (`circe`,
    /// `features/circe.rs`); `None` without the condition.
    pub circe: Option<Circe>,
    /// Andernach: a piece that captures, royal pieces excepted, changes sides
    /// (`andernach`, `features/andernach.rs`).
    pub andernach: bool,
    /// Madrasi: a piece attacked by an enemy piece of its own type, royal pieces
    /// excepted, is paralysed (`madrasi`, `features/madrasi.rs`).
    pub madrasi: bool,
    /// A moved piece passes to the same square of the next board, which must be empty
    /// (`board.transfer = "next-board"`, `features/transfer.rs`: Alice chess).
    pub transfer: bool,
    /// SAN names each board's squares by its own files, a move on another board than
    /// the first marked with the board its piece ends on (`board.names = "per-board"`,
    /// `notation/boards.rs`: Alice chess's `Qxd5/A`).
    pub per_board_names: bool,
}

/// Where Circe reborn pieces go (`features/circe.rs`): derived once from the start
/// position, per side, type and capture square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Circe {
    /// `rebirth[(color * types + type) * squares + square]`: where a piece of that side and
    /// type captured on that square is reborn (`None`: it vanishes).
    pub rebirth: Vec<Option<Square>>,
    /// The number of piece types, a dimension of the table.
    pub types: usize,
    /// The number of squares, a dimension of the table.
    pub squares: usize,
}

impl Circe {
    /// Where a piece of `color` and type `kind` captured on `on` is reborn, if anywhere.
    #[inline]
    pub fn rebirth_square(&self, color: Color, kind: PieceType, on: Square) -> Option<Square> {
        self.rebirth[(color.index() * self.types + kind.index()) * self.squares + on.index()]
    }
}

/// When a side may pass: make no move, only hand the turn over (Fairy-Stockfish's
/// `pass` and `passOnStalemate`). Two passes in a row end the game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Passing {
    /// Never.
    #[default]
    Never,
    /// On any turn it is not in check (Janggi).
    Always,
    /// Only when it has no other legal move and is not in check (Othello).
    WhenStuck,
}

impl Passing {
    /// When a side may pass, in words (`chimera check`).
    pub fn describe(self) -> &'static str {
        match self {
            Passing::Never => "never",
            Passing::Always => "on any turn it is not in check",
            Passing::WhenStuck => "only when it has no other legal move and is not in check",
        }
    }
}

impl Rules {
    /// Whether a drop may give check (`[drops] checks`).
    pub fn drop_checks_allowed(&self) -> bool {
        self.drops.as_ref().is_none_or(|d| d.checks)
    }

    /// Every piece type of the variant, in the order of [`Rules::pieces`].
    #[inline]
    pub fn piece_types(&self) -> impl DoubleEndedIterator<Item = PieceType> + ExactSizeIterator + Clone {
        PieceType::first(self.pieces.len())
    }
    /// The type whose FEN letter (either case) is `c`.
    pub fn piece_by_letter(&self, c: char) -> Option<PieceType> {
        let up = c.to_ascii_uppercase();
        self.pieces.iter().position(|p| p.letter == Some(up)).map(|i| PieceType::new(i as u8))
    }
    /// The type a move's text names by a [`Symbol`]: [`Rules::piece_by_move_letter`], or
    /// with `+` the promoted face of the piece that letter names.
    pub fn piece_by_move_symbol(&self, symbol: Symbol) -> Option<PieceType> {
        let t = self.piece_by_move_letter(symbol.letter)?;
        if symbol.plus {
            self.promoted_face(t)
        } else {
            Some(t)
        }
    }
    /// The type a piece's text names, White's case: a letter (`K`), or `+` and a letter
    /// for a promoted face (`+P`, the tokin), whether or not that face has a letter.
    pub fn piece_by_symbol(&self, text: &str) -> Option<PieceType> {
        let mut chars = text.chars();
        match (chars.next()?, chars.next(), chars.next()) {
            (c, None, None) => self.piece_by_letter(c),
            ('+', Some(c), None) => self.piece_by_letter(c).and_then(|u| self.promoted_face(u)),
            _ => None,
        }
    }
    /// The type a move's text names by `c`: its FEN letter, or else its notation letter
    /// (Xiangqi's elephant `E`, whose FEN letter is `B`).
    pub fn piece_by_move_letter(&self, c: char) -> Option<PieceType> {
        let up = c.to_ascii_uppercase();
        self.piece_by_letter(c).or_else(|| self.pieces.iter().position(|p| p.notation_letter == Some(up)).map(|i| PieceType::new(i as u8)))
    }
    /// The definition of type `t`; `t` must be one of this variant's types.
    pub fn piece(&self, t: PieceType) -> &PieceDef {
        &self.pieces[t]
    }
    /// The type that `t` is the promoted face of (Shogi's tokin, of the pawn): one that
    /// promotes to `t` and to which `t` returns when captured, or that `t`'s `face_of`
    /// names. `None` for other types.
    pub fn promoted_from(&self, t: PieceType) -> Option<PieceType> {
        if let Some(u) = self.piece(t).face_of {
            return Some(u);
        }
        match self.piece(t).captured_as {
            Captured::Hand(u) if u != t && self.piece(u).promotion.as_ref().is_some_and(|p| p.reaches(t)) => Some(u),
            _ => None,
        }
    }
    /// Whether pieces of types `a` and `b` move alike: the same directions, in any order.
    pub fn moves_alike(&self, a: PieceType, b: PieceType) -> bool {
        let (a, b) = (&self.piece(a).directions, &self.piece(b).directions);
        a.len() == b.len() && a.iter().all(|d| b.contains(d))
    }
    /// The type whose letter Fairy-Stockfish writes for the pieces of type `t`: `t` for a
    /// type that is no promoted face; for a face (Fairy-Stockfish's promoted pieces are of
    /// an existing type), the first type that is no face and no royal piece and moves
    /// alike (Shogi's gold, for the tokin), else the first face that moves alike: `t`
    /// itself (the dragon; Shogun's commoner, which moves as the king but is no king), or
    /// one listed before it (Yari shogi's gold from a knight, for the one from a bishop:
    /// one type of Fairy-Stockfish's).
    pub fn fsf_type(&self, t: PieceType) -> PieceType {
        if self.promoted_from(t).is_none() {
            return t;
        }
        let alike = |u: PieceType| !self.piece(u).royal && self.piece(u).royal_while_at_most.is_none() && self.moves_alike(u, t);
        let first = |faces: bool| self.piece_types().find(|&u| self.promoted_from(u).is_some() == faces && alike(u));
        first(false).or_else(|| first(true)).unwrap_or(t)
    }
    /// Whether a piece of the promoted face `t` may also stand unpromoted, as
    /// Fairy-Stockfish's promoted types may (a dragon set up as one, not promoted from a
    /// rook): `t` has a letter of its own and goes to the hand as itself, and the variant
    /// marks which pieces are promoted (`demote_on_capture`), those returning as what they
    /// promoted from. A FEN writes those `+R` where it writes promoted faces so, the others
    /// by their letter.
    pub fn unpromoted_face(&self, t: PieceType) -> bool {
        self.promoted_from(t).is_some()
            && self.piece(t).letter.is_some()
            && self.piece(t).captured_as == Captured::Hand(t)
            && self.drops.as_ref().is_some_and(|d| d.demote_on_capture)
    }
    /// The promoted face of `u` (Shogi's tokin for the pawn): the type `t` with
    /// [`Rules::promoted_from`]`(t) == Some(u)`.
    pub fn promoted_face(&self, u: PieceType) -> Option<PieceType> {
        self.piece_types().find(|&t| self.promoted_from(t) == Some(u))
    }
    /// How a piece of type `t` is written, White's case: its letter (`K`), or, for a
    /// promoted face without one, `+` and the letter of the piece it promotes from.
    pub fn symbol(&self, t: PieceType) -> Symbol {
        match self.piece(t).letter {
            Some(c) => Symbol { plus: false, letter: c },
            None => {
                let base = self.promoted_from(t).and_then(|u| self.piece(u).letter);
                Symbol {
                    plus: true,
                    letter: base.expect("a face without a letter promotes from a piece with one (checked by the ruleset)"),
                }
            }
        }
    }
    /// How a coloured piece is written in a FEN: [`Rules::symbol`], lower case for Black.
    pub fn fen_symbol(&self, t: PieceType, color: Color) -> Symbol {
        self.symbol(t).of(color)
    }
    /// Whether a square is light, by this variant's colouring.
    pub fn is_light(&self, sq: Square) -> bool {
        let g = self.geometry;
        let odd = (g.file(sq) + g.rank(sq)) % 2 == 1;
        odd != self.a1_light
    }
    /// Whether any type is royal (if none, check and checkmate do not exist).
    pub fn has_royal(&self) -> bool {
        self.pieces.iter().any(|p| p.royal)
    }
    /// What a piece of type `t` lifted from a square on own rank `rank` (0-based) may
    /// become.
    pub fn lift_choices(&self, t: PieceType, rank: u8) -> Vec<PieceType> {
        let (Some(lift), Some(class)) = (&self.lift, self.piece(t).class) else { return Vec::new() };
        let members =
            |c: u8| -> Vec<PieceType> { self.piece_types().filter(|&p| self.piece(p).class == Some(c) && !self.piece(p).royal).collect() };
        if lift.raise_ranks.contains(&rank) {
            let next = self.pieces.iter().filter_map(|p| p.class).filter(|&c| c > class).min();
            match next {
                Some(c) => members(c),
                None => vec![t],
            }
        } else {
            members(class)
        }
    }

    /// The type a promoted `t` came from, if exactly one type promotes to it.
    pub fn demoted(&self, t: PieceType) -> Option<PieceType> {
        let mut sources = self
            .pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.promotion.as_ref().is_some_and(|pr| pr.reaches(t)))
            .map(|(i, _)| PieceType::new(i as u8));
        match (sources.next(), sources.next()) {
            (Some(s), None) => Some(s),
            _ => None,
        }
    }
}

/// How a piece type is written ([`Rules::symbol`]): a letter, or `+` and the letter of
/// the piece it is the promoted face of. Displays as such (`K`, `+P`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Symbol {
    /// Written `+` first: a promoted face without a letter of its own.
    pub plus: bool,
    /// The letter (of the piece promoted from, where `plus`).
    pub letter: char,
}

impl Symbol {
    /// The same symbol in `color`'s case (Black's lower case).
    pub fn of(self, color: Color) -> Symbol {
        let letter = match color {
            Color::White => self.letter.to_ascii_uppercase(),
            Color::Black => self.letter.to_ascii_lowercase(),
        };
        Symbol { letter, ..self }
    }
    /// The lower-case form (Black's; the letters python-chess and the JSON protocol use).
    pub fn lower(self) -> Symbol {
        self.of(Color::Black)
    }
    /// Appends the symbol to `out` (what `Display` writes, without a `String` of its own:
    /// notation writes one per piece).
    pub fn write_to(self, out: &mut String) {
        // Writing to a `String` cannot fail.
        let _ = self.write_into(out);
    }
    /// The one writer behind [`Symbol::write_to`] and `Display`.
    fn write_into(self, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        if self.plus {
            out.write_char('+')?;
        }
        out.write_char(self.letter)
    }
}

impl std::fmt::Display for Symbol {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.write_into(f)
    }
}
