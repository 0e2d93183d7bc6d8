//! Rule modules: named, parameterised rules too odd to be ruleset options.
//!
//! A ruleset switches one on with a table `[modules.<name>]` holding its parameters.
//! The kernel knows no module by name: whoever loads a ruleset passes a
//! [`ModuleRegistry`] that builds modules from their tables (the built-in ones live in
//! the `chimera-variants` crate).
//!
//! A module can add a whole rule. It says in [`RuleModule::hooks`] which parts of a
//! game it takes part in, and the kernel consults it there and nowhere else, so a rule
//! costs nothing in a variant that does not use it:
//!
//! * **moves of its own** ([`MoveKind::Rule`]): it lists them ([`RuleModule::moves`]),
//!   plays them through an [`Editor`] ([`RuleModule::play`]; taking a move back is the
//!   kernel's business: it journals every edit), and writes and reads their notation;
//! * **an effect after every move** ([`RuleModule::after_move`]): an explosion, a counter;
//! * **legality**: a refusal of moves the kernel would allow ([`RuleModule::refuse`]),
//!   or the whole decision ([`Legality::Own`]); the refusal is a code and a square, and
//!   its sentence is written only when someone asks why ([`RuleModule::explain`]);
//! * **state of its own**: a few counters, hashed with the position and written in a FEN
//!   field of their own (`checks=1/0`);
//! * **check and the end of the game** ([`RuleModule::is_check`], [`RuleModule::outcome`]).
//!
//! Modules see the position through [`PositionView`]: pieces, bitboards (as [`Wide`],
//! whatever the board's width), attack queries, and their own state.

use std::fmt;
use std::sync::Arc;

use toml::de::{DeValue, ValueDeserializer};
use toml::Spanned;

use crate::bitboard::Wide;
use crate::moves::{Move, MoveKind};
use crate::outcome::Outcome;
use crate::refusal::{IllegalCode, MoveError};
use crate::rules::{CastleSquares, PieceDef, Rules};
use crate::types::{Color, Geometry, Piece, PieceType, Square};

/// The most state counters all the modules of one variant may keep together.
pub const MAX_STATE: usize = 8;

/// What a module may ask of a position.
pub trait PositionView {
    /// The variant's rules.
    fn rules(&self) -> &Rules;
    /// The side to move.
    fn turn(&self) -> Color;
    /// The piece on `sq`, if any.
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    /// Every square with a piece on it.
    fn occupied(&self) -> Wide;
    /// The squares of `c`'s pieces.
    fn side(&self, c: Color) -> Wide;
    /// The squares of `c`'s pieces of type `t`.
    fn pieces(&self, c: Color, t: PieceType) -> Wide;
    /// The squares of `c`'s royal pieces.
    fn royals(&self, c: Color) -> Wide;
    /// How many pieces of type `t` `c` has in hand.
    fn hand(&self, c: Color, t: PieceType) -> u8;
    /// Whether the piece on `sq` has never moved (tracked when a module asks for it,
    /// see [`Hooks::unmoved`]).
    fn is_unmoved(&self, sq: Square) -> bool;
    /// Whether a piece of `by` attacks `sq`, the board being as it is.
    fn attacked(&self, sq: Square, by: Color) -> bool;
    /// Whether a piece of `by` would attack `sq` with the piece on `lifted` taken off
    /// the board: what a piece passing through `sq` on its way from `lifted` would face
    /// (a castling king's path, where the king no longer blocks a line).
    fn attacked_without(&self, sq: Square, by: Color, lifted: Square) -> bool;
    /// Whether a piece of `by` standing on one of the squares `attackers` would attack
    /// `sq` if exactly the squares of `occ` held pieces: the attack test on the board a
    /// move leads to, judged without playing it (`occ` and `attackers` as that move
    /// leaves them; the board's walls are added).
    fn attacked_on(&self, sq: Square, by: Color, occ: Wide, attackers: Wide) -> bool;
    /// Whether the kernel knows, without a test, that the board move `m` (a plain move or
    /// a double step, not an en-passant capture or a castle) leaves no royal of the mover
    /// attacked: the piece shields no royal from a line and the move meets every check,
    /// by the move generator's analysis of this position. Cheap; known only while
    /// [`RuleModule::refuse`] judges generated moves (`false` says only "not known").
    /// A module whose moves change no more than the kernel's (no capture of its own kind)
    /// may skip its own test then.
    fn known_safe(&self, m: Move) -> bool;
    /// Whether `side` has a royal piece under attack, by the kernel's reckoning (a
    /// module's [`RuleModule::is_check`] is not consulted).
    fn royal_attacked(&self, side: Color) -> bool;
    /// Whether the side to move is in check (modules consulted).
    fn is_check(&self) -> bool;
    /// Castle `index` of the side to move in this game (a Chess960 game has its own
    /// squares): its king's and rook's squares, and the squares that must not be attacked.
    fn castle(&self, index: usize) -> Option<(CastleSquares, &[Square])>;
    /// The fullmove number (1 on the first move).
    fn fullmove_number(&self) -> u32;
    /// Counter `slot` of the asking module's own state.
    fn state(&self, slot: usize) -> u16;
    /// The piece the last move took on its way, if it was a locust move that took one
    /// (the via square's victim; [`RuleModule::after_move`]'s `captured` is the one on
    /// the landing square).
    fn taken_on_the_way(&self) -> Option<Piece>;
    /// Whether the side to move has a legal move, by the kernel's rules and the ruleset's
    /// options, the rule modules' refusals left out (asking them would have a module that
    /// judges moves by this answer ask itself again, without end). What a rule that allows
    /// a move only if it mates asks of the position [`PositionView::after`] shows
    /// (Checkless chess: `variants/src/modules/checkless.rs`). It costs a move generation.
    fn has_legal_move(&self) -> bool;
    /// Plays `m` on a scratch copy and shows the result to `look`: how a module judges
    /// a move by what it leads to. A copy costs a move's worth of time and more: a
    /// module that judges every move prefers [`PositionView::attacked_on`], and keeps
    /// this for the rare moves it does not reckon itself.
    fn after(&self, m: Move, look: &mut dyn FnMut(&dyn PositionView));
}

