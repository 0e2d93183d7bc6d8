//! The error of a ruleset that cannot be loaded: where (file, line, column, key) and why.

use std::fmt;

/// A ruleset that cannot be loaded.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct RulesetError {
    /// The file the error is in, as the loader was told to name it (a base of the
    /// ruleset, if the error is in one).
    pub file: String,
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, counted in characters.
    pub column: usize,
    /// The dotted key path, e.g. `pieces.knight.betza` (empty for syntax errors outside any key).
    pub key: String,
    /// Why, as a sentence for the author of the ruleset.
    pub message: String,
}

impl fmt::Display for RulesetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file, self.line, self.column)?;
        if !self.key.is_empty() {
            write!(f, "{}: ", self.key)?;
        }
        f.write_str(&self.message)
    }
}
