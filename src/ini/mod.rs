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
pub mod convert;
pub mod fsf;
pub mod parse;
pub mod resolve;

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
}

/// Every section of a variants file, converted or refused, in file order; and the lines
/// of the file that are not part of any section's options (as refusals of the file).
pub fn import(text: &str) -> (Vec<Imported>, Vec<parse::LineError>) {
    let file = parse::parse(text);
    let builtins = resolve::builtins();
    let out = (0..file.sections.len())
        .map(|i| {
            let s = &file.sections[i];
            Imported { name: s.name.clone(), line: s.line, result: import_section(&file, i, &builtins) }
        })
        .collect();
    (out, file.errors)
}

fn import_section(file: &parse::IniFile, index: usize, builtins: &parse::IniFile) -> Result<String, Refusal> {
    let section = &file.sections[index];
    let chain = resolve::chain(file, index, builtins).map_err(|parent| {
        Refusal::new(&section.name, section.line, "parent", format!("`{parent}` is neither an earlier section nor a built-in variant the importer models"))
    })?;
    let model = fsf::Fsf::build(&chain)?;
    let doc = convert::convert(&model)?;
    let text = header(section) + &toml::to_string(&doc).map_err(|e| Refusal::new(&section.name, section.line, "output", e.to_string()))?;
    // The converter's own check: Chimera must accept what it wrote.
    crate::variants::from_toml(&text, &format!("{}.toml", section.name))
        .map_err(|e| Refusal::new(&section.name, section.line, "ruleset", format!("Chimera rejects the converted ruleset: {e}")))?;
    Ok(text)
}

fn header(section: &parse::Section) -> String {
    let parent = section.parent.as_ref().map(|p| format!(" (inherits `{p}`)")).unwrap_or_default();
    format!(
        "# Imported by `chimera import-ini` from the Fairy-Stockfish section [{}]{parent}, line {}.\n",
        section.name, section.line
    )
}
