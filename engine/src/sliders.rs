//! Slider attacks without walking the rays.
//!
//! A rider's reach along one ray stops at (and includes) its first blocker. Two ways to
//! find it, neither a loop over squares:
//! * on boards of up to 64 squares, **magic bitboards**: the squares that can block any
//!   ray of a set (every ray square but the last) are multiplied by a number found at
//!   load so that each occupancy of them lands on an entry of a table of reaches of its
//!   own (or one with the same reach): one multiply and one load for a whole set of rays;
//! * on any board, per ray, **the blocker trick**: with `b` the blockers on a ray that
//!   runs towards higher squares, `b ^ (b - 1)` is every square up to the first of them;
//!   for a ray towards lower squares, every square from the highest blocker up (rays
//!   visit squares in strictly increasing or decreasing order: see `bitboard`).
//!
//! Any ray Betza describes fits either way — unlimited and limited riders of any atom
//! (`R`, `B4`, `NN`, `fW3`) — since a set is just a list of rays.
//!
//! Sets are lines (a ray and its opposite): a rook is two lookups, its rank and its file.
//! A line's multipliers are constructed, not searched for: its squares are evenly spaced
//! (a file's by the board's width), and a multiplier that moves each of them to its own
//! bit of the index leaves the other products outside it (see [`gather`]). Found once per
//! process for each board shape and line. On the flat 8x8 board the rook's two lines and
//! the bishop's two are one set each, with multipliers found offline ([`known`]): one
//! lookup per rook or bishop, two per queen.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::bitboard::Bitboard;
use crate::types::{Geometry, Square};

mod known;

/// A ray: the step (dx, dy) repeated up to `range` times (0: to the board's edge).
pub type Ray = (i32, i32, u8);

/// The most squares whose occupancy one magic set depends on, from any square (a rank
/// of 16 is over it, and uses the blocker trick).
pub const MAX_BITS: u32 = 10;

/// The most magic sets one variant builds (the others use the blocker trick): a bound on
/// the work a ruleset can ask for at load.
pub const MAX_MAGIC_SETS: usize = 64;

/// The squares `ray` visits from `sq` on an empty board, in order, `sq` excluded: up
/// to the board's edge, or on a board whose files wrap ([`Geometry::wrap_files`]) up to
/// the square before `sq` when the ray comes round to it (a rider may neither pass
/// through nor return to its own square).
fn walk(g: Geometry, sq: Square, (dx, dy, range): Ray) -> impl Iterator<Item = Square> {
    let mut cur = sq;
    let mut n = 0;
    std::iter::from_fn(move || {
        if range != 0 && n == range {
            return None;
        }
        let next = g.offset(cur, dx, dy).filter(|&next| next != sq)?;
        cur = next;
        n += 1;
        Some(next)
    })
}

/// The squares `ray` reaches from `sq` on an empty board, `sq` excluded.
pub fn ray<B: Bitboard>(g: Geometry, sq: Square, r: Ray) -> B {
    walk(g, sq, r).fold(B::EMPTY, |b, s| b | B::bit(s))
}

/// Whether a ray visits squares in increasing order. On a board whose files wrap it
/// still does where it changes rank at every step (crossing the edge moves it less than
/// a rank); a ray along a rank runs in that order from its square to the edge, then
/// again from the other edge (see [`runs`]).
pub fn ascending(_g: Geometry, (dx, dy, _): Ray) -> bool {
    if dy != 0 {
        dy > 0
    } else {
        dx > 0
    }
}

/// Whether `ray` crosses the board's edge and comes back in lower (higher) squares on a
/// board whose files wrap: a ray along a rank, which [`runs`] splits.
pub fn wraps(g: Geometry, (dx, dy, _): Ray) -> bool {
    g.wrap_files && dy == 0 && dx != 0
}

/// The ray from `sq` as runs of squares each visited in the ray's order ([`ascending`]),
/// the first run first: one run on a flat board, one per crossing of the edge (and one
/// more) for a ray along a rank of a board whose files wrap. With the blocker trick on
/// each run in turn, up to the first with a blocker, the reach is exact ([`cut_runs`]).
pub fn runs<B: Bitboard>(g: Geometry, sq: Square, r: Ray) -> Vec<B> {
    let up = ascending(g, r);
    let mut out: Vec<B> = Vec::new();
    let mut last: Option<Square> = None;
    for s in walk(g, sq, r) {
        match (out.last_mut(), last) {
            (Some(run), Some(l)) if (s > l) == up => *run |= B::bit(s),
            _ => out.push(B::bit(s)),
        }
        last = Some(s);
    }
    out
}

