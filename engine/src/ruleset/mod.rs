//! The TOML ruleset format: its schema, and its compilation into [`Rules`].
//!
//! Every error names the file, line, column and key, e.g.
//! `my.toml:12:9: pieces.knight.betza: bad Betza "Nx": …`.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::de::{DeTable, DeValue};
use toml::Spanned;

use std::sync::Arc;

use crate::module::{ModuleParams, ModuleRegistry, ParamError, RuleModule};
use crate::notation::names::Notation;
use crate::rules::{ModuleSpec, PieceDef, Rules};
use crate::types::{Geometry, MAX_PIECE_TYPES, MAX_SIDE, MIN_SIDE};

pub(crate) mod context;
pub(crate) mod error;
mod lint;
pub(crate) mod pieces;
mod size;
pub(crate) mod source;
pub mod suggest;

pub use error::RulesetError;
pub use size::TableSize;

use crate::features::castling::{self, RawCastle};
use crate::features::drops::{self, RawDrops};
use crate::features::economy::{self, RawEconomy};
use crate::features::end::{self, RawEnd};
use crate::features::gating::{self, RawGating};
use crate::features::lift::{self, RawLift};
use crate::features::turns;
use context::Context;
use pieces::RawPiece;

use source::Chain;
pub(crate) use source::Reporter;
pub use source::{read_regular_file, read_ruleset_file, relative_to, RelativePaths, Resolve, Source, MAX_DEPTH, MAX_RULESET_BYTES};

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
    gating: Option<Spanned<RawGating>>,
    #[serde(default)]
    must_capture: bool,
    #[serde(default = "yes")]
    checks_allowed: bool,
    #[serde(default = "yes")]
    royal_flees_check: bool,
    #[serde(default)]
    flying_royals: bool,
    #[serde(default)]
    unmoved_in_castling_field: bool,
    #[serde(default)]
    castling_rights_on_arrival: Vec<Spanned<String>>,
    opposite_castling: Option<Spanned<bool>>,
    #[serde(default)]
    duple_check: bool,
    #[serde(default = "yes")]
    immobile_moves: bool,
    pass: Option<Spanned<crate::features::pass::RawPass>>,
    /// The notation of the variant's moves by default (`"shogi-hodges-number"`).
    notation: Option<Spanned<String>>,
    /// `"none"`: no piece is royal, on purpose; `"white-only"`, `"black-only"`: one side's
    /// army has none.
    royal: Option<lint::RoyalKey>,
    /// How a turn is made of parts (`features/turns.rs`).
    turn: Option<Spanned<turns::RawTurn>>,
    /// What an arriving piece turns to the mover's side (`features/flips.rs`).
    flips: Option<crate::features::flips::RawFlips>,
    /// Every position is read and written as Chess960's (Fischer random chess).
    #[serde(default)]
    chess960: bool,
    /// Circe: captured pieces reborn (`features/circe.rs`).
    #[serde(default)]
    circe: bool,
    /// Andernach: capturers change sides (`features/andernach.rs`).
    #[serde(default)]
    andernach: bool,
    /// Madrasi: like pieces attacking each other paralysed (`features/madrasi.rs`).
    #[serde(default)]
    madrasi: bool,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    files: u8,
    ranks: u8,
    /// `"files"`: the a-file and the last file are adjacent (a cylinder board).
    #[serde(default)]
    wrap: RawWrap,
    /// Boards of `files` by `ranks`, side by side (Alice chess: 2).
    #[serde(default = "one")]
    boards: u8,
    /// `"next-board"`: a moved piece passes to the same square of the next board
    /// (`features/transfer.rs`).
    #[serde(default)]
    transfer: RawTransfer,
    /// `"per-board"`: SAN names each board's squares by its own files
    /// (`notation/boards.rs`).
    #[serde(default)]
    names: RawNames,
}

/// How SAN names the squares of boards side by side ([`Rules::per_board_names`]).
#[derive(Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum RawNames {
    #[default]
    Whole,
    PerBoard,
}

fn one() -> u8 {
    1
}

/// Where a moved piece goes once it has moved ([`Rules::transfer`]).
#[derive(Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum RawTransfer {
    #[default]
    None,
    NextBoard,
}

