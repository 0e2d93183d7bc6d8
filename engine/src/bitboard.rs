//! Bitboards: one bit per square, in a width chosen by board size.
//!
//! The kernel is generic over [`Bitboard`] so that boards of up to 64 squares run on
//! plain `u64` (the fast path), up to 128 on `u128`, and up to 256 (16x16) on [`Wide`].
//! Square `i` is bit `i`; squares are numbered rank by rank from a1, so every ray
//! (a fixed step repeated) visits squares in strictly increasing or decreasing order,
//! which is what lets a ray stop at its first blocker with one bit scan.

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use crate::types::Square;

/// A set of squares: bit `i` is [`Square`] `i`. Implemented by `u64`, `u128` and
/// [`Wide`]; rule modules see every board as a [`Wide`], whatever width the kernel
/// runs it on. Combine sets with `&`, `|`, `^` and `!` (`!` also sets the bits beyond
/// the board, so mask with the board when it matters).
pub trait Bitboard:
    Copy
    + Eq
    + Hash
    + Default
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
{
    /// How many squares fit.
    const CAPACITY: usize;
    /// The set with no squares.
    const EMPTY: Self;

    /// The set of `sq` alone; `sq` must be below [`Bitboard::CAPACITY`].
    fn bit(sq: Square) -> Self;
    /// Whether the set has no squares.
    fn is_empty(self) -> bool;
    /// How many squares the set has.
    fn count(self) -> u32;
    /// Lowest square; the set must not be empty.
    fn lsb(self) -> Square;
    /// Highest square; the set must not be empty.
    fn msb(self) -> Square;
    /// The set without its lowest square.
    fn without_lsb(self) -> Self;
    /// The same squares as a 256-square set (what rule modules see, whatever the width).
    fn to_wide(self) -> Wide;
    /// The squares of a 256-square set that fit this width (the others are dropped).
    fn from_wide(wide: Wide) -> Self;
    /// Every square up to and including the lowest of the set; every square if it is
    /// empty. (A ray towards higher squares, cut at its first blocker.)
    fn up_to_lowest(self) -> Self;
    /// Every square from the highest of the set upwards; every square if it is empty.
    /// (A ray towards lower squares, cut at its first blocker.)
    fn down_to_highest(self) -> Self;
    /// Every square moved `by` squares up (down if negative); squares moved past either
    /// end are dropped. (The same step from every square of a set at once.)
    fn shift(self, by: i32) -> Self;

    /// Whether `sq` is in the set.
    #[inline]
    fn has(self, sq: Square) -> bool {
        !(self & Self::bit(sq)).is_empty()
    }
    /// Whether the set has at least one square.
    #[inline]
    fn any(self) -> bool {
        !self.is_empty()
    }
    /// Removes and returns the lowest square.
    #[inline]
    fn pop(&mut self) -> Square {
        let sq = self.lsb();
        *self = self.without_lsb();
        sq
    }
    /// The squares of the set, lowest first.
    #[inline]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }
    /// Exactly one square.
    #[inline]
    fn is_single(self) -> bool {
        self.any() && self.without_lsb().is_empty()
    }
}

/// Iterates over the squares of a bitboard, lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: Bitboard> Iterator for Squares<B> {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        if self.0.is_empty() {
            None
        } else {
            Some(self.0.pop())
        }
    }
}

macro_rules! primitive_bitboard {
    ($t:ty) => {
        impl Bitboard for $t {
            const CAPACITY: usize = <$t>::BITS as usize;
            const EMPTY: Self = 0;
            #[inline]
            fn bit(sq: Square) -> Self {
                1 << sq.get()
            }
            #[inline]
            fn is_empty(self) -> bool {
                self == 0
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lsb(self) -> Square {
                Square::new(self.trailing_zeros() as u8)
            }
            #[inline]
            fn msb(self) -> Square {
                Square::new((<$t>::BITS - 1 - self.leading_zeros()) as u8)
            }
            #[inline]
            fn without_lsb(self) -> Self {
                self & self.wrapping_sub(1)
            }
            #[inline]
            fn to_wide(self) -> Wide {
                let wide = self as u128;
                Wide([wide as u64, (wide >> 64) as u64, 0, 0])
            }
            #[inline]
            fn from_wide(wide: Wide) -> Self {
                (wide.0[0] as u128 | (wide.0[1] as u128) << 64) as $t
            }
            #[inline]
            fn up_to_lowest(self) -> Self {
                self ^ self.wrapping_sub(1)
            }
            #[inline]
            fn down_to_highest(self) -> Self {
                // `| 1`: an empty set's "highest square" is 0, which keeps every square.
                !0 << (<$t>::BITS - 1 - (self | 1).leading_zeros())
            }
            #[inline]
            fn shift(self, by: i32) -> Self {
                if by >= 0 {
                    self.checked_shl(by as u32).unwrap_or(0)
                } else {
                    self.checked_shr(by.unsigned_abs()).unwrap_or(0)
                }
            }
        }
    };
}

primitive_bitboard!(u64);
primitive_bitboard!(u128);

/// A 256-square bitboard, for boards larger than 128 squares (up to 16x16), and the
/// width every rule module sees. Word `i` holds squares `64 * i` to `64 * i + 63`,
/// lowest square in the lowest bit.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Wide(pub [u64; 4]);

impl Debug for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide({:016x}_{:016x}_{:016x}_{:016x})", self.0[3], self.0[2], self.0[1], self.0[0])
    }
}

