//! Ruleset documents: `extends` chains, their merge, and the spans that map an error in
//! the merged ruleset back to the file, line and column it came from.
//!
//! Each file of a chain keeps its own text. Its spans are shifted by a per-file base
//! offset, as if the files were concatenated, so one `usize` names a place in any of them
//! and the merged table can be deserialized with ordinary `Spanned` fields.

use std::ops::Range;
use std::path::Path;

use toml::de::{DeTable, DeValue};
use toml::Spanned;

use super::error::RulesetError;

/// How many bases a chain may have: enough for any family, few enough to stop a runaway.
pub const MAX_DEPTH: usize = 8;

/// The text of a ruleset file and the name errors cite it by.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// The name errors cite it by, and later `extends` are resolved from.
    pub file: String,
    /// Its TOML text.
    pub text: String,
}

/// Finds the base a ruleset `extends`.
///
/// `name` is the value of `extends`, `from` the name of the including file. The answer is
/// the base's file name (which errors cite, and which later `extends` are resolved from)
/// and its text; or why there is none, as a sentence for the author of the ruleset.
pub trait Resolve {
    /// The base called `name`, extended by the file called `from`.
    fn resolve(&self, name: &str, from: &str) -> Result<Source, String>;
}

impl<F: Fn(&str, &str) -> Result<Source, String>> Resolve for F {
    fn resolve(&self, name: &str, from: &str) -> Result<Source, String> {
        self(name, from)
    }
}

/// The default: `extends` names a file, relative to the including file's directory.
#[derive(Clone, Copy, Debug, Default)]
pub struct RelativePaths;

impl Resolve for RelativePaths {
    fn resolve(&self, name: &str, from: &str) -> Result<Source, String> {
        let file = relative_to(from, name);
        match read_ruleset_file(Path::new(&file)) {
            Ok(text) => Ok(Source { file, text }),
            Err(why) => Err(format!("cannot read `{file}`: {why}")),
        }
    }
}

/// The largest ruleset file read: far above any real ruleset (the largest built-in is a
/// few kilobytes), small enough that no file can make its reader hold much memory.
pub const MAX_RULESET_BYTES: u64 = 1 << 20;

/// Reads a ruleset file, refusing what is no regular file (a named pipe would block, a
/// device never end) or larger than [`MAX_RULESET_BYTES`], with the reason as a phrase.
pub fn read_ruleset_file(path: &Path) -> Result<String, String> {
    read_regular_file(path, MAX_RULESET_BYTES)
}

/// Reads a regular file of at most `cap` bytes as UTF-8 text; else why not, as a phrase
/// (`no such file`, `not a regular file`, `larger than 1048576 bytes`).
pub fn read_regular_file(path: &Path, cap: u64) -> Result<String, String> {
    use std::io::Read;
    let why = |e: std::io::Error| match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        std::io::ErrorKind::InvalidData => "not UTF-8 text".to_string(),
        _ => e.to_string(),
    };
    // Asked before opening: opening a named pipe waits for a writer.
    let meta = std::fs::metadata(path).map_err(why)?;
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    let file = std::fs::File::open(path).map_err(why)?;
    let meta = file.metadata().map_err(why)?;
    if !meta.is_file() {
        return Err("not a regular file".to_string());
    }
    // Refused by its size before a byte is read; `take` still bounds a file that grows.
    if meta.len() > cap {
        return Err(format!("larger than {cap} bytes"));
    }
    let mut bytes = Vec::new();
    file.take(cap + 1).read_to_end(&mut bytes).map_err(why)?;
    if bytes.len() as u64 > cap {
        return Err(format!("larger than {cap} bytes"));
    }
    String::from_utf8(bytes).map_err(|_| "not UTF-8 text".to_string())
}

/// `name` read from the directory of the file `from`, with `.` and `..` folded away so
/// that one file has one name (a cycle is found by comparing names).
pub fn relative_to(from: &str, name: &str) -> String {
    let from = from.replace('\\', "/");
    let name = name.replace('\\', "/");
    let joined = if Path::new(&name).is_absolute() {
        name
    } else {
        match from.rsplit_once('/') {
            Some((dir, _)) => format!("{dir}/{name}"),
            None => name,
        }
    };
    let absolute = joined.starts_with('/');
    let mut parts: Vec<&str> = Vec::new();
    for part in joined.split('/') {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != "..") => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    let path = parts.join("/");
    if absolute {
        format!("/{path}")
    } else {
        path
    }
}