/// What a module may change while it plays a move or acts after one. Every change is
/// journalled, and undone with the move.
pub trait Editor: PositionView {
    /// Removes the piece on `sq`, if any. Castling rights that needed it, and its
    /// never-moved mark, go with it.
    fn remove(&mut self, sq: Square) -> Option<Piece>;
    /// Removes the piece on `sq`, if any, as if its opponent had captured it: into that
    /// side's hand where the rules put captured pieces (as its `captured_as`, demoted if
    /// it was promoted), else out of the game (Atomic crazyhouse's blast). A royal piece
    /// always leaves the game.
    fn capture(&mut self, sq: Square) -> Option<Piece>;
    /// Puts `piece` on `sq`, which must be empty.
    fn place(&mut self, sq: Square, piece: Piece);
    /// Sets counter `slot` of the module's own state.
    fn set_state(&mut self, slot: usize, value: u16);
}

/// A module's refusal of a move: a stable code, and the square it is about where there
/// is one. It is cheap to make (the move generator asks for one per move); the sentence
/// for people is written from it only when someone asks why ([`RuleModule::explain`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Refusal {
    /// Why: the code a [`MoveError`] carries.
    pub code: IllegalCode,
    /// The square the refusal names, if any (an attacked square on a castling path).
    pub square: Option<Square>,
}

impl Refusal {
    /// A refusal under `code`, naming no square.
    pub fn new(code: IllegalCode) -> Refusal {
        Refusal { code, square: None }
    }
    /// A refusal under `code` that names `square`.
    pub fn at(code: IllegalCode, square: Square) -> Refusal {
        Refusal { code, square: Some(square) }
    }
}

/// Who decides whether a move is legal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Legality {
    /// The kernel alone: no royal piece may be left attacked.
    #[default]
    Kernel,
    /// The kernel, and then the module may refuse ([`RuleModule::refuse`]).
    Filter,
    /// The module alone: the kernel offers every move as if royal pieces could be left
    /// attacked (castling through or out of an attacked square included), and keeps
    /// those the module does not refuse.
    Own,
}

/// The parts of a game a module takes part in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hooks {
    /// It offers moves of its own kind ([`RuleModule::moves`], [`RuleModule::play`]).
    pub moves: bool,
    /// It acts after every move ([`RuleModule::after_move`]).
    pub after_move: bool,
    /// Whether it refuses moves, and whether the kernel still judges them too.
    pub legality: Legality,
    /// It says whether a side is in check ([`RuleModule::is_check`]).
    pub check: bool,
    /// It can end the game ([`RuleModule::outcome`]).
    pub outcome: bool,
    /// With [`Hooks::outcome`]: the kernel asks [`RuleModule::outcome`] only where a
    /// side has at most this many pieces on the board (`None`: everywhere). A rule of
    /// the game's very end (a bare king) then costs two counts per position, not a call.
    pub outcome_at_most: Option<u32>,
    /// How many counters of its own it keeps (see [`RuleModule::fen_key`]).
    pub state: usize,
    /// The kernel must track which pieces have never moved.
    pub unmoved: bool,
}

/// A rule module, built from its parameters for one variant. Every method but
/// [`RuleModule::hooks`] has a default that does nothing; the kernel calls a method only
/// if the hooks say the module takes part there.
#[allow(unused_variables)]
pub trait RuleModule: Send + Sync + fmt::Debug {
    /// Where the module takes part.
    fn hooks(&self) -> Hooks;

