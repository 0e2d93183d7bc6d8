//! The `[pieces.<name>]` tables: letter, Betza movement, and the per-piece keys of the
//! rules that pieces take part in (double steps, en passant, limits, capture maps, drop
//! ranks, classes, promotion).

use serde::Deserialize;
use toml::Spanned;

use super::context::Context;
use super::error::RulesetError;
use crate::betza;
use crate::features::drops::RawDrops;
use crate::features::initial_moves::{self, RawInitialMoves};
use crate::features::lines::{self, RawLineMoves};
use crate::features::promotion::{self, RawPromotion};
use crate::features::regions::{self, RawExtraMoves, RawRegion};
use crate::rules::{Captured, PieceDef, Region};
use crate::types::{PieceSet, PieceType};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawPiece {
    letter: Option<Spanned<String>>,
    notation_letter: Option<Spanned<String>>,
    betza: Spanned<String>,
    #[serde(default)]
    royal: bool,
    royal_while_at_most: Option<Spanned<u8>>,
    #[serde(default)]
    pawn: bool,
    double_step_ranks: Option<Spanned<RawRegion>>,
    triple_step_ranks: Option<Spanned<RawRegion>>,
    en_passant_ranks: Option<Spanned<Vec<u8>>>,
    en_passant: Option<Spanned<RawFlag>>,
    takes_en_passant: Option<Spanned<RawFlag>>,
    limit: Option<u16>,
    captured_as: Option<Spanned<String>>,
    face_of: Option<Spanned<String>>,
    drop_ranks: Option<Spanned<RawRegion>>,
    class: Option<u8>,
    promotion: Option<RawPromotion>,
    moves_within: Option<Spanned<RawRegion>>,
    extra_moves: Option<RawExtraMoves>,
    initial_moves: Option<Spanned<RawInitialMoves>>,
    line_moves: Option<RawLineMoves>,
    hop_barred: Option<Spanned<Vec<Spanned<String>>>>,
    petrify_on_capture: Option<Spanned<bool>>,
    value: Option<Spanned<f64>>,
}

/// `en_passant` and `takes_en_passant`: a flag, or a word that says which way.
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum RawFlag {
    Bool(bool),
    Word(String),
}

/// Reads a flag that may also be `word` (giving `(true, true)`): `(set, the word)`.
fn flag(raw: Option<&Spanned<RawFlag>>, word: &str, key: &str, cx: &Context) -> Result<Option<(bool, bool)>, RulesetError> {
    match raw.map(|r| (r, r.get_ref())) {
        None => Ok(None),
        Some((_, RawFlag::Bool(b))) => Ok(Some((*b, false))),
        Some((_, RawFlag::Word(w))) if w == word => Ok(Some((true, true))),
        Some((r, RawFlag::Word(w))) => Err(cx.r.span(r, key, format!("`{w}`: expected true, false or \"{word}\""))),
    }
}

/// The other sections a piece's keys depend on.
#[derive(Clone, Copy)]
pub(crate) struct Sections<'a> {
    /// The `[drops]` table, if any.
    pub drops: Option<&'a RawDrops>,
    /// Whether there is an `[economy]` table (purchases place pieces, as drops do).
    pub economy: bool,
}

