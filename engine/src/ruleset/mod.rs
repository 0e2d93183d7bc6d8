//! The TOML ruleset format: its schema, and its compilation into [`Rules`].
//!
//! Every error names the file, line, column and key, e.g.
//! `my.toml:12:9: pieces.knight.betza: bad Betza "Nx": …`.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::de::DeValue;
use toml::Spanned;

use crate::betza;
use std::sync::Arc;

use crate::module::{ModuleParams, ModuleRegistry, ParamError, RuleModule};
use crate::rules::{
    Captured, EndRules, InsufficientMaterial, ModuleSpec, PieceDef,
    ResetEvent, Rules, Verdict,
};
use crate::types::{Geometry, PieceType, MAX_PIECE_TYPES, MAX_SIDE, MIN_SIDE};

pub(crate) mod context;
pub(crate) mod error;
pub(crate) mod source;

pub use error::RulesetError;

use crate::features::castling::{self, RawCastle};
use crate::features::drops::{self, RawDrops};
use crate::features::economy::{self, RawEconomy};
use crate::features::lift::{self, RawLift};
use crate::features::promotion::{self, RawPromotion};
use context::Context;

pub(crate) use source::Reporter;
use source::Chain;
pub use source::{relative_to, RelativePaths, Resolve, Source, MAX_DEPTH};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawRuleset {
    /// Read before deserializing, by [`Chain::load`]; a field so that it is a known key.
    #[serde(default, rename = "extends")]
    _extends: Option<String>,
    name: Spanned<String>,
    #[serde(default)]
    description: String,
    board: Spanned<RawBoard>,
    #[serde(default)]
    a1_color: Option<SquareColor>,
    start: Spanned<String>,
    pieces: Spanned<IndexMap<String, RawPiece>>,
    #[serde(default)]
    castling: Vec<Spanned<RawCastle>>,
    #[serde(default)]
    end: RawEnd,
    drops: Option<Spanned<RawDrops>>,
    #[serde(default)]
    /// Read apart, from the merged document, so that each module's parameters keep
    /// their positions (see `parse_rules`); named here to be a known key.
    #[allow(dead_code)]
    modules: Option<serde::de::IgnoredAny>,
    economy: Option<Spanned<RawEconomy>>,
    lift: Option<Spanned<RawLift>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    files: u8,
    ranks: u8,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum SquareColor {
    Light,
    Dark,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPiece {
    letter: Spanned<String>,
    betza: Spanned<String>,
    #[serde(default)]
    royal: bool,
    #[serde(default)]
    pawn: bool,
    double_step_ranks: Option<Spanned<Vec<u8>>>,
    #[serde(default)]
    en_passant: bool,
    limit: Option<u16>,
    captured_as: Option<Spanned<String>>,
    drop_ranks: Option<Spanned<Vec<u8>>>,
    class: Option<u8>,
    promotion: Option<RawPromotion>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEnd {
    #[serde(default = "loss")]
    checkmate: RawVerdict,
    #[serde(default = "draw")]
    stalemate: RawVerdict,
    repetition: Option<Spanned<u8>>,
    #[serde(default)]
    move_rule: u16,
    #[serde(default)]
    move_rule_reset: Vec<Spanned<String>>,
    insufficient_material: Option<RawInsufficient>,
    army_captured: Option<RawVerdict>,
    #[serde(default = "yes")]
    army_includes_hand: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawInsufficient {
    #[serde(default)]
    lone: Vec<Spanned<String>>,
    #[serde(default)]
    same_color: Vec<Spanned<String>>,
}

impl Default for RawEnd {
    fn default() -> Self {
        RawEnd {
            checkmate: RawVerdict::Loss,
            stalemate: RawVerdict::Draw,
            repetition: None,
            move_rule: 0,
            move_rule_reset: Vec::new(),
            insufficient_material: None,
            army_captured: None,
            army_includes_hand: true,
        }
    }
}

fn loss() -> RawVerdict {
    RawVerdict::Loss
}
fn draw() -> RawVerdict {
    RawVerdict::Draw
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum RawVerdict {
    Win,
    Loss,
    Draw,
}

impl From<RawVerdict> for Verdict {
    fn from(v: RawVerdict) -> Verdict {
        match v {
            RawVerdict::Win => Verdict::Win,
            RawVerdict::Loss => Verdict::Loss,
            RawVerdict::Draw => Verdict::Draw,
        }
    }
}

/// A ruleset read and checked, but for its start position (which needs the compiled
/// tables to be read).
pub(crate) struct Loaded {
    pub rules: Rules,
    /// The live rule modules, in the order of `rules.modules`.
    pub modules: Vec<Arc<dyn RuleModule>>,
    /// Where the start position is written, for an error in it.
    pub start: Site,
}

/// A place in a ruleset, for errors found after loading.
pub(crate) struct Site(RulesetError);

impl Site {
    /// An error at this place.
    pub fn error(&self, message: impl Into<String>) -> RulesetError {
        RulesetError { message: message.into(), ..self.0.clone() }
    }
}

/// Parses and checks a ruleset. `file` is only used to name it in errors; `modules`
/// are the rule modules the ruleset may switch on; `resolve` finds the bases named by
/// `extends`.
pub(crate) fn parse_rules(text: &str, file: &str, modules: &ModuleRegistry, resolve: &dyn Resolve) -> Result<Loaded, RulesetError> {
    let chain = Chain::load(text, file, resolve)?;
    let r = chain.reporter();
    let mut merged = chain.merged()?;
    let module_tables = merged.get_mut().remove("modules");
    let de = toml::de::Deserializer::from(merged);
    let raw: RawRuleset = serde_path_to_error::deserialize(de).map_err(|e| {
        // serde_spanned wraps values in a private field; it is no part of the user's key.
        let mut key: Vec<String> = e
            .path()
            .to_string()
            .split('.')
            .filter(|s| !s.is_empty() && !s.starts_with("$__serde_spanned"))
            .map(str::to_string)
            .collect();
        let inner = e.into_inner();
        let message = first_line(inner.message());
        if let Some(field) = message.strip_prefix("missing field `").and_then(|m| m.strip_suffix('`')) {
            key.push(field.to_string());
        }
        r.at(inner.span().map_or(0, |s| s.start), key.join("."), message)
    })?;
    compile(raw, module_tables, &r, modules)
}

/// The top-level string `key` of a ruleset, as the file or the nearest base setting it
/// has it, untrimmed; `None` if no file of the chain sets it to a string. Nothing is compiled,
/// so this is cheap (e.g. a description for a listing).
pub fn inherited_string(text: &str, file: &str, key: &str, resolve: &dyn Resolve) -> Result<Option<String>, RulesetError> {
    Chain::load(text, file, resolve)?.first_string(key)
}

/// The first line of a parser message, without serde's names for this module's types
/// (`expected struct RawBoard` means nothing to the author of a ruleset).
fn first_line(s: &str) -> String {
    let line = s.trim().lines().next().unwrap_or("");
    match (line.find("expected struct Raw"), line.find("expected enum Raw")) {
        (Some(i), _) => format!("{}expected a table", &line[..i]),
        (_, Some(i)) => format!("{}expected one of the words the README lists for this key", &line[..i]),
        // toml's word for an enum given a number or a list.
        _ if line == "wanted string or table" => "expected one of the words the README lists for this key".to_string(),
        _ => line.to_string(),
    }
}

fn compile(
    raw: RawRuleset,
    module_tables: Option<Spanned<DeValue>>,
    r: &Reporter,
    registry: &ModuleRegistry,
) -> Result<Loaded, RulesetError> {
    let name = raw.name.get_ref().trim().to_string();
    if name.is_empty() {
        return Err(r.span(&raw.name, "name", "must not be empty"));
    }
    let board = raw.board.get_ref();
    for (n, what) in [(board.files, "files"), (board.ranks, "ranks")] {
        if !(MIN_SIDE..=MAX_SIDE).contains(&n) {
            return Err(r.span(&raw.board, format!("board.{what}"), format!("{n} {what}: a board has {MIN_SIDE} to {MAX_SIDE}")));
        }
    }
    let g = Geometry { files: board.files, ranks: board.ranks };

    let pieces_map = raw.pieces.get_ref();
    if pieces_map.is_empty() {
        return Err(r.span(&raw.pieces, "pieces", "a variant needs at least one piece"));
    }
    if pieces_map.len() > MAX_PIECE_TYPES {
        return Err(r.span(&raw.pieces, "pieces", format!("{} pieces: at most {MAX_PIECE_TYPES} (one per letter)", pieces_map.len())));
    }
    let names: Vec<&String> = pieces_map.keys().collect();
    let cx = Context { r, g, names: names.clone() };
    let type_of = |s: &Spanned<String>, key: &str| -> Result<PieceType, RulesetError> {
        names
            .iter()
            .position(|n| *n == s.get_ref())
            .map(|i| i as PieceType)
            .ok_or_else(|| r.span(s, key, format!("`{}` is not a piece of this variant (pieces: {})", s.get_ref(), join(&names))))
    };

    let mut pieces = Vec::new();
    for (pname, p) in pieces_map {
        let key = |k: &str| format!("pieces.{pname}.{k}");
        let letter = p.letter.get_ref();
        let mut chars = letter.chars();
        let c = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => return Err(r.span(&p.letter, key("letter"), format!("`{letter}` must be a single letter A-Z"))),
        };
        if let Some(other) = pieces.iter().find(|o: &&PieceDef| o.letter == c) {
            return Err(r.span(&p.letter, key("letter"), format!("letter `{c}` is already used by `{}`", other.name)));
        }
        let text = p.betza.get_ref();
        let mut directions = betza::parse(text).map_err(|e| {
            // +1 skips the opening quote of a basic string.
            r.at(p.betza.span().start + 1 + e.offset, key("betza"), format!("bad Betza \"{text}\": {e}"))
        })?;
        // An initial-only move the piece can always make anyway would be generated twice.
        let always: Vec<betza::Direction> = directions.iter().filter(|d| !d.initial_only).cloned().collect();
        directions.retain(|d| {
            !d.initial_only
                || !always.iter().any(|a| {
                    (a.dx, a.dy, a.range, &a.path) == (d.dx, d.dy, d.range, &d.path)
                        && (a.mode == betza::Mode::Both || a.mode == d.mode)
                })
        });
        let double_step_ranks = match &p.double_step_ranks {
            Some(ranks) if directions.iter().any(|d| (d.dx, d.dy) == (0, 2) && d.range == 1 && d.mode != betza::Mode::Capture) => {
                return Err(r.span(
                    ranks,
                    key("double_step_ranks"),
                    format!("the Betza \"{text}\" already steps two squares straight ahead: keep that or `double_step_ranks`, not both"),
                ));
            }
            Some(ranks) => cx.ranks(ranks, &key("double_step_ranks"))?,
            None => Vec::new(),
        };
        let promotion = p.promotion.as_ref().map(|pr| promotion::compile(pr, &p.betza, &cx, &key("promotion"))).transpose()?;
        let has_drops = raw.drops.is_some();
        let places_pieces = has_drops || raw.economy.is_some();
        let needs_drops = |what: &str, at: &Spanned<String>| -> Result<(), RulesetError> {
            if has_drops { Ok(()) } else { Err(r.span(at, key(what), "only means something in a variant with drops: add a [drops] table")) }
        };
        let to_hand = raw.drops.as_ref().map_or(true, |d| d.get_ref().captures_to_hand);
        let captured_as = match &p.captured_as {
            None if to_hand => Captured::Hand(pieces.len() as PieceType),
            None => Captured::Removed,
            Some(s) => {
                needs_drops("captured_as", s)?;
                if s.get_ref() == "none" {
                    Captured::Removed
                } else {
                    Captured::Hand(type_of(s, &key("captured_as")).map_err(|mut e| {
                        e.message = format!("`{}` is neither `none` nor a piece of this variant (pieces: {})", s.get_ref(), join(&names));
                        e
                    })?)
                }
            }
        };
        let default_ranks = raw.drops.as_ref().and_then(|d| d.get_ref().ranks.as_ref());
        let drop_ranks = match p.drop_ranks.as_ref().or(default_ranks) {
            None => None,
            Some(ranks) => {
                if !places_pieces {
                    return Err(r.span(
                        ranks,
                        key("drop_ranks"),
                        "only means something in a variant with drops or purchases: add a [drops] or [economy] table",
                    ));
                }
                Some(cx.ranks(ranks, &key("drop_ranks"))?)
            }
        };
        pieces.push(PieceDef {
            name: pname.clone(),
            letter: c,
            betza: text.clone(),
            directions,
            royal: p.royal,
            pawn: p.pawn,
            double_step_ranks,
            en_passant: p.en_passant,
            limit: p.limit,
            captured_as,
            drop_ranks,
            class: p.class,
            promotion,
        });
    }

    let castles = castling::compile(&raw.castling, g, r)?;

    let end = &raw.end;
    let repetition = end.repetition.as_ref().map_or(0, |s| *s.get_ref());
    if let Some(s) = end.repetition.as_ref().filter(|_| repetition == 1) {
        return Err(r.span(s, "end.repetition", "1-fold repetition would end every game at once; use 0 (off) or 2 or more"));
    }
    let mut resets = Vec::new();
    let mut reset_by = Vec::new();
    for s in &end.move_rule_reset {
        if let Some((event, _)) = ResetEvent::ALL.iter().find(|(_, n)| n == s.get_ref()) {
            resets.push(*event);
        } else {
            reset_by.push(type_of(s, "end.move_rule_reset").map_err(|mut e| {
                let events: Vec<&str> = ResetEvent::ALL.iter().map(|(_, n)| *n).collect();
                e.message = format!(
                    "`{}` is neither an event ({}) nor a piece of this variant (pieces: {})",
                    s.get_ref(),
                    events.join(", "),
                    join(&names)
                );
                e
            })?);
        }
    }
    let economy = raw.economy.as_ref().map(|e| economy::compile(e.get_ref(), &cx, &pieces)).transpose()?;

    let insufficient_material = match &end.insufficient_material {
        None => None,
        Some(im) => {
            let names = |v: &Vec<Spanned<String>>, k: &str| -> Result<Vec<PieceType>, RulesetError> {
                v.iter().map(|s| type_of(s, &format!("end.insufficient_material.{k}"))).collect()
            };
            Some(InsufficientMaterial { lone: names(&im.lone, "lone")?, same_color: names(&im.same_color, "same_color")? })
        }
    };

    let drops = raw.drops.as_ref().map(|d| drops::compile(d.get_ref(), &cx)).transpose()?;

    let (modules, live) = compile_modules(module_tables.as_ref(), &pieces, r, registry)?;

    let lift = raw.lift.as_ref().map(|l| lift::compile(l, raw.drops.is_some(), &cx)).transpose()?;

    let rules = Rules {
        name,
        description: raw.description.trim().to_string(),
        geometry: g,
        a1_light: matches!(raw.a1_color, Some(SquareColor::Light)),
        pieces,
        start_fen: raw.start.get_ref().trim().to_string(),
        castles,
        end: EndRules {
            checkmate: end.checkmate.into(),
            stalemate: end.stalemate.into(),
            repetition,
            move_rule: end.move_rule,
            move_rule_resets: resets,
            move_rule_reset_by: reset_by,
            insufficient_material,
            army_captured: end.army_captured.map(Verdict::from),
            army_includes_hand: end.army_includes_hand,
        },
        drops,
        modules,
        economy,
        lift,
    };
    if let Some(raw_drops) = &raw.drops {
        drops::check_demotion(&rules, raw_drops, r)?;
    }
    // The start position is checked by whoever compiles the rules (it needs the tables).
    Ok(Loaded { rules, modules: live, start: Site(r.span(&raw.start, "start", "")) })
}

/// The modules a ruleset names, as data and live.
type Modules = (Vec<ModuleSpec>, Vec<Arc<dyn RuleModule>>);

/// The `[modules.<name>]` tables: each module built by its factory from its own
/// parameters, with errors pointing inside its table.
fn compile_modules(
    tables: Option<&Spanned<DeValue>>,
    pieces: &[PieceDef],
    r: &Reporter,
    registry: &ModuleRegistry,
) -> Result<Modules, RulesetError> {
    let (mut specs, mut live) = (Vec::new(), Vec::new());
    let Some(tables) = tables else { return Ok((specs, live)) };
    let Some(table) = tables.get_ref().as_table() else {
        return Err(r.span(tables, "modules", "expected a table of `[modules.<name>]` tables"));
    };
    for (name, value) in table {
        let name = name.get_ref().to_string();
        let key = format!("modules.{name}");
        let Some(factory) = registry.get(&name) else {
            let known: Vec<&str> = registry.names().map(|(n, _)| n).collect();
            let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            return Err(r.span(value, key, format!("no rule module named `{name}` (known: {known})")));
        };
        let params = ModuleParams { value, pieces };
        let fail = |e: ParamError| {
            let at = e.at.unwrap_or(value.span().start);
            let key = if e.key.is_empty() { key.clone() } else { format!("{key}.{}", e.key) };
            r.at(at, key, e.message)
        };
        let table = params.parse::<toml::Table>().map_err(|mut e| {
            e.message = "expected a table of parameters".to_string();
            fail(e)
        })?;
        live.push(factory(&params).map_err(fail)?);
        specs.push(ModuleSpec { name, params: table });
    }
    Ok((specs, live))
}

fn join(names: &[&String]) -> String {
    names.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ")
}