    /// The moves of its own kind in `pos`, given how many ordinary legal moves there
    /// are. Each is a [`MoveKind::Rule`] move; `Move::piece` is filled in by the kernel.
    /// Unless the module has [`Legality::Own`], the kernel drops any that would leave a
    /// royal piece attacked.
    fn moves(&self, pos: &dyn PositionView, ordinary: u64, out: &mut Vec<Move>) {}
    /// Plays one of its own moves.
    fn play(&self, m: Move, edit: &mut dyn Editor) {}
    /// A word for what its own move `m` does (`gating`), for programs describing moves.
    fn kind_name(&self, m: Move) -> &'static str {
        "rule"
    }
    /// Appends the long algebraic form of its own move `m`.
    fn write_uci(&self, pos: &dyn PositionView, m: Move, out: &mut String) {}
    /// Appends the SAN of its own move `m`, without check marks.
    fn write_san(&self, pos: &dyn PositionView, m: Move, out: &mut String) {}
    /// Reads SAN written in its own notation: `None` if `text` is not in it; else the
    /// move among `legal`, or why there is none. (Long algebraic needs no reader: the
    /// kernel matches it against [`RuleModule::write_uci`].)
    fn parse_san(&self, pos: &dyn PositionView, text: &str, legal: &[Move]) -> Option<Result<Move, MoveError>> {
        None
    }

    /// Acts after any move `m` (its own included) has been played; `captured` is the
    /// piece it took, if any. The opponent of the mover is now to move.
    fn after_move(&self, m: Move, captured: Option<Piece>, edit: &mut dyn Editor) {}

    /// Why `m` is not allowed in `pos`, if it is not ([`Hooks::legality`] `Filter` or
    /// `Own`). Asked once per generated move: no text here (see [`RuleModule::explain`]).
    fn refuse(&self, pos: &dyn PositionView, m: Move) -> Option<Refusal> {
        None
    }
    /// The squares outside which [`RuleModule::refuse`] refuses no plain move
    /// ([`MoveKind::Normal`]) of `pos`, if the module can say so cheaply (`None`: it may
    /// refuse one anywhere). The kernel then counts the plain moves ending elsewhere
    /// without asking about each.
    fn refused_targets(&self, pos: &dyn PositionView) -> Option<Wide> {
        None
    }
    /// The sentence for people that says why [`RuleModule::refuse`] gave `refusal` for
    /// `m` in `pos`: written only when a move reader or a front end asks.
    fn explain(&self, pos: &dyn PositionView, m: Move, refusal: Refusal) -> String {
        format!("the move is refused ({})", refusal.code)
    }

    /// Whether `side` is in check, if the module knows better than the kernel.
    fn is_check(&self, pos: &dyn PositionView, side: Color) -> Option<bool> {
        None
    }
    /// The end of the game by this rule. A position it ends has no legal moves.
    fn outcome(&self, pos: &dyn PositionView) -> Option<Outcome> {
        None
    }

    /// The key of its FEN field (`checks` for `checks=1/0`), if it keeps state.
    fn fen_key(&self) -> Option<&'static str> {
        None
    }
    /// Appends the value of its FEN field.
    fn write_state(&self, state: &[u16], out: &mut String) {}
    /// Reads the value of its FEN field into `state`, or says what is wrong with it.
    fn read_state(&self, text: &str, state: &mut [u16]) -> Result<(), String> {
        Ok(())
    }
    /// Reads its state from a FEN field written in another program's form (Fairy-Stockfish's
    /// remaining checks `3+3`, Lichess's `+0+1`): `None` if the field is not its own.
    fn read_foreign_field(&self, field: &str, state: &mut [u16]) -> Option<Result<(), String>> {
        None
    }
    /// Its state in a position set up from a FEN without its field.
    fn initial_state(&self, state: &mut [u16]) {}
}

/// A module's parameters and where they are written, for its factory to read.
pub struct ModuleParams<'a> {
    pub(crate) value: &'a Spanned<DeValue<'a>>,
    pub(crate) pieces: &'a [PieceDef],
    pub(crate) board: Geometry,
}