/// Compiles piece `pname`, given the pieces before it (whose letters it may not reuse).
pub(crate) fn compile(
    pname: &String,
    p: &RawPiece,
    earlier: &[PieceDef],
    sections: Sections,
    cx: &Context,
) -> Result<PieceDef, RulesetError> {
    let raw_drops = sections.drops;
    let key = |k: &str| format!("pieces.{pname}.{k}");
    let letter = match &p.letter {
        Some(spanned) => {
            let letter = spanned.get_ref();
            let mut chars = letter.chars();
            let c = match (chars.next(), chars.next()) {
                (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
                _ => return Err(cx.r.span(spanned, key("letter"), format!("`{letter}` must be a single letter A-Z"))),
            };
            if let Some(other) = earlier.iter().find(|o: &&PieceDef| o.letter == Some(c)) {
                return Err(cx.r.span(spanned, key("letter"), format!("letter `{c}` is already used by `{}`", other.name)));
            }
            Some(c)
        }
        // Written `+` and the letter of what it promotes from (check_faces makes sure
        // that names one piece only).
        None if p.face_of.is_some() => None,
        None => {
            // The table has no span of its own here: point at its Betza, always present.
            return Err(cx.r.span(
                &p.betza,
                key("letter"),
                "a piece needs a `letter`, unless it is a promoted face (`face_of`): that is written `+` and the letter of the piece it promotes from",
            ));
        }
    };
    let notation_letter = match &p.notation_letter {
        None => None,
        Some(l) => match l.get_ref().chars().collect::<Vec<_>>()[..] {
            [c] if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
            _ => return Err(cx.r.span(l, key("notation_letter"), format!("`{}` must be a single letter A-Z", l.get_ref()))),
        },
    };
    let text = p.betza.get_ref();
    // An empty Betza is a piece that never moves (Reversi's discs; Fairy-Stockfish's
    // immobile piece).
    let parsed = if text.is_empty() { Ok(Vec::new()) } else { betza::parse(text) };
    let directions = parsed.map_err(|e| {
        // +1 skips the opening quote of a basic string.
        cx.r.at(p.betza.span().start + 1 + e.offset, key("betza"), format!("bad Betza \"{text}\": {e}"))
    })?;
    let (locusts, mut directions): (Vec<_>, Vec<_>) = directions.into_iter().partition(|d| d.locust.is_some());
    if !locusts.is_empty() {
        let refuse = |what: &str| Err(cx.r.span(&p.betza, key("betza"), format!("\"{text}\": {what}")));
        if locusts.iter().any(|d| d.initial_only) {
            return refuse("initial-only (`i`) moves that take on the way or come back are not supported");
        }
        if p.promotion.is_some() {
            return refuse("a piece whose moves take on the way or come back does not promote (not supported: no game asks it)");
        }
    }
    // An initial-only move the piece can always make anyway would be generated twice.
    let always: Vec<betza::Direction> = directions.iter().filter(|d| !d.initial_only).cloned().collect();
    directions.retain(|d| {
        !d.initial_only
            || !always.iter().any(|a| {
                (a.dx, a.dy, a.range, &a.path, &a.hurdles) == (d.dx, d.dy, d.range, &d.path, &d.hurdles)
                    && (a.mode == betza::Mode::Both || a.mode == d.mode)
            })
    });
    // A Betza that reaches two squares straight ahead without taking (`ifmD`, `ifmW2`,
    // `fmR`) would give every double step twice with `double_step_ranks`. The two may come
    // from two files (the ranks inherited through `extends`), so the error stands at the
    // Betza, the newer text as a rule, and names where the ranks are given.
    let steps_two_ahead = |d: &betza::Direction| {
        d.mode != betza::Mode::Capture
            && d.hop == betza::Hop::None
            && d.locust.is_none()
            && d.dx == 0
            && ((d.dy == 2 && d.range == 1) || (d.dy == 1 && d.range != 1))
    };
    let double_step_ranks = match &p.double_step_ranks {
        Some(region) => regions::compile_region(region, cx, &key("double_step_ranks"))?,
        None => Region::default(),
    };
    if let Some(ranks) = p.double_step_ranks.as_ref().filter(|_| !double_step_ranks.is_empty()) {
        if directions.iter().any(steps_two_ahead) {
            let given = cx.r.span(ranks, "", "");
            return Err(cx.r.span(
                &p.betza,
                key("betza"),
                format!(
                    "the Betza \"{text}\" already steps two squares straight ahead, and `double_step_ranks` ({}:{}:{}) adds a \
                     double step: every double step would be listed twice. Keep one: `double_step_ranks = []` for the Betza's, \
                     or drop the Betza's",
                    given.file, given.line, given.column
                ),
            ));
        }
    }
    let triple_step_ranks = match &p.triple_step_ranks {
        Some(region) => regions::compile_region(region, cx, &key("triple_step_ranks"))?,
        None => Region::default(),
    };
    let (en_passant, en_passant_any_passed) = flag(p.en_passant.as_ref(), "any-passed", &key("en_passant"), cx)?.unwrap_or_default();
    let (takes_en_passant, takes_en_passant_capture_only) =
        flag(p.takes_en_passant.as_ref(), "capture-only", &key("takes_en_passant"), cx)?.unwrap_or((en_passant, false));
    // A triple step passes two squares: which are taken en passant must be said.
    if let (Some(ranks), true, false) = (&p.triple_step_ranks, en_passant && !triple_step_ranks.is_empty(), en_passant_any_passed) {
        return Err(cx.r.span(
            ranks,
            key("triple_step_ranks"),
            "a triple step passes two squares: with `en_passant = \"any-passed\"` both may be taken en passant (Fairy-Stockfish's \
             rule); with `en_passant = true` neither would be. Say which",
        ));
    }
    let en_passant_ranks = match &p.en_passant_ranks {
        None => None,
        Some(ranks) => {
            let region = cx.ranks(ranks, &key("en_passant_ranks"))?;
            if let Some(r) = region.iter().find(|r| !double_step_ranks.contains(r)) {
                return Err(cx.r.span(ranks, key("en_passant_ranks"), format!("rank {} is not one of `double_step_ranks`", r + 1)));
            }
            Some(region)
        }
    };
    let promotion = p.promotion.as_ref().map(|pr| promotion::compile(pr, &p.betza, cx, &key("promotion"))).transpose()?;
    let has_drops = raw_drops.is_some();
    let places_pieces = has_drops || sections.economy;
    let needs_drops = |what: &str, at: &Spanned<String>| -> Result<(), RulesetError> {
        if has_drops {
            Ok(())
        } else {
            Err(cx.r.span(at, key(what), "only means something in a variant with drops: add a [drops] table"))
        }
    };
    let to_hand = raw_drops.is_none_or(|d| d.captures_to_hand);
    let captured_as = match &p.captured_as {
        None if to_hand => Captured::Hand(PieceType::new(earlier.len() as u8)),
        None => Captured::Removed,
        Some(s) => {
            needs_drops("captured_as", s)?;
            if s.get_ref() == "none" {
                Captured::Removed
            } else {
                Captured::Hand(cx.type_of(s, &key("captured_as")).map_err(|mut e| {
                    e.message = format!("`{}` is neither `none` nor a piece of this variant (pieces: {})", s.get_ref(), cx.piece_list());
                    e
                })?)
            }
        }
    };
    let default_ranks = raw_drops.and_then(|d| d.ranks.as_ref());
    let drop_ranks = match p.drop_ranks.as_ref().or(default_ranks) {
        None => None,
        Some(ranks) => {
            if !places_pieces {
                return Err(cx.r.span(
                    ranks,
                    key("drop_ranks"),
                    "only means something in a variant with drops or purchases: add a [drops] or [economy] table",
                ));
            }
            Some(regions::compile_region(ranks, cx, &key("drop_ranks"))?)
        }
    };
    let moves_within = p.moves_within.as_ref().map(|r| regions::compile_region(r, cx, &key("moves_within"))).transpose()?;
    let extra_moves = p.extra_moves.as_ref().map(|r| regions::compile_extra(r, cx, &key("extra_moves"))).transpose()?;
    let initial_moves = match &p.initial_moves {
        Some(raw) if !directions.iter().any(|d| d.initial_only) => {
            return Err(cx.r.span(raw, key("initial_moves"), format!("the Betza \"{text}\" has no initial-only (`i`) moves to limit")));
        }
        Some(raw) => initial_moves::compile(raw.get_ref(), cx, &key("initial_moves"))?,
        None => Default::default(),
    };
    let line_moves = p.line_moves.as_ref().map(|l| lines::compile(l, cx, &key("line_moves"))).transpose()?;
    let hop_barred = match &p.hop_barred {
        None => PieceSet::EMPTY,
        Some(names) => {
            let hops = directions.iter().any(|d| d.hop != betza::Hop::None)
                || line_moves.as_ref().is_some_and(|l| l.directions.iter().any(|d| !d.hurdles.is_empty()));
            if !hops {
                return Err(cx.r.span(names, key("hop_barred"), format!("the Betza \"{text}\" has no hops (`p`, `g`) to bar pieces from")));
            }
            cx.types_of(names.get_ref(), &key("hop_barred"))?.into_iter().collect()
        }
    };
    let petrify_on_capture = crate::features::petrify::compile(p.petrify_on_capture.as_ref(), p.royal, &key("petrify_on_capture"), cx)?;
    let royal_while_at_most = match &p.royal_while_at_most {
        None => None,
        Some(n) if p.royal => {
            return Err(cx.r.span(n, key("royal_while_at_most"), "the piece is royal throughout (`royal = true`): drop one of the two"))
        }
        Some(n) if *n.get_ref() == 0 => {
            return Err(cx.r.span(n, key("royal_while_at_most"), "0: the piece would never be royal; give at least 1"))
        }
        Some(n) => Some(*n.get_ref()),
    };
    let value = match &p.value {
        Some(v) if !(0.0..=1000.0).contains(v.get_ref()) => {
            return Err(cx.r.span(v, key("value"), format!("{}: a worth in pawns, from 0 to 1000", v.get_ref())))
        }
        v => v.as_ref().map(|v| (v.get_ref() * 100.0).round() as u32),
    };
    Ok(PieceDef {
        name: pname.clone(),
        letter,
        notation_letter,
        betza: text.clone(),
        directions,
        locusts,
        royal: p.royal,
        royal_while_at_most,
        pawn: p.pawn,
        double_step_ranks,
        triple_step_ranks,
        en_passant_ranks,
        en_passant,
        en_passant_any_passed,
        takes_en_passant,
        takes_en_passant_capture_only,
        limit: p.limit,
        captured_as,
        face_of: p.face_of.as_ref().map(|s| cx.type_of(s, &key("face_of"))).transpose()?,
        drop_ranks,
        class: p.class,
        promotion,
        moves_within,
        extra_moves,
        initial_moves,
        line_moves,
        hop_barred,
        petrify_on_capture,
        value,
    })
}

/// Each `face_of` names a piece that promotes to the piece that says it; a face without
/// a letter is written `+` and that piece's letter, so that piece has a letter and no
/// other face.
pub(crate) fn check_faces(raw: &indexmap::IndexMap<String, RawPiece>, pieces: &[PieceDef], cx: &Context) -> Result<(), RulesetError> {
    for (t, (name, p)) in raw.iter().enumerate() {
        let (Some(at), Some(u)) = (&p.face_of, pieces[t].face_of) else { continue };
        let key = format!("pieces.{name}.face_of");
        let base = &pieces[u];
        if !base.promotion.as_ref().is_some_and(|pr| pr.reaches(PieceType::new(t as u8))) {
            return Err(cx.r.span(at, key, format!("`{}` does not promote to `{name}`", at.get_ref())));
        }
        if pieces[t].letter.is_some() {
            continue;
        }
        if base.letter.is_none() {
            return Err(cx.r.span(
                at,
                key,
                format!("`{name}` has no letter, so it is written `+` and the letter of `{}`, which has none either", base.name),
            ));
        }
        // LAN writes a promotion to it `+`: the face of the piece moving.
        let also = (0..pieces.len())
            .find(|&o| o != u.index() && pieces[o].promotion.as_ref().is_some_and(|pr| pr.reaches(PieceType::new(t as u8))));
        if let Some(o) = also {
            let words = format!(
                "`{name}` has no letter, so only `{}` may promote to it (a promotion to it is written `+`), not `{}` too",
                base.name, pieces[o].name
            );
            return Err(cx.r.span(at, key, words));
        }
        let other = (0..pieces.len()).find(|&o| o != t && pieces[o].face_of == Some(u));
        if let Some(o) = other {
            let words = format!(
                "`{name}` has no letter, so it is written `+{}`, as `{}` is too: give one of them a letter",
                base.letter.unwrap_or('?'),
                pieces[o].name
            );
            return Err(cx.r.span(at, key, words));
        }
    }
    Ok(())
}

/// `hop_barred`: every piece that bars some types from its hops bars the same ones. The
/// attack test looks the barred pieces up once, after the move being tested (one set
/// for the whole variant, as Fairy-Stockfish's Janggi cannons).
pub(crate) fn check_hop_barred(raw: &indexmap::IndexMap<String, RawPiece>, pieces: &[PieceDef], cx: &Context) -> Result<(), RulesetError> {
    let mut sets = pieces.iter().filter(|p| !p.hop_barred.is_empty());
    let Some(first) = sets.next() else { return Ok(()) };
    let Some(other) = sets.find(|p| p.hop_barred != first.hop_barred) else { return Ok(()) };
    let message = format!(
        "`{}` and `{}` bar different pieces from their hops; every piece with `hop_barred` must bar the same ones",
        first.name, other.name
    );
    let key = format!("pieces.{}.hop_barred", other.name);
    match raw.get(&other.name).and_then(|p| p.hop_barred.as_ref()) {
        Some(at) => Err(cx.r.span(at, key, message)),
        None => Err(cx.r.span(&raw.get(&other.name).expect("compiled from it").betza, key, message)),
    }
}
