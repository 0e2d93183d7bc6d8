//! The small value types everything else speaks in: colours, squares, board shape, pieces.

use std::fmt;

/// The maximum number of piece types in one variant: 26 with FEN letters of their own
/// (A–Z), the rest promoted faces written `+` and the letter of what they promote from
/// (Chu shogi has 39 types).
pub const MAX_PIECE_TYPES: usize = 64;
/// The fewest files, and the fewest ranks, a board may have.
pub const MIN_SIDE: u8 = 1;
/// The most files, and the most ranks, a board may have (16x16 = 256 squares, so a
/// [`Square`] fits in a byte).
pub const MAX_SIDE: u8 = 16;

/// A side. White moves first unless the FEN says otherwise, and its first rank is rank 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// The side whose pieces start on the low ranks (rank 1 is its first rank).
    White = 0,
    /// The side whose pieces start on the high ranks (the last rank is its first rank).
    Black = 1,
}

impl Color {
    /// Both sides, White first: for loops over the sides.
    pub const BOTH: [Color; 2] = [Color::White, Color::Black];

    /// 0 for White, 1 for Black: for indexing per-side arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
    /// The other side.
    #[inline]
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
    /// `"white"` or `"black"` (also what `Display` prints).
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
    /// The FEN side-to-move letter: `w` or `b`.
    pub fn letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per side, indexed by [`Color`]: hands, coins, occupancy, attack tables.
/// A typed `[T; 2]`, so a side cannot be confused with another small index.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByColor<T>([T; 2]);

impl<T> ByColor<T> {
    /// White's value and Black's.
    #[inline]
    pub const fn new(white: T, black: T) -> Self {
        ByColor([white, black])
    }
    /// The same value for both sides.
    #[inline]
    pub fn both(value: T) -> Self
    where
        T: Clone,
    {
        ByColor([value.clone(), value])
    }
    /// Each side's value passed through `f`.
    #[inline]
    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> ByColor<U> {
        let [w, b] = self.0;
        ByColor([f(w), f(b)])
    }
    /// `(side, value)` for both sides, White first.
    pub fn iter(&self) -> impl Iterator<Item = (Color, &T)> {
        Color::BOTH.into_iter().zip(self.0.iter())
    }
}

impl<T> std::ops::Index<Color> for ByColor<T> {
    type Output = T;
    #[inline]
    fn index(&self, c: Color) -> &T {
        &self.0[c as usize]
    }
}

impl<T> std::ops::IndexMut<Color> for ByColor<T> {
    #[inline]
    fn index_mut(&mut self, c: Color) -> &mut T {
        &mut self.0[c as usize]
    }
}

/// What an index newtype over a byte ([`Square`], [`PieceType`]) shares: `Debug` as the
/// bare number (the `Debug` output of moves, rules and positions, snapshots among them,
/// reads as it did when these were `u8`), conversions to the wider integers, and indexing
/// of per-index tables (`[T]`, arrays and `Vec<T>`) by the index itself.
macro_rules! byte_index {
    ($name:ident, $what:literal, $whose:literal, $debugged:literal, $since:literal) => {
        impl $name {
            #[doc = concat!("The ", $what, " with index `index`, which must be below the ", $whose, ".")]
            #[inline]
            pub const fn new(index: u8) -> $name {
                $name(index)
            }
            /// The index as a byte.
            #[inline]
            pub const fn get(self) -> u8 {
                self.0
            }
            #[doc = concat!("The index, for indexing per-", $what, " tables.")]
            #[inline]
            pub const fn index(self) -> usize {
                self.0 as usize
            }
        }

        #[doc = concat!("The bare index, as a `u8` prints: the `Debug` output of ", $debugged, " reads as it did ", $since, ".")]
        impl fmt::Debug for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Debug::fmt(&self.0, f)
            }
        }

        impl From<$name> for u8 {
            #[inline]
            fn from(i: $name) -> u8 {
                i.0
            }
        }

        impl From<$name> for u16 {
            #[inline]
            fn from(i: $name) -> u16 {
                i.0.into()
            }
        }

        impl From<$name> for u32 {
            #[inline]
            fn from(i: $name) -> u32 {
                i.0.into()
            }
        }

        impl From<$name> for usize {
            #[inline]
            fn from(i: $name) -> usize {
                i.0.into()
            }
        }

        impl<T> std::ops::Index<$name> for [T] {
            type Output = T;
            #[inline]
            fn index(&self, i: $name) -> &T {
                &self[i.0 as usize]
            }
        }

        impl<T> std::ops::IndexMut<$name> for [T] {
            #[inline]
            fn index_mut(&mut self, i: $name) -> &mut T {
                &mut self[i.0 as usize]
            }
        }

        /// `Vec` needs its own: its `Index` is over `SliceIndex`, which the index cannot implement.
        impl<T> std::ops::Index<$name> for Vec<T> {
            type Output = T;
            #[inline]
            fn index(&self, i: $name) -> &T {
                &self[i.0 as usize]
            }
        }

        impl<T> std::ops::IndexMut<$name> for Vec<T> {
            #[inline]
            fn index_mut(&mut self, i: $name) -> &mut T {
                &mut self[i.0 as usize]
            }
        }
    };
}