/// One file of a chain: the top file first, then its base, that base's base, …
pub(crate) struct Document {
    pub file: String,
    pub text: String,
    /// Where this file starts in the imagined concatenation of the chain.
    pub start: usize,
}

/// A ruleset file and every base it inherits from.
pub(crate) struct Chain {
    pub docs: Vec<Document>,
}

impl Chain {
    /// Reads `text` and follows its `extends` through `resolve` to the root of the chain.
    pub fn load(text: &str, file: &str, resolve: &dyn Resolve) -> Result<Chain, RulesetError> {
        let mut chain = Chain { docs: vec![Document { file: file.to_string(), text: text.to_string(), start: 0 }] };
        while let Some(base) = chain.base_of_last(resolve)? {
            let last = chain.docs.last().expect("a chain has its top file");
            // One byte between files, so that the end of one file is not the start of the next.
            let start = last.start + last.text.len() + 1;
            chain.docs.push(Document { file: base.file, text: base.text, start });
        }
        Ok(chain)
    }

    /// The base the last file of the chain names, if it names one.
    fn base_of_last(&self, resolve: &dyn Resolve) -> Result<Option<Source>, RulesetError> {
        let r = self.reporter();
        let doc = self.docs.last().expect("a chain has its top file");
        let table = parse(doc, &r)?;
        let Some((key, value)) = table.get_ref().get_key_value("extends") else {
            return Ok(None);
        };
        let at = doc.start + value.span().start;
        let Some(name) = value.get_ref().as_str() else {
            return Err(r.at(at, "extends", "expected a string: a built-in variant's id or a path to a ruleset file"));
        };
        if self.docs.len() > MAX_DEPTH {
            return Err(r.at(doc.start + key.span().start, "extends", format!("more than {MAX_DEPTH} levels of `extends`")));
        }
        let base = resolve.resolve(name, &doc.file).map_err(|m| r.at(at, "extends", m))?;
        if let Some(i) = self.docs.iter().position(|d| d.file == base.file) {
            let names: Vec<&str> = self.docs[i..].iter().map(|d| d.file.as_str()).chain([base.file.as_str()]).collect();
            return Err(r.at(at, "extends", format!("`extends` goes round in a circle: {}", names.join(" -> "))));
        }
        Ok(Some(base))
    }

    /// Every file's table merged over its base's, with spans in the chain's offsets.
    pub fn merged(&self) -> Result<Spanned<DeTable<'_>>, RulesetError> {
        let r = self.reporter();
        let mut tables = Vec::new();
        for doc in &self.docs {
            tables.push(shift_table(parse(doc, &r)?, doc.start));
        }
        let mut merged = tables.pop().expect("a chain has its top file");
        while let Some(overlay) = tables.pop() {
            let span = overlay.span();
            let table = merge(merged.into_inner(), overlay.into_inner());
            merged = Spanned::new(span, table);
        }
        Ok(merged)
    }

    /// The string `key` of the first file of the chain that has it as a top-level string.
    pub fn first_string(&self, key: &str) -> Result<Option<String>, RulesetError> {
        self.first_at(key, |v| v.as_str().map(str::to_string))
    }

    /// The value at the dotted `path` (`drops.two_boards`) of the first file of the chain
    /// where `read` accepts it: the value a merged ruleset has there, for a scalar.
    pub fn first_at<T>(&self, path: &str, read: impl Fn(&DeValue) -> Option<T>) -> Result<Option<T>, RulesetError> {
        let r = self.reporter();
        for doc in &self.docs {
            let table = parse(doc, &r)?;
            let mut keys = path.split('.');
            let first = keys.next().and_then(|k| table.get_ref().get(k));
            let found = keys.try_fold(first, |v, k| Some(v?.get_ref().as_table()?.get(k)));
            if let Some(value) = found.flatten().and_then(|v| read(v.get_ref())) {
                return Ok(Some(value));
            }
        }
        Ok(None)
    }

    pub fn reporter(&self) -> Reporter<'_> {
        Reporter { docs: &self.docs }
    }
}