/// Which edges of the board are joined ([`Geometry::wrap_files`]).
#[derive(Deserialize, Clone, Copy, Default, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum RawWrap {
    #[default]
    None,
    Files,
}

#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum SquareColor {
    Light,
    Dark,
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
    // The whole-ruleset checks point into the document after it is deserialized.
    let doc = merged.get_ref().clone();
    let de = toml::de::Deserializer::from(merged);
    let raw: RawRuleset = serde_path_to_error::deserialize(de).map_err(|e| {
        // serde_spanned wraps values in a private field; it is no part of the user's key.
        let mut key: Vec<String> =
            e.path().to_string().split('.').filter(|s| !s.is_empty() && !s.starts_with("$__serde_spanned")).map(str::to_string).collect();
        let inner = e.into_inner();
        let message = suggest::first_line(inner.message());
        if let Some(field) = message.strip_prefix("missing field `").and_then(|m| m.strip_suffix('`')) {
            key.push(field.to_string());
        }
        r.at(inner.span().map_or(0, |s| s.start), key.join("."), message)
    })?;
    compile(raw, module_tables, &r, modules, &doc)
}

/// The top-level string `key` of a ruleset, as the file or the nearest base setting it
/// has it, untrimmed; `None` if no file of the chain sets it to a string. Nothing is compiled,
/// so this is cheap (e.g. a description for a listing).
pub fn inherited_string(text: &str, file: &str, key: &str, resolve: &dyn Resolve) -> Result<Option<String>, RulesetError> {
    Chain::load(text, file, resolve)?.first_string(key)
}

/// The boolean at the dotted `path` of a ruleset (`drops.two_boards`), as the file or the
/// nearest base setting it has it; `None` if no file sets it. Nothing is compiled.
pub fn inherited_bool(text: &str, file: &str, path: &str, resolve: &dyn Resolve) -> Result<Option<bool>, RulesetError> {
    Chain::load(text, file, resolve)?.first_at(path, |v| v.as_bool())
}

