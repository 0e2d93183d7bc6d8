//! Numbering the rays and slider sets a variant uses, and building each set's lookup:
//! a magic table where it fits, else its rays for the blocker trick (see `sliders`).

use std::collections::BTreeMap;

use super::*;

/// Collects the distinct slider sets the variant needs, numbering them.
pub(super) struct SetBuilder {
    g: Geometry,
    ids: BTreeMap<Vec<Ray>, u16>,
    pub(super) sets: Vec<PlannedSet>,
}

/// A slider set before its tables are built.
pub(super) struct PlannedSet {
    pub(super) rays: Vec<Ray>,
    /// Each ray's (id in `rays`, ascending, wraps), for the blocker trick.
    walked: Vec<(u16, bool, bool)>,
}

impl SetBuilder {
    pub(super) fn new(g: Geometry) -> Self {
        SetBuilder { g, ids: BTreeMap::new(), sets: Vec::new() }
    }
    /// The sets `rays` split into (see [`sliders::split`]).
    pub(super) fn ids(&mut self, rays: &[Ray], ray_ids: &mut RayBuilder) -> Vec<u16> {
        let mut out = Vec::new();
        for set in sliders::split(self.g, rays) {
            let id = match self.ids.get(&set) {
                Some(&id) => id,
                None => {
                    let id = self.sets.len() as u16;
                    let walked = set
                        .iter()
                        .map(|&r| (ray_ids.id(r.0, r.1, r.2), sliders::ascending(self.g, r), sliders::wraps(self.g, r)))
                        .collect();
                    self.ids.insert(set.clone(), id);
                    self.sets.push(PlannedSet { rays: set, walked });
                    id
                }
            };
            out.push(id);
        }
        out
    }
    /// The sets, with magic tables for the first that can have them.
    pub(super) fn finish<B: Bitboard>(self) -> Built<B> {
        let g = self.g;
        let mut table = Vec::new();
        let mut sets = Vec::with_capacity(self.sets.len());
        let mut tried = 0;
        for PlannedSet { rays, walked } in self.sets {
            if B::CAPACITY == 64 && tried < sliders::MAX_MAGIC_SETS {
                tried += 1;
                if let Some(per_square) = sliders::build(g, &rays, &mut table) {
                    let mut line = [Magic::default(); 64];
                    line[..per_square.len()].copy_from_slice(&per_square);
                    sets.push(BuiltSet::Magic(Arc::new(line)));
                    continue;
                }
            }
            sets.push(BuiltSet::Walk(walked));
        }
        let magic_reach = table.into_iter().map(|r| B::from_wide(Wide([r, 0, 0, 0]))).collect();
        Built { sets, magic_reach }
    }
}

/// A slider set built: its magic line, or its rays (id, ascending) for the blocker trick.
enum BuiltSet {
    Magic(MagicLine),
    Walk(Vec<(u16, bool, bool)>),
}

/// The slider sets built, and the magic tables.
pub(super) struct Built<B> {
    sets: Vec<BuiltSet>,
    pub(super) magic_reach: Vec<B>,
}

impl<B> Built<B> {
    /// The lines of the sets `ids`, together.
    pub(super) fn lines(&self, ids: &[u16]) -> Lines {
        let mut lines = Lines::default();
        for &id in ids {
            match &self.sets[id as usize] {
                BuiltSet::Magic(line) => lines.magic.push(Arc::clone(line)),
                BuiltSet::Walk(walked) => {
                    for &(id, ascending, wraps) in walked {
                        lines.walk.push((if wraps { id | WRAPS } else { id }, ascending));
                    }
                }
            }
        }
        lines
    }
}

/// Collects the distinct rays the variant needs, numbering them.
pub(super) struct RayBuilder {
    g: Geometry,
    ids: BTreeMap<(i32, i32, u8), u16>,
    order: Vec<(i32, i32, u8)>,
}

impl RayBuilder {
    pub(super) fn new(g: Geometry) -> Self {
        RayBuilder { g, ids: BTreeMap::new(), order: Vec::new() }
    }
    fn id(&mut self, dx: i32, dy: i32, range: u8) -> u16 {
        let key = (dx, dy, range);
        if let Some(&id) = self.ids.get(&key) {
            return id;
        }
        let id = self.order.len() as u16;
        self.ids.insert(key, id);
        self.order.push(key);
        id
    }
    pub(super) fn slide(&mut self, dx: i32, dy: i32, range: u8) -> Slide {
        Slide {
            reach: self.id(dx, dy, range),
            ascending: sliders::ascending(self.g, (dx, dy, range)),
            wraps: sliders::wraps(self.g, (dx, dy, range)),
        }
    }
    /// The hop of direction `d` taken as (`dx`, `dy`) (turned for the colour, or reversed).
    pub(super) fn hop(&mut self, dx: i32, dy: i32, d: &Direction) -> HopRay {
        let how = RiderUse { quiet: d.mode != Mode::Capture, capture: d.mode != Mode::Move, initial_only: d.initial_only };
        HopRay { ray: self.slide(dx, dy, 0), step: self.id(dx, dy, 1), hop: d.hop, how, barred: false }
    }
    pub(super) fn get<B: Bitboard>(&self, id: u16, sq: Square) -> B {
        sliders::ray(self.g, sq, self.order[id as usize])
    }
    /// The rays, and on a board whose files wrap their runs ([`Tables::runs`]).
    pub(super) fn finish<B: Bitboard>(self) -> (Vec<B>, Vec<Vec<B>>) {
        let squares = self.g.squares();
        let mut out = Vec::with_capacity(self.order.len() * squares);
        let mut runs = Vec::new();
        for (id, &r) in self.order.iter().enumerate() {
            for sq in 0..squares {
                out.push(self.get(id as u16, Square::new(sq as u8)));
                if self.g.wrap_files {
                    runs.push(if sliders::wraps(self.g, r) { sliders::runs(self.g, Square::new(sq as u8), r) } else { Vec::new() });
                }
            }
        }
        (out, runs)
    }
}
