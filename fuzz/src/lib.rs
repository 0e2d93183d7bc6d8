//! What the fuzz targets share: the built-in variants, compiled once, and how an input
//! names one of them.

use std::sync::OnceLock;

use chimera::variants::BUILTINS;
use chimera::Variant;

/// Every built-in, compiled.
pub fn builtins() -> &'static [Variant] {
    static ALL: OnceLock<Vec<Variant>> = OnceLock::new();
    ALL.get_or_init(|| BUILTINS.iter().map(|b| b.variant().expect("a built-in loads")).collect())
}

/// Splits an input `"<variant id>\n<text>"`: the built-in it names (a first line that
/// names none picks one by its length, so that mutations still reach every variant) and
/// the rest.
pub fn variant_and_text(data: &[u8]) -> Option<(&'static Variant, &str)> {
    let text = std::str::from_utf8(data).ok()?;
    let (id, rest) = text.split_once('\n').unwrap_or(("", text));
    let all = builtins();
    let variant = all.iter().find(|v| v.name() == id).unwrap_or(&all[id.len() % all.len()]);
    Some((variant, rest))
}