impl ModuleParams<'_> {
    /// The parameters as the module's own type (`#[serde(deny_unknown_fields)]` is
    /// advised), or which parameter is wrong, where, and why.
    pub fn parse<T: serde::de::DeserializeOwned>(&self) -> Result<T, ParamError> {
        let de = ValueDeserializer::from(self.value.clone());
        serde_path_to_error::deserialize(de).map_err(|e| {
            let key = e.path().to_string();
            let inner = e.into_inner();
            let message = inner.message().lines().next().unwrap_or("").trim().to_string();
            ParamError { key: if key == "." { String::new() } else { key }, message, at: inner.span().map(|s| s.start) }
        })
    }
    /// The variant's pieces, a piece's index being its [`PieceType`]: for parameters
    /// that name pieces, checked when the ruleset loads rather than in play.
    pub fn pieces(&self) -> &[PieceDef] {
        self.pieces
    }
    /// The variant's board: for a module that builds tables by square once, at load.
    pub fn board(&self) -> Geometry {
        self.board
    }
    /// The type of the piece the ruleset calls `name`, or an error for parameter `key`
    /// that lists the variant's pieces.
    pub fn piece_type(&self, key: &str, name: &str) -> Result<PieceType, ParamError> {
        match self.pieces.iter().position(|p| p.name == name) {
            Some(i) => Ok(PieceType::new(i as u8)),
            None => {
                let names: Vec<&str> = self.pieces.iter().map(|p| p.name.as_str()).collect();
                Err(ParamError::new(key, format!("`{name}` is not a piece of this variant (pieces: {})", names.join(", "))))
            }
        }
    }
}

/// What is wrong with a module's parameters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParamError {
    /// The parameter's key inside the module's table (empty for the table as a whole).
    pub key: String,
    /// Why it is wrong.
    pub message: String,
    /// Where in the ruleset (the table's own place if unknown).
    pub(crate) at: Option<usize>,
}

impl ParamError {
    /// An error about parameter `key` (empty: the table as a whole).
    pub fn new(key: impl Into<String>, message: impl Into<String>) -> ParamError {
        ParamError { key: key.into(), message: message.into(), at: None }
    }
}

impl From<String> for ParamError {
    fn from(message: String) -> ParamError {
        ParamError::new("", message)
    }
}

/// Builds a module from its parameters, or says what is wrong with them.
pub type ModuleFactory = fn(&ModuleParams) -> Result<Arc<dyn RuleModule>, ParamError>;

/// The modules a loader knows, by name.
#[derive(Clone, Default)]
pub struct ModuleRegistry {
    entries: Vec<(&'static str, &'static str, ModuleFactory)>,
}

impl ModuleRegistry {
    /// No modules.
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a module: its name, a one-line description, and its factory.
    pub fn with(mut self, name: &'static str, description: &'static str, factory: ModuleFactory) -> Self {
        self.entries.push((name, description, factory));
        self
    }
    /// The factory of the module called `name`.
    pub fn get(&self, name: &str) -> Option<ModuleFactory> {
        self.entries.iter().find(|e| e.0 == name).map(|e| e.2)
    }
    /// (name, description) of every module.
    pub fn names(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.entries.iter().map(|e| (e.0, e.1))
    }
}

/// The live modules of a compiled variant, with the hooks they take part in indexed
/// so that the kernel asks only those that care.
#[derive(Clone, Debug, Default)]
pub(crate) struct ModuleSet {
    pub all: Vec<Arc<dyn RuleModule>>,
    pub hooks: Vec<Hooks>,
    /// Per module: the index of its first counter in the position's state.
    pub state_base: Vec<usize>,
    pub with_moves: Vec<usize>,
    pub with_after_move: Vec<usize>,
    pub with_refusals: Vec<usize>,
    pub with_check: Vec<usize>,
    pub with_outcome: Vec<usize>,
    /// Some module decides legality alone: the kernel's royal safety is off.
    pub own_legality: bool,
    pub tracks_unmoved: bool,
}

impl ModuleSet {
    /// Indexes `modules`; fails if they keep more state than a position holds.
    pub fn new(modules: Vec<Arc<dyn RuleModule>>) -> Result<ModuleSet, String> {
        let mut set = ModuleSet::default();
        let mut state = 0;
        for (i, m) in modules.iter().enumerate() {
            let h = m.hooks();
            set.state_base.push(state);
            state += h.state;
            let add = |on: bool, list: &mut Vec<usize>| {
                if on {
                    list.push(i)
                }
            };
            add(h.moves, &mut set.with_moves);
            add(h.after_move, &mut set.with_after_move);
            add(h.legality != Legality::Kernel, &mut set.with_refusals);
            add(h.check, &mut set.with_check);
            add(h.outcome, &mut set.with_outcome);
            set.own_legality |= h.legality == Legality::Own;
            set.tracks_unmoved |= h.unmoved;
            set.hooks.push(h);
        }
        if state > MAX_STATE {
            return Err(format!("the rule modules keep {state} counters together; a position holds {MAX_STATE}"));
        }
        if modules.len() > u8::MAX as usize {
            return Err("too many rule modules".to_string());
        }
        set.all = modules;
        Ok(set)
    }
    /// The module that owns a [`MoveKind::Rule`] move.
    pub fn owner(&self, m: Move) -> &dyn RuleModule {
        debug_assert_eq!(m.kind, MoveKind::Rule);
        &*self.all[m.piece.index()]
    }
}