/// A square index: `rank * files + file`, both 0-based from a1 (so on 8x8, a1 = 0,
/// h1 = 7, a8 = 56). Turn names into squares and back with [`Geometry::parse_square`]
/// and [`Geometry::square_name`], and files and ranks with [`Geometry::square`],
/// [`Geometry::file`] and [`Geometry::rank`].
///
/// A type of its own rather than a bare `u8`, so that a square cannot be passed where a
/// piece type, a file or a count is meant; it costs nothing (`repr(transparent)`, one
/// byte). Its invariant is that the index is below the [`Geometry::squares`] of the board
/// it belongs to (so at most 255: [`MAX_SIDE`] squared is 256 squares). [`Square::new`]
/// cannot check that, not knowing the board: the arithmetic that makes squares lives in
/// [`Geometry`], which does.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Square(u8);

byte_index!(
    Square,
    "square",
    "board's square count",
    "moves, rules and positions",
    "when squares were `u8`, and a name needs the board's [`Geometry`]"
);

/// The board's shape: how squares are numbered and named. Files are lettered from `a`,
/// ranks numbered from 1, both from White's side of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    /// Columns, [`MIN_SIDE`] to [`MAX_SIDE`]: of all the boards together, side by side.
    pub files: u8,
    /// Rows, [`MIN_SIDE`] to [`MAX_SIDE`].
    pub ranks: u8,
    /// The a-file and the last file are adjacent (a cylinder: the ruleset's
    /// `board.wrap = "files"`): every step that leaves the board sideways comes back on
    /// at the other edge ([`Geometry::offset`]), and a line along a rank comes round to
    /// where it started (a rider stops before its own square).
    pub wrap_files: bool,
    /// How many boards of equal width stand side by side in the files (Alice chess's two:
    /// the ruleset's `board.boards`): no step crosses from one to the next
    /// ([`Geometry::offset`]), so every board keeps its own lines; board `b` has the files
    /// from `b * files / boards`, so the second of two 8x8 boards has the files `i` to `p`.
    pub boards: u8,
}

impl Geometry {
    /// A flat board of `files` by `ranks` (files not wrapping).
    pub const fn new(files: u8, ranks: u8) -> Geometry {
        Geometry { files, ranks, wrap_files: false, boards: 1 }
    }
    /// The files of one board ([`Geometry::boards`]).
    #[inline]
    pub fn board_files(self) -> u8 {
        self.files / self.boards
    }
    /// The board `sq` is on, 0 for the first (the only one of a single board).
    #[inline]
    pub fn board_of(self, sq: Square) -> u8 {
        self.file(sq) / self.board_files()
    }
    /// The square of the next board (the first after the last) on the same file and rank
    /// of its board: where a piece passes to in Alice chess. `sq` itself on one board.
    #[inline]
    pub fn twin(self, sq: Square) -> Square {
        let file = (self.file(sq) + self.board_files()) % self.files;
        self.square(file, self.rank(sq))
    }
    /// How many squares the board has; squares are `0..squares()`.
    #[inline]
    pub fn squares(self) -> usize {
        self.files as usize * self.ranks as usize
    }
    /// Every square, a1 first. (A range of `Square` cannot hold 256 squares, so iterate here.)
    pub fn all(self) -> impl Iterator<Item = Square> {
        (0..self.squares()).map(|sq| Square(sq as u8))
    }
    /// The square on `file` and `rank`, both 0-based (`square(4, 3)` is e4); both must
    /// be on the board.
    #[inline]
    pub fn square(self, file: u8, rank: u8) -> Square {
        Square(rank * self.files + file)
    }
    /// The square `(file + dx, rank + dy)` if it is on the board (on `sq`'s own board
    /// where there are several); with [`Geometry::wrap_files`], the file counted round
    /// the cylinder (so only a step off the first or last rank leaves the board). The
    /// square may be `sq` itself (a step of a whole turn round the cylinder): move tables
    /// leave such steps out.
    #[inline]
    pub fn offset(self, sq: Square, dx: i32, dy: i32) -> Option<Square> {
        let width = self.board_files() as i32;
        let first = self.board_of(sq) as i32 * width;
        let mut f = self.file(sq) as i32 - first + dx;
        let r = self.rank(sq) as i32 + dy;
        if self.wrap_files {
            f = f.rem_euclid(width);
        }
        (f >= 0 && r >= 0 && f < width && r < self.ranks as i32).then(|| self.square((first + f) as u8, r as u8))
    }
    /// The 0-based file of `sq` (0 is the a-file).
    #[inline]
    pub fn file(self, sq: Square) -> u8 {
        sq.0 % self.files
    }
    /// The 0-based rank of `sq` from White's side (0 is rank 1).
    #[inline]
    pub fn rank(self, sq: Square) -> u8 {
        sq.0 / self.files
    }
    /// The rank as seen by `color`: 0 is its own first rank.
    #[inline]
    pub fn relative_rank(self, sq: Square, color: Color) -> u8 {
        match color {
            Color::White => self.rank(sq),
            Color::Black => self.ranks - 1 - self.rank(sq),
        }
    }
    /// The same square seen from the other side (ranks mirrored, files kept).
    #[inline]
    pub fn mirror(self, sq: Square) -> Square {
        self.square(self.file(sq), self.ranks - 1 - self.rank(sq))
    }
    /// The letter of a 0-based file: `a` for 0, up to `p` for 15.
    pub fn file_char(file: u8) -> char {
        (b'a' + file) as char
    }
    /// The name of `sq`, such as `e4` or `p16`.
    pub fn square_name(self, sq: Square) -> String {
        format!("{}{}", Self::file_char(self.file(sq)), self.rank(sq) + 1)
    }
    /// Parses a square name such as `e4` or `p16`; `None` if it is malformed or off
    /// this board.
    pub fn parse_square(self, s: &str) -> Option<Square> {
        let mut chars = s.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let file = f as u8 - b'a';
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.starts_with('0') {
            return None;
        }
        let rank: u8 = digits.parse().ok()?;
        (file < self.files && rank >= 1 && rank <= self.ranks).then(|| self.square(file, rank - 1))
    }
}