/// The reach of a ray given as [`runs`] over the occupancy: each run cut at its first
/// blocker, the runs after the first blocked one left out.
#[inline]
pub fn cut_runs<B: Bitboard>(runs: &[B], occupied: B, ascending: bool) -> B {
    let mut reach = B::EMPTY;
    for &run in runs {
        reach |= cut(run, occupied, ascending);
        if (run & occupied).any() {
            break;
        }
    }
    reach
}

/// The first occupied square of a ray given as [`runs`], if any.
#[inline]
pub fn first_in_runs<B: Bitboard>(runs: &[B], occupied: B, ascending: bool) -> Option<Square> {
    runs.iter().map(|&run| run & occupied).find(|b| b.any()).map(|b| if ascending { b.lsb() } else { b.msb() })
}

/// The reach of a ray from its full extent `reach` and the occupancy: the blocker trick.
#[inline]
pub fn cut<B: Bitboard>(reach: B, occupied: B, ascending: bool) -> B {
    let blockers = reach & occupied;
    reach & if ascending { blockers.up_to_lowest() } else { blockers.down_to_highest() }
}

/// A range as long as the board is no range at all: both spellings make one set.
pub fn normalise(g: Geometry, (dx, dy, range): Ray) -> Ray {
    let longest = g.files.max(g.ranks);
    (dx, dy, if range >= longest { 0 } else { range })
}

/// A set's rays from one square: their runs on an empty board ([`runs`]: one each on a
/// flat board) and which way they run, and the squares that can block them (every ray
/// square but the last).
struct Reach {
    rays: Vec<(Vec<u64>, bool)>,
    mask: u64,
}

impl Reach {
    fn new(g: Geometry, sq: Square, set: &[Ray]) -> Reach {
        let rays: Vec<(Vec<u64>, bool)> = set.iter().map(|&r| (runs::<u64>(g, sq, r), ascending(g, r))).collect();
        let mask = set.iter().fold(0, |m, &r| {
            let squares: Vec<Square> = walk(g, sq, r).collect();
            squares.split_last().map_or(m, |(_, before)| before.iter().fold(m, |m, &s| m | 1 << s.get()))
        });
        Reach { rays, mask }
    }
    /// Every square of the board's.
    fn all(g: Geometry, set: &[Ray]) -> Vec<Reach> {
        g.all().map(|sq| Reach::new(g, sq, set)).collect()
    }
    /// The reach of the rays over occupancy `occ`. (A ray of one run, as on every flat
    /// board, is cut at once: the 8x8 rook's table of 102,400 reaches is built at every
    /// start.)
    fn over(&self, occ: u64) -> u64 {
        let mut reach = 0;
        for (runs, up) in &self.rays {
            reach |= match runs.as_slice() {
                &[run] => cut(run, occ, *up),
                runs => cut_runs(runs, occ, *up),
            };
        }
        reach
    }
}

/// What [`Reach`] gives for `set` from `sq` over `occ`, for the tests through
/// `crate::testing`.
pub(crate) fn reach_over(g: Geometry, sq: Square, set: &[Ray], occ: u64) -> u64 {
    Reach::new(g, sq, set).over(occ)
}

/// Whether a set can have a magic table: a board of up to 64 squares, and no square
/// whose reach depends on more than [`MAX_BITS`] squares (unless its multipliers are
/// [`known`]: their tables are exactly as large as the masks ask).
fn fits(g: Geometry, set: &[Ray], reaches: &[Reach]) -> bool {
    g.squares() <= 64 && (known::multipliers(g, set).is_some() || reaches.iter().all(|r| r.mask.count_ones() <= MAX_BITS))
}

/// Splits rays into sets: the rays of a line (a direction and its opposite, same range)
/// together, lines in a fixed order (of atom, then direction). On boards of up to 64
/// squares a line is one lookup; on larger boards every ray uses the blocker trick, so
/// one set holds them all.
///
/// Two lines make one set where their multipliers are [`known`] (the rook's and the
/// bishop's on the 8x8 board). Elsewhere a set of two lines would be one lookup instead
/// of two, but its multipliers take a random search of up to a few hundred milliseconds
/// per board shape — at every start of the program, which scripts run thousands of
/// times — where a line's are constructed.
pub fn split(g: Geometry, rays: &[Ray]) -> Vec<Vec<Ray>> {
    let mut sorted: Vec<Ray> = rays.iter().map(|&r| normalise(g, r)).collect();
    // The line a ray lies on: its direction or the opposite, whichever is "positive".
    let line = |&(dx, dy, range): &Ray| if (dy, dx) > (0, 0) { (dx, dy, range) } else { (-dx, -dy, range) };
    sorted.sort_by_key(|r| {
        let (dx, dy, range) = line(r);
        (dx.abs().min(dy.abs()), dx.abs().max(dy.abs()), range, dx, dy, *r)
    });
    sorted.dedup();
    if sorted.is_empty() {
        return Vec::new();
    }
    if g.squares() > 64 {
        return vec![sorted];
    }
    let mut lines: Vec<Vec<Ray>> = Vec::new();
    for r in sorted {
        match lines.last_mut() {
            Some(l) if line(&l[0]) == line(&r) => l.push(r),
            _ => lines.push(vec![r]),
        }
    }
    // Lines of one atom sort next to each other: a known pair becomes one set.
    let mut sets: Vec<Vec<Ray>> = Vec::with_capacity(lines.len());
    for l in lines {
        if let Some(last) = sets.last_mut() {
            let pair: Vec<Ray> = last.iter().chain(l.iter()).copied().collect();
            if known::multipliers(g, &pair).is_some() {
                *last = pair;
                continue;
            }
        }
        sets.push(l);
    }
    sets
}

