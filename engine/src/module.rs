//! Rule modules: named, parameterised rules too odd to be ruleset options.
//!
//! A ruleset switches one on with a table `[modules.<name>]` holding its parameters.
//! The kernel knows no module by name: whoever loads a ruleset passes a
//! [`ModuleRegistry`] that builds modules from their tables (the built-in ones live in
//! the `chimera-variants` crate). A module offers extra moves; the kernel checks each
//! (no royal left attacked), plays and undoes it, and writes it down.

use std::fmt;
use std::sync::Arc;

use crate::moves::Move;
use crate::rules::Rules;
use crate::types::{Color, Piece, Square};

/// What a module may ask of a position.
pub trait PositionView {
    fn rules(&self) -> &Rules;
    fn turn(&self) -> Color;
    fn piece_at(&self, sq: Square) -> Option<Piece>;
    /// Whether the piece on `sq` has never moved (tracked when a module asks for it).
    fn is_unmoved(&self, sq: Square) -> bool;
    /// Whether the side to move has a royal piece under attack.
    fn is_check(&self) -> bool;
}

/// A rule module.
pub trait RuleModule: Send + Sync + fmt::Debug {
    /// Whether the kernel must track which pieces have never moved.
    fn tracks_unmoved(&self) -> bool {
        false
    }
    /// The extra moves this rule offers in `pos`, given how many ordinary legal moves
    /// there are. The kernel drops any that would leave a royal piece attacked.
    fn moves(&self, pos: &dyn PositionView, ordinary: u64, out: &mut Vec<Move>);
}

/// A module as a ruleset names it.
#[derive(Clone)]
pub struct Module {
    pub name: String,
    pub params: toml::Table,
    pub rule: Arc<dyn RuleModule>,
}

impl fmt::Debug for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Module({} {:?})", self.name, self.params)
    }
}

impl PartialEq for Module {
    fn eq(&self, other: &Module) -> bool {
        self.name == other.name && self.params == other.params
    }
}

impl Eq for Module {}

/// Builds a module from its parameter table, or says what is wrong with them.
pub type ModuleFactory = fn(&toml::Table) -> Result<Arc<dyn RuleModule>, String>;

/// The modules a loader knows, by name.
#[derive(Clone, Default)]
pub struct ModuleRegistry {
    entries: Vec<(&'static str, &'static str, ModuleFactory)>,
}

impl ModuleRegistry {
    pub fn new() -> Self {
        Self::default()
    }
    /// Adds a module: its name, a one-line description, and its factory.
    pub fn with(mut self, name: &'static str, description: &'static str, factory: ModuleFactory) -> Self {
        self.entries.push((name, description, factory));
        self
    }
    pub fn get(&self, name: &str) -> Option<ModuleFactory> {
        self.entries.iter().find(|e| e.0 == name).map(|e| e.2)
    }
    /// (name, description) of every module.
    pub fn names(&self) -> impl Iterator<Item = (&'static str, &'static str)> + '_ {
        self.entries.iter().map(|e| (e.0, e.1))
    }
}
