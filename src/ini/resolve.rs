//! Inheritance: `[name:parent]` takes the parent's options and lays its own over them.
//! A parent is an earlier section of the same file or one of Fairy-Stockfish's built-in
//! variants modelled in `builtins.ini`; any other parent is refused by name.
//! A chain through earlier sections is built incrementally by `super::import`.

use super::parse::{parse, IniFile, Section};

/// Where a layer of options was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Origin {
    /// The file being imported.
    File,
    /// `builtins.ini`: a built-in variant of Fairy-Stockfish.
    Builtin,
}

/// One section's own options, with where they come from.
#[derive(Clone, Copy, Debug)]
pub struct Layer<'a> {
    pub section: &'a Section,
    pub origin: Origin,
}

/// A section's options as Fairy-Stockfish builds them: the defaults (with or without the
/// chess pieces), then each layer from the oldest ancestor to the section itself.
#[derive(Clone, Debug)]
pub struct Chain<'a> {
    /// No built-in ancestor: the defaults without any piece ("fairy" template).
    pub fairy_root: bool,
    pub layers: Vec<Layer<'a>>,
}

/// Fairy-Stockfish's built-in parents, as option sets.
pub fn builtins() -> IniFile {
    let file = parse(include_str!("builtins.ini"));
    debug_assert!(file.errors.is_empty(), "builtins.ini: {:?}", file.errors);
    file
}

/// The chain of a section whose parent is Fairy-Stockfish's built-in `parent` (with that
/// built-in's own ancestors), or `None` if the importer models no such built-in. A parent
/// that is an earlier section of the file is the importer's business (`super::import`).
pub fn builtin_chain<'a>(parent: &str, section: &'a Section, builtins: &'a IniFile) -> Option<Chain<'a>> {
    let find = |name: &str| builtins.sections.iter().find(|s| s.name == name);
    let mut layers = vec![Layer { section, origin: Origin::File }];
    let mut next = Some(find(parent)?);
    // builtins.ini is ours and acyclic; the bound keeps a mistake in it from looping.
    while let Some(s) = next.filter(|_| layers.len() <= builtins.sections.len()) {
        layers.push(Layer { section: s, origin: Origin::Builtin });
        next = s.parent.as_deref().and_then(find);
    }
    layers.reverse();
    Some(Chain { fairy_root: false, layers })
}