/// A piece type: an index into the variant's piece table ([`crate::Rules::pieces`], in
/// the order the ruleset defines them), below [`MAX_PIECE_TYPES`]. Find one by its FEN
/// letter with [`crate::Rules::piece_by_letter`], or go through them all with
/// [`crate::Rules::piece_types`].
///
/// A type of its own rather than a bare `u8`, so that a type cannot be passed where a
/// square or a count is meant; it costs nothing (`repr(transparent)`, one byte). Its
/// invariant is that the index is below the variant's number of types; [`PieceType::new`]
/// cannot check that, not knowing the variant.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct PieceType(u8);

impl PieceType {
    /// The first `count` types, lowest first: all of a variant's with `count` its number
    /// of types.
    #[inline]
    pub fn first(count: usize) -> impl DoubleEndedIterator<Item = PieceType> + ExactSizeIterator + Clone {
        (0..count).map(|t| PieceType(t as u8))
    }
}

byte_index!(PieceType, "type", "variant's number of types", "pieces, moves and rules", "when types were `u8`");

/// A set of piece types (one bit per type, so at most [`MAX_PIECE_TYPES`]): the royal
/// types, the types that capture en passant, the types an attack group holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PieceSet(u64);

impl PieceSet {
    /// No type.
    pub const EMPTY: PieceSet = PieceSet(0);

    /// The set whose types are the bits set in `bits` (type `t` is bit `t`).
    #[inline]
    pub const fn from_bits(bits: u64) -> PieceSet {
        PieceSet(bits)
    }

    /// Whether `t` is in the set.
    #[inline]
    pub fn contains(self, t: PieceType) -> bool {
        self.0 & (1 << t.0) != 0
    }
    /// Adds `t`.
    #[inline]
    pub fn insert(&mut self, t: PieceType) {
        self.0 |= 1 << t.0;
    }
    /// Whether the set has no type.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The types in the set, lowest first.
    #[inline]
    pub fn iter(self) -> PieceSetIter {
        PieceSetIter(self.0)
    }
}

impl std::ops::BitOr for PieceSet {
    type Output = PieceSet;
    #[inline]
    fn bitor(self, other: PieceSet) -> PieceSet {
        PieceSet(self.0 | other.0)
    }
}

impl FromIterator<PieceType> for PieceSet {
    fn from_iter<I: IntoIterator<Item = PieceType>>(iter: I) -> Self {
        let mut set = PieceSet::EMPTY;
        for t in iter {
            set.insert(t);
        }
        set
    }
}

impl IntoIterator for PieceSet {
    type Item = PieceType;
    type IntoIter = PieceSetIter;
    #[inline]
    fn into_iter(self) -> PieceSetIter {
        self.iter()
    }
}

/// The types of a [`PieceSet`], lowest first (from [`PieceSet::iter`]).
#[derive(Clone, Debug)]
pub struct PieceSetIter(u64);

impl Iterator for PieceSetIter {
    type Item = PieceType;
    #[inline]
    fn next(&mut self) -> Option<PieceType> {
        if self.0 == 0 {
            return None;
        }
        let t = PieceType(self.0.trailing_zeros() as u8);
        self.0 &= self.0 - 1;
        Some(t)
    }
}

/// A coloured piece as stored on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What it is.
    pub kind: PieceType,
}

impl Piece {
    /// The board-array encoding: `kind | color << 6`; [`NO_PIECE`] for an empty square.
    #[inline]
    pub(crate) fn code(self) -> u8 {
        self.kind.0 | ((self.color as u8) << 6)
    }
    /// The piece a [`Piece::code`] stands for; `None` for [`NO_PIECE`].
    #[inline]
    pub(crate) fn from_code(code: u8) -> Option<Piece> {
        (code != NO_PIECE).then_some(Piece { color: if code & 64 != 0 { Color::Black } else { Color::White }, kind: PieceType(code & 63) })
    }
}

/// The board-array code of an empty square.
pub const NO_PIECE: u8 = 0xff;