macro_rules! wide_op {
    ($trait:ident, $f:ident, $assign:ident, $fa:ident, $op:tt) => {
        impl $trait for Wide {
            type Output = Wide;
            #[inline]
            fn $f(self, o: Wide) -> Wide {
                Wide([self.0[0] $op o.0[0], self.0[1] $op o.0[1], self.0[2] $op o.0[2], self.0[3] $op o.0[3]])
            }
        }
        impl $assign for Wide {
            #[inline]
            fn $fa(&mut self, o: Wide) {
                *self = *self $op o;
            }
        }
    };
}

wide_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
wide_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
wide_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Wide {
    type Output = Wide;
    #[inline]
    fn not(self) -> Wide {
        Wide([!self.0[0], !self.0[1], !self.0[2], !self.0[3]])
    }
}

impl Bitboard for Wide {
    const CAPACITY: usize = 256;
    const EMPTY: Self = Wide([0; 4]);
    #[inline]
    fn bit(sq: Square) -> Self {
        let sq = sq.get();
        let mut w = [0; 4];
        w[(sq >> 6) as usize] = 1 << (sq & 63);
        Wide(w)
    }
    #[inline]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }
    #[inline]
    fn has(self, sq: Square) -> bool {
        // One word's bit (the default builds the one-square set on the stack first).
        let sq = sq.get();
        self.0[(sq >> 6) as usize] >> (sq & 63) & 1 != 0
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lsb(self) -> Square {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return Square::new((i as u32 * 64 + w.trailing_zeros()) as u8);
            }
        }
        Square::new(0)
    }
    #[inline]
    fn msb(self) -> Square {
        for i in (0..4).rev() {
            let w = self.0[i];
            if w != 0 {
                return Square::new((i as u32 * 64 + 63 - w.leading_zeros()) as u8);
            }
        }
        Square::new(0)
    }
    #[inline]
    fn without_lsb(self) -> Self {
        let mut w = self.0;
        for x in w.iter_mut() {
            if *x != 0 {
                *x &= *x - 1;
                break;
            }
        }
        Wide(w)
    }
    #[inline]
    fn pop(&mut self) -> Square {
        // One look for the lowest word in use (the default looks twice: `lsb`, then
        // `without_lsb`), on every square of every loop over pieces.
        for (i, x) in self.0.iter_mut().enumerate() {
            if *x != 0 {
                let sq = i as u32 * 64 + x.trailing_zeros();
                *x &= *x - 1;
                return Square::new(sq as u8);
            }
        }
        Square::new(0)
    }
    #[inline]
    fn to_wide(self) -> Wide {
        self
    }
    #[inline]
    fn from_wide(wide: Wide) -> Self {
        wide
    }
    #[inline]
    fn up_to_lowest(self) -> Self {
        // Word by word without a branch (a loop that stops at the lowest square cleared
        // the words above it with a call to `memset`, for every ray cut): the words below
        // the lowest square's are whole, its own is cut as a `u64`'s, those above empty.
        let mut out = [0u64; 4];
        let mut below = true;
        for (o, &w) in out.iter_mut().zip(&self.0) {
            // (An empty word gives every square: `0 ^ !0`.)
            *o = if below { w ^ w.wrapping_sub(1) } else { 0 };
            below &= w == 0;
        }
        Wide(out)
    }
    #[inline]
    fn shift(self, by: i32) -> Self {
        let (words, bits) = ((by.unsigned_abs() / 64) as usize, by.unsigned_abs() % 64);
        let mut out = [0u64; 4];
        for (i, o) in out.iter_mut().enumerate() {
            // Word `i` of the result comes from words `i - words` and the one below it
            // (moving up), or `i + words` and the one above it (moving down).
            let word = |j: Option<usize>| j.and_then(|j| self.0.get(j)).copied().unwrap_or(0);
            *o = if by >= 0 {
                let (hi, lo) = (word(i.checked_sub(words)), word(i.checked_sub(words + 1)));
                if bits == 0 {
                    hi
                } else {
                    hi << bits | lo >> (64 - bits)
                }
            } else {
                let (lo, hi) = (word(Some(i + words)), word(Some(i + words + 1)));
                if bits == 0 {
                    lo
                } else {
                    lo >> bits | hi << (64 - bits)
                }
            };
        }
        Wide(out)
    }
    #[inline]
    fn down_to_highest(self) -> Self {
        // As `up_to_lowest`, from the top word down.
        let mut out = [0u64; 4];
        let mut above = true;
        for (o, &w) in out.iter_mut().zip(&self.0).rev() {
            // (`| 1`: an empty word gives every square, as a `u64`'s does.)
            *o = if above { !0 << (63 - (w | 1).leading_zeros()) } else { 0 };
            above &= w == 0;
        }
        Wide(out)
    }
}