fn parse<'a>(doc: &'a Document, r: &Reporter) -> Result<Spanned<DeTable<'a>>, RulesetError> {
    DeTable::parse(&doc.text).map_err(|e| r.at(doc.start + e.span().map_or(0, |s| s.start), "", super::suggest::first_line(e.message())))
}

fn shift(span: Range<usize>, by: usize) -> Range<usize> {
    span.start + by..span.end + by
}

fn shift_table(table: Spanned<DeTable<'_>>, by: usize) -> Spanned<DeTable<'_>> {
    let span = shift(table.span(), by);
    let mut shifted = DeTable::new();
    for (key, value) in table.into_inner() {
        let key_span = shift(key.span(), by);
        shifted.insert(Spanned::new(key_span, key.into_inner()), shift_value(value, by));
    }
    Spanned::new(span, shifted)
}

fn shift_value(value: Spanned<DeValue<'_>>, by: usize) -> Spanned<DeValue<'_>> {
    let span = value.span();
    match value.into_inner() {
        DeValue::Table(t) => {
            let t = shift_table(Spanned::new(span, t), by);
            let span = t.span();
            Spanned::new(span, DeValue::Table(t.into_inner()))
        }
        DeValue::Array(mut a) => {
            for item in a.iter_mut() {
                let taken = std::mem::replace(item, Spanned::new(0..0, DeValue::Boolean(false)));
                *item = shift_value(taken, by);
            }
            Spanned::new(shift(span, by), DeValue::Array(a))
        }
        other => Spanned::new(shift(span, by), other),
    }
}

/// The merge rule: tables merge key by key, recursively, but an empty table replaces the
/// inherited one; any other value (an array too) replaces the inherited one; the string `"none"` in place of an inherited table removes
/// it. Inherited keys keep their order, new ones follow in the overlay's.
fn merge<'a>(base: DeTable<'a>, mut overlay: DeTable<'a>) -> DeTable<'a> {
    let mut merged = DeTable::new();
    for (key, old) in base {
        let Some((new_key, new)) = overlay.remove_entry(key.get_ref().as_ref()) else {
            merged.insert(key, old);
            continue;
        };
        let span = new.span();
        match (old.into_inner(), new.into_inner()) {
            (DeValue::Table(_), DeValue::String(s)) if s == "none" => {}
            // An empty table would merge into nothing changed: written, it means itself
            // (`insufficient_material = {}`: bare royals only).
            (DeValue::Table(_), DeValue::Table(new)) if new.is_empty() => {
                merged.insert(new_key, Spanned::new(span, DeValue::Table(new)));
            }
            (DeValue::Table(old), DeValue::Table(new)) => {
                let inner = merge(old, new);
                merged.insert(new_key, Spanned::new(span, DeValue::Table(inner)));
            }
            (_, new) => {
                merged.insert(new_key, Spanned::new(span, new));
            }
        }
    }
    for (key, value) in overlay {
        merged.insert(key, value);
    }
    merged
}

/// Turns chain offsets into `file:line:column` errors.
pub(crate) struct Reporter<'a> {
    docs: &'a [Document],
}

impl Reporter<'_> {
    pub fn at(&self, offset: usize, key: impl Into<String>, message: impl Into<String>) -> RulesetError {
        let doc = self.docs.iter().rev().find(|d| d.start <= offset).unwrap_or(&self.docs[0]);
        let text = doc.text.as_str();
        let offset = (offset - doc.start.min(offset)).min(text.len());
        let before = &text[..floor_char_boundary(text, offset)];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        RulesetError { file: doc.file.clone(), line, column, key: key.into(), message: message.into() }
    }
    pub fn span<T>(&self, s: &Spanned<T>, key: impl Into<String>, message: impl Into<String>) -> RulesetError {
        self.at(s.span().start, key, message)
    }
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    while i > 0 && !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}
