//! Fairy-Stockfish's variant file format, read with line numbers: `[name]` or
//! `[name:parent]` opens a section, `key = value` sets an option, `#` and `;` start
//! comments. Lines outside any section and lines of no known shape are kept as errors of
//! the file, so nothing is skipped silently.

/// One `key = value` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub key: String,
    pub value: String,
    /// 1-based line in the file it was read from.
    pub line: usize,
}

/// One `[name]` or `[name:parent]` section and its options, in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    pub parent: Option<String>,
    /// 1-based line of the `[…]` header.
    pub line: usize,
    pub entries: Vec<Entry>,
}

impl Section {
    /// The entry for `key`; Fairy-Stockfish keeps the last one when a key is repeated.
    pub fn get(&self, key: &str) -> Option<&Entry> {
        self.entries.iter().rev().find(|e| e.key == key)
    }
}

/// A line that is neither a header, an option, a comment nor blank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineError {
    pub line: usize,
    pub message: String,
}

/// The sections of a file, and the lines that could not be read.
#[derive(Clone, Debug, Default)]
pub struct IniFile {
    pub sections: Vec<Section>,
    pub errors: Vec<LineError>,
}

/// Reads the whole text. Values are trimmed; an inline comment after a value is part of
/// it, as in Fairy-Stockfish (only whole-line comments are comments there).
pub fn parse(text: &str) -> IniFile {
    let mut file = IniFile::default();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let s = raw.trim();
        if s.is_empty() || s.starts_with('#') || s.starts_with(';') {
            continue;
        }
        if let Some(header) = s.strip_prefix('[') {
            match header.strip_suffix(']') {
                Some(inner) => {
                    let (name, parent) = match inner.split_once(':') {
                        Some((n, p)) => (n.trim(), Some(p.trim().to_string())),
                        None => (inner.trim(), None),
                    };
                    if name.is_empty() {
                        file.errors.push(LineError { line, message: "a section header without a name".into() });
                    }
                    file.sections.push(Section { name: name.to_string(), parent, line, entries: Vec::new() });
                }
                None => file.errors.push(LineError { line, message: format!("unclosed section header `{}`", quoted(s)) }),
            }
            continue;
        }
        match (s.split_once('='), file.sections.last_mut()) {
            (Some((k, v)), Some(section)) => section.entries.push(Entry { key: k.trim().to_string(), value: v.trim().to_string(), line }),
            (Some((k, _)), None) => {
                file.errors.push(LineError { line, message: format!("option `{}` outside any section", quoted(k.trim())) })
            }
            (None, _) => file.errors.push(LineError { line, message: format!("not `key = value`: `{}`", quoted(s)) }),
        }
    }
    file
}

/// The most characters of a line an error quotes.
const QUOTED_CHARS: usize = 80;

/// A bad line as an error quotes it: its first [`QUOTED_CHARS`] characters, then how
/// many more there were (a file of one 8 MB line gets an error of one line).
fn quoted(s: &str) -> String {
    match s.char_indices().nth(QUOTED_CHARS) {
        None => s.to_string(),
        Some((cut, _)) => format!("{}… ({} more characters)", &s[..cut], s[cut..].chars().count()),
    }
}
