//! `chimera import-ini`: Fairy-Stockfish variant definitions (`variants.ini`) converted into
//! Chimera rulesets. A section converts only when every option it sets, inherited ones
//! included, has an exact Chimera equivalent; otherwise it is refused with the section,
//! line and option responsible and the reason — never approximated.
//!
//! The steps: [`parse`] reads the file into sections with line numbers; [`resolve`] builds
//! each section's chain of ancestors (earlier sections, or Fairy-Stockfish's built-ins
//! modelled in `builtins.ini`); [`fsf`] applies the chain as Fairy-Stockfish's option
//! parser does; [`convert`] writes the ruleset (with [`betza`] for the movements); and the
//! result must compile with Chimera's own loader before it is returned.

pub mod betza;
mod cambodian;
mod connect;
mod conv;
pub mod convert;
mod drops;
mod ends;
pub mod export;
pub mod fsf;
mod gating;
mod janggi;
mod mobility;
pub mod parse;
mod pawns;
mod promote;
pub mod resolve;
mod xiangqi;

use std::collections::HashMap;
use std::fmt;

/// Why a section was not converted: where (the section and line of the option, 0 when the
/// option was left at Fairy-Stockfish's default) and which option, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub section: String,
    pub line: usize,
    pub option: String,
    pub reason: String,
}

impl Refusal {
    pub fn new(section: &str, line: usize, option: &str, reason: impl Into<String>) -> Refusal {
        Refusal { section: section.to_string(), line, option: option.to_string(), reason: reason.into() }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "[{}] {}: {}", self.section, self.option, self.reason)
        } else {
            write!(f, "[{}] line {}: {}: {}", self.section, self.line, self.option, self.reason)
        }
    }
}

/// One section's outcome.
#[derive(Clone, Debug)]
pub struct Imported {
    /// The section's (the variant's) name.
    pub name: String,
    /// Line of the section's header.
    pub line: usize,
    /// The ruleset's TOML text, or why there is none.
    pub result: Result<String, Refusal>,
    /// The section's `startFen` as written (its own or inherited; `None` where no section
    /// of its chain sets one): pyffish gives this text, which may carry what Chimera's
    /// start FEN drops (Jieqi's `~` marks).
    pub start_fen: Option<String>,
}

/// Every section of a variants file, converted or refused, in file order; and the lines
/// of the file that are not part of any section's options (as refusals of the file).
///
/// Each section's model is built once, as its parent's model with its own options laid
/// over: the time is linear in the file, however long its chains of parents.
pub fn import(text: &str) -> (Vec<Imported>, Vec<parse::LineError>) {
    let file = parse::parse(text);
    let builtins = resolve::builtins();
    let mut models: Vec<Result<fsf::Fsf, Refusal>> = Vec::with_capacity(file.sections.len());
    // The latest section of each name so far: a parent is an earlier section.
    let mut latest: HashMap<&str, usize> = HashMap::new();
    let mut out = Vec::with_capacity(file.sections.len());
    for section in &file.sections {
        let model = match &section.parent {
            Some(parent) => match latest.get(parent.as_str()) {
                Some(&j) => match &models[j] {
                    Ok(m) => m.clone().extend(section),
                    // A chain that reaches no known root is refused at each section of it.
                    Err(r) if r.option == "parent" => Err(Refusal::new(&section.name, section.line, "parent", r.reason.clone())),
                    Err(r) => Err(r.clone()),
                },
                None => match resolve::builtin_chain(parent, section, &builtins) {
                    Some(chain) => fsf::Fsf::build(&chain),
                    None => Err(Refusal::new(
                        &section.name,
                        section.line,
                        "parent",
                        format!("`{parent}` is neither an earlier section nor a built-in variant the importer models"),
                    )),
                },
            },
            None => fsf::Fsf::build(&resolve::Chain {
                fairy_root: true,
                layers: vec![resolve::Layer { section, origin: resolve::Origin::File }],
            }),
        };
        let result = match id_error(&section.name) {
            Some(why) => Err(Refusal::new(&section.name, section.line, "name", why)),
            None => model.clone().and_then(|m| write_section(section, &m)),
        };
        let start_fen = model.as_ref().ok().and_then(|m| m.value("startFen")).map(|(v, _)| v.clone());
        out.push(Imported { name: section.name.clone(), line: section.line, result, start_fen });
        models.push(model);
        latest.insert(&section.name, models.len() - 1);
    }
    (out, file.errors)
}

/// Why a section's name cannot be a ruleset's id (and its file's name): ids are made of
/// `a`–`z`, `0`–`9` and `-`, so that no name can be a path.
pub fn id_error(name: &str) -> Option<String> {
    let shown: String = name.chars().flat_map(char::escape_debug).take(80).collect();
    if name.is_empty() || name.len() > 64 {
        return Some(format!("`{shown}` is not an id: 1 to 64 characters"));
    }
    if !name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-') || name.starts_with('-') {
        return Some(format!("`{shown}` is not an id: only `a`-`z`, `0`-`9` and `-` (not first)"));
    }
    None
}

fn write_section(section: &parse::Section, model: &fsf::Fsf) -> Result<String, Refusal> {
    let doc = convert::convert(model)?;
    let text = header(section) + &toml::to_string(&doc).map_err(|e| Refusal::new(&section.name, section.line, "output", e.to_string()))?;
    // The converter's own check: Chimera must accept what it wrote.
    crate::variants::from_toml(&text, &format!("{}.toml", section.name))
        .map_err(|e| Refusal::new(&section.name, section.line, "ruleset", format!("Chimera rejects the converted ruleset: {e}")))?;
    Ok(text)
}

fn header(section: &parse::Section) -> String {
    let parent = section.parent.as_ref().map(|p| format!(" (inherits `{p}`)")).unwrap_or_default();
    format!("# Imported by `chimera import-ini` from the Fairy-Stockfish section [{}]{parent}, line {}.\n", section.name, section.line)
}