fn compile(
    raw: RawRuleset,
    module_tables: Option<Spanned<DeValue>>,
    r: &Reporter,
    registry: &ModuleRegistry,
    doc: &DeTable,
) -> Result<Loaded, RulesetError> {
    let royal = raw.royal;
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
    let width = board.files as usize * board.boards as usize;
    if board.boards == 0 || width > MAX_SIDE as usize {
        let most = MAX_SIDE / board.files;
        return Err(r.span(
            &raw.board,
            "board.boards",
            format!("{} boards of {} files: from 1 to {most} side by side ({MAX_SIDE} files in all)", board.boards, board.files),
        ));
    }
    if board.names == RawNames::PerBoard && board.boards < 2 {
        return Err(r.span(&raw.board, "board.names", "`per-board` needs `boards` of 2 or more: it names each board's squares"));
    }
    if board.transfer == RawTransfer::NextBoard && board.boards < 2 {
        return Err(r.span(&raw.board, "board.transfer", "`next-board` needs `boards` of 2 or more: a piece passes to the next board"));
    }
    let g = Geometry { files: width as u8, ranks: board.ranks, wrap_files: board.wrap == RawWrap::Files, boards: board.boards };

    let pieces_map = raw.pieces.get_ref();
    if pieces_map.is_empty() {
        return Err(r.span(&raw.pieces, "pieces", "a variant needs at least one piece"));
    }
    if pieces_map.len() > MAX_PIECE_TYPES {
        return Err(r.span(
            &raw.pieces,
            "pieces",
            format!(
                "{} pieces: at most {MAX_PIECE_TYPES} (26 with letters, the rest promoted faces written `+` and a letter)",
                pieces_map.len()
            ),
        ));
    }
    let names: Vec<&String> = pieces_map.keys().collect();
    let walls = crate::fen::wall_squares(g, raw.start.get_ref());
    let cx = Context { r, g, names: names.clone(), walls: walls.clone() };

    let drops = raw.drops.as_ref().map(|d| d.get_ref());
    let section = pieces::Sections { drops, economy: raw.economy.is_some() };
    let mut pieces = Vec::new();
    for (name, p) in pieces_map {
        let def = pieces::compile(name, p, &pieces, section, &cx)?;
        pieces.push(def);
    }
    pieces::check_faces(pieces_map, &pieces, &cx)?;
    pieces::check_hop_barred(pieces_map, &pieces, &cx)?;

    let castles = castling::compile(&raw.castling, g, &cx.walls, r)?;
    let castling_rights_on_arrival = castling::compile_arrivals(&raw.castling_rights_on_arrival, &castles, &cx)?;
    let opposite_castling = castling::compile_opposite(raw.opposite_castling.as_ref(), &castles, &cx)?;

    let mut end = end::compile(&raw.end, &cx, &pieces)?;
    end.castling_wins = castling::compile_wins(&raw.end.castling_wins, &castles, &cx)?;
    let economy = raw.economy.as_ref().map(|e| economy::compile(e.get_ref(), &cx, &pieces)).transpose()?;

    let drops = raw.drops.as_ref().map(|d| drops::compile(d.get_ref(), &cx)).transpose()?;

    let (modules, live) = compile_modules(module_tables.as_ref(), &pieces, g, r, registry)?;

    let lift = raw.lift.as_ref().map(|l| lift::compile(l, raw.drops.is_some(), &cx)).transpose()?;
    let gating = raw.gating.as_ref().map(|l| gating::compile(l, raw.drops.is_some(), &cx)).transpose()?;

    let notation = match &raw.notation {
        None => Notation::San,
        Some(n) => Notation::from_name(n.get_ref()).ok_or_else(|| {
            r.span(
                n,
                "notation",
                format!(
                    "`{}` is no notation; known: {}{}",
                    n.get_ref(),
                    Notation::names(),
                    suggest::did_you_mean(n.get_ref(), Notation::ALL.map(Notation::name))
                ),
            )
        })?,
    };
    let mut rules = Rules {
        name,
        description: raw.description.trim().to_string(),
        geometry: g,
        a1_light: matches!(raw.a1_color, Some(SquareColor::Light)),
        pieces,
        start_fen: raw.start.get_ref().trim().to_string(),
        walls,
        castles,
        end,
        drops,
        modules,
        economy,
        lift,
        gating,
        must_capture: raw.must_capture,
        checks_allowed: raw.checks_allowed,
        royal_flees_check: raw.royal_flees_check,
        unguarded_side: royal.and_then(lint::RoyalKey::unguarded_side),
        flying_royals: raw.flying_royals,
        unmoved_in_castling_field: raw.unmoved_in_castling_field,
        castling_rights_on_arrival,
        opposite_castling,
        duple_check: raw.duple_check,
        immobile_moves: raw.immobile_moves,
        notation,
        pass: crate::features::pass::compile(raw.pass.as_ref(), &cx)?,
        turn: turns::compile(raw.turn.as_ref(), &cx)?,
        flips: raw.flips.map(Into::into),
        chess960: raw.chess960,
        circe: None,
        andernach: raw.andernach,
        madrasi: raw.madrasi,
        transfer: board.transfer == RawTransfer::NextBoard,
        per_board_names: board.names == RawNames::PerBoard,
    };
    if raw.circe {
        // The rebirth squares come from the start position's pieces (its game array).
        rules.circe = Some(crate::features::circe::compile(&rules, &crate::fen::start_pieces(&rules)));
    }
    if let Some(raw_drops) = &raw.drops {
        drops::check_demotion(&rules, raw_drops, r)?;
    }
    lint::check(doc, royal, &rules, r)?;
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
    board: Geometry,
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
            let guess = suggest::closest(&name, known.iter().copied()).map(|k| format!(": did you mean `{k}`?")).unwrap_or_default();
            let known = if known.is_empty() { "none".to_string() } else { known.join(", ") };
            return Err(r.span(value, key, format!("no rule module named `{name}` (known: {known}){guess}")));
        };
        let params = ModuleParams { value, pieces, board };
        let fail = |e: ParamError| {
            let at = e.at.unwrap_or(value.span().start);
            let key = if e.key.is_empty() { key.clone() } else { format!("{key}.{}", e.key) };
            r.at(at, key, suggest::with_suggestion(&e.message))
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