/// The most entries a set's magic table may hold (0 if it uses the blocker trick
/// instead): what the table-size estimate counts before anything is built.
pub fn magic_entries(g: Geometry, set: &[Ray]) -> usize {
    if g.squares() > 64 {
        return 0;
    }
    let reaches = Reach::all(g, set);
    if !fits(g, set, &reaches) {
        return 0;
    }
    let extra = if known::multipliers(g, set).is_some() { 0 } else { EXTRA_BITS };
    reaches.iter().map(|r| 1usize << (r.mask.count_ones() + extra)).sum()
}

/// One square's entry into a magic table.
#[derive(Clone, Copy, Debug, Default)]
pub struct Magic {
    /// The squares that can block a ray of the set from this square.
    pub mask: u64,
    /// The multiplier that spreads every occupancy of `mask` to its own index.
    pub magic: u64,
    /// `64 -` the bits of the index.
    pub shift: u32,
    /// Where this square's part of the table starts.
    pub offset: u32,
}

impl Magic {
    /// The table index of occupancy `occ`.
    #[inline]
    pub fn index(&self, occ: u64) -> usize {
        self.offset as usize + ((occ & self.mask).wrapping_mul(self.magic) >> self.shift) as usize
    }
}

/// Builds the magic lookup of a set on a board of up to 64 squares: per square its
/// [`Magic`], and the reaches appended to `table`. `None` if the set is over
/// [`MAX_BITS`] somewhere, or a multiplier could not be found (then the set walks).
pub fn build(g: Geometry, set: &[Ray], table: &mut Vec<u64>) -> Option<Vec<Magic>> {
    if g.squares() > 64 {
        return None;
    }
    let reaches = Reach::all(g, set);
    if !fits(g, set, &reaches) {
        return None;
    }
    if let Some(magics) = known::multipliers(g, set) {
        let exact: Vec<(u64, u32)> = reaches.iter().zip(magics).map(|(r, &m)| (m, r.mask.count_ones())).collect();
        if let Some(out) = fill(&reaches, &exact, table) {
            return Some(out);
        }
        // A wrong constant (the tests would catch it): search as for any set.
        debug_assert!(false, "a known multiplier collides: {g:?} {set:?}");
    }
    let multipliers = multipliers(g, set, &reaches)?;
    fill(&reaches, &multipliers, table)
}

/// Appends each square's table of reaches to `table`, by its multiplier and index bits;
/// `None` (and `table` as it was) if two occupancies with different reaches collide.
fn fill(reaches: &[Reach], multipliers: &[(u64, u32)], table: &mut Vec<u64>) -> Option<Vec<Magic>> {
    let start = table.len();
    let mut filled: Vec<bool> = Vec::new();
    let mut out = Vec::with_capacity(reaches.len());
    for (reach, &(magic, index_bits)) in reaches.iter().zip(multipliers.iter()) {
        let entry = Magic { mask: reach.mask, magic, shift: 64 - index_bits, offset: table.len() as u32 };
        table.resize(table.len() + (1 << index_bits), 0);
        filled.clear();
        filled.resize(1 << index_bits, false);
        for occ in subsets(reach.mask) {
            let (i, over) = (entry.index(occ), reach.over(occ));
            if filled[i - entry.offset as usize] && table[i] != over {
                table.truncate(start);
                return None;
            }
            (filled[i - entry.offset as usize], table[i]) = (true, over);
        }
        out.push(entry);
    }
    Some(out)
}

/// Every subset of `mask` (the carry-rippler), the empty one first.
fn subsets(mask: u64) -> impl Iterator<Item = u64> {
    let mut next = Some(0u64);
    std::iter::from_fn(move || {
        let cur = next?;
        let after = cur.wrapping_sub(mask) & mask;
        next = (after != 0).then_some(after);
        Some(cur)
    })
}

