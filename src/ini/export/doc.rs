//! A ruleset's document as the exporter reads it: its `extends` chain resolved into one
//! TOML table, as Chimera's loader resolves it, from the embedded built-ins or from files.

use toml::{Table, Value};

/// A ruleset's document with its `extends` resolved as Chimera's loader resolves it:
/// tables merge key by key, any other value replaces the inherited one, and so does an
/// empty table; the string `"none"` removes an inherited table. `read` gives the text of a
/// base by the name `extends` gives and the name of the file that names it (its own name,
/// to resolve the next).
pub fn merged(text: &str, file: &str, read: &dyn Fn(&str, &str) -> Result<(String, String), String>) -> Result<Table, String> {
    let mut chain = vec![parse_doc(text, file)?];
    let mut from = file.to_string();
    while let Some(base) = chain.last().and_then(|d| d.get("extends")).and_then(Value::as_str).map(str::to_string) {
        if chain.len() > 8 {
            return Err(format!("{file}: more than 8 levels of `extends`"));
        }
        let (text, name) = read(&base, &from)?;
        chain.push(parse_doc(&text, &name)?);
        from = name;
    }
    let mut doc = chain.pop().expect("one document at least");
    while let Some(over) = chain.pop() {
        merge(&mut doc, over);
    }
    doc.remove("extends");
    Ok(doc)
}

fn parse_doc(text: &str, file: &str) -> Result<Table, String> {
    text.parse::<Table>().map_err(|e| format!("{file}: {e}"))
}

fn merge(base: &mut Table, over: Table) {
    for (k, v) in over {
        match (base.get_mut(&k), v) {
            (Some(Value::Table(_)), Value::String(s)) if s == "none" => {
                base.remove(&k);
            }
            (Some(Value::Table(b)), Value::Table(o)) if !o.is_empty() => merge(b, o),
            (_, v) => {
                base.insert(k, v);
            }
        }
    }
}

/// The built-in ruleset `id`'s document, `extends` resolved among the embedded files.
pub fn builtin_doc(id: &str) -> Result<Table, String> {
    let b = crate::variants::builtin(id).ok_or_else(|| format!("no built-in `{id}`"))?;
    merged(b.toml, &b.file(), &embedded)
}

/// Reads a base for [`merged`] among the embedded files: a built-in by id, else an
/// embedded base by its name relative to `from`.
pub fn embedded(name: &str, from: &str) -> Result<(String, String), String> {
    if let Some(b) = crate::variants::builtin(name) {
        return Ok((b.toml.to_string(), b.file()));
    }
    let file = crate::ruleset::relative_to(from, name);
    crate::variants::BASES
        .iter()
        .find(|(f, _)| *f == file)
        .map(|(f, t)| (t.to_string(), f.to_string()))
        .ok_or_else(|| format!("`{name}` is neither a built-in nor an embedded base"))
}

/// A ruleset file's document, `extends` resolved: built-ins by id, else files relative
/// to the file naming them.
pub fn file_doc(path: &str) -> Result<Table, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    merged(&text, path, &|name, from| {
        if crate::variants::builtin(name).is_some() {
            return embedded(name, from);
        }
        let file = crate::ruleset::relative_to(from, name);
        let text = std::fs::read_to_string(&file).map_err(|e| format!("cannot read {file}: {e}"))?;
        Ok((text, file))
    })
}