/// Per square: a multiplier and the bits of its index.
type Multipliers = Arc<Vec<(u64, u32)>>;

/// The multipliers of a set, per square: found once per process for each board shape
/// and set (a search of at most a few milliseconds), then shared by every variant.
fn multipliers(g: Geometry, set: &[Ray], reaches: &[Reach]) -> Option<Multipliers> {
    type Key = (Geometry, Vec<Ray>);
    static FOUND: OnceLock<Mutex<HashMap<Key, Option<Multipliers>>>> = OnceLock::new();
    let key = (g, set.to_vec());
    let found = FOUND.get_or_init(Default::default);
    if let Some(m) = found.lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return m.clone();
    }
    let searched = search(g, reaches).map(Arc::new);
    let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
    // Untrusted rulesets could make this grow without end: it is only a cache.
    if found.len() >= 4096 {
        found.clear();
    }
    found.insert(key, searched.clone());
    searched
}

/// Index bits a square may use beyond its mask's: dense masks (small boards, a line
/// with its origin in the middle) often have no multiplier into a table of exactly
/// their size, and one or two bits more find one at once.
pub const EXTRA_BITS: u32 = 2;

/// Random tries per square (after the gathering candidates) before trying one index bit
/// more, by extra bits: a table of the exact size is worth a few tries, not the
/// thousands some squares would need.
const TRIES: [u32; EXTRA_BITS as usize + 1] = [1 << 6, 1 << 8, 1 << 10];

/// A multiplier that moves each square of `mask` to its own bit of the index, if the
/// shifts fit: the `i`-th lowest square to bit `i` (`spaced`: to its distance from the
/// lowest, so that a line's squares keep their gaps). Where the other products of the
/// multiplication miss the index (squares far enough apart, as along a file or a
/// diagonal), it is exact: the first candidates the search tries.
fn gather(mask: u64, index_bits: u32, spaced: bool) -> Option<u64> {
    let low = mask.trailing_zeros();
    let mut magic = 0u64;
    for (i, sq) in mask.squares().enumerate() {
        let slot = if spaced { u32::from(sq) - low } else { i as u32 };
        // Moving square `sq` to bit `64 - index_bits + slot` of the product.
        let to = (64 - index_bits + slot).checked_sub(u32::from(sq))?;
        if slot >= index_bits || to >= 64 {
            return None;
        }
        magic |= 1 << to;
    }
    Some(magic)
}

fn search(g: Geometry, reaches: &[Reach]) -> Option<Vec<(u64, u32)>> {
    // A fixed seed: the same multipliers on every run and machine.
    let mut state = 0x2545_F491_4F6C_DD1Du64 ^ ((g.files as u64) << 8 | g.ranks as u64);
    let mut random = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut used: Vec<(u32, u64)> = Vec::new();
    let mut epoch = 0u32;
    let mut out = Vec::with_capacity(g.squares());
    let (mut occs, mut reached) = (Vec::new(), Vec::new());
    'square: for reach in reaches {
        let mask = reach.mask;
        let bits = mask.count_ones();
        if bits == 0 {
            // Index 0 whatever the multiplier: a zero product shifted by 63.
            out.push((0, 1));
            continue;
        }
        occs.clear();
        occs.extend(subsets(mask));
        reached.clear();
        reached.extend(occs.iter().map(|&o| reach.over(o)));
        let mut fits = |magic: u64, index_bits: u32| {
            if used.len() < 1 << index_bits {
                used.resize(1 << index_bits, (0, 0));
            }
            epoch += 1;
            occs.iter().zip(&reached).all(|(&o, &r)| {
                let slot = &mut used[(o.wrapping_mul(magic) >> (64 - index_bits)) as usize];
                if slot.0 != epoch {
                    *slot = (epoch, r);
                    true
                } else {
                    slot.1 == r
                }
            })
        };
        // The constructed candidates first, at every size: a line's always fit.
        for index_bits in bits..=bits + EXTRA_BITS {
            for spaced in [false, true] {
                if let Some(magic) = gather(mask, index_bits, spaced).filter(|&m| fits(m, index_bits)) {
                    out.push((magic, index_bits));
                    continue 'square;
                }
            }
        }
        for index_bits in bits..=bits + EXTRA_BITS {
            for _ in 0..TRIES[(index_bits - bits) as usize] {
                // Sparse candidates work best; most are refused at a glance when they
                // leave the top byte of the product nearly empty.
                let magic = random() & random() & random();
                if index_bits >= 8 && (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                    continue;
                }
                if fits(magic, index_bits) {
                    out.push((magic, index_bits));
                    continue 'square;
                }
            }
        }
        return None;
    }
    Some(out)
}
