//! "Did you mean" for a misspelt word: the nearest of the words it could have been.

/// The one of `known` closest to `word`, if it is close enough to be a slip of the
/// keyboard (an edit or two, fewer for short words) rather than another word.
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let most = match word.chars().count() {
        0..=2 => return None,
        3..=5 => 1,
        _ => 2,
    };
    known
        .into_iter()
        .filter(|k| *k != word)
        .map(|k| (strsim::damerau_levenshtein(&word.to_lowercase(), &k.to_lowercase()), k))
        .filter(|&(d, _)| d <= most)
        .min_by_key(|&(d, _)| d)
        .map(|(_, k)| k)
}

/// `: did you mean `x`?` for the nearest of `known`, or nothing: the tail of a message.
pub fn did_you_mean<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    closest(word, known).map(|k| format!(": did you mean `{k}`?")).unwrap_or_default()
}

/// A serde message naming an unknown field or word and the expected ones
/// (``unknown variant `lose`, expected one of `win`, `loss`, `draw` ``), with the nearest
/// expected one suggested; other messages are returned as they are.
pub fn with_suggestion(message: &str) -> String {
    let Some(rest) = message.strip_prefix("unknown field `").or_else(|| message.strip_prefix("unknown variant `")) else {
        return message.to_string();
    };
    let Some((word, expected)) = rest.split_once('`') else { return message.to_string() };
    let expected: Vec<&str> = expected.split('`').skip(1).step_by(2).collect();
    match closest(word, expected) {
        Some(k) => format!("{message}: did you mean `{k}`?"),
        None => message.to_string(),
    }
}

/// The first line of a parser message, without serde's names for this module's types
/// (`expected struct RawBoard` means nothing to the author of a ruleset).
pub(crate) fn first_line(s: &str) -> String {
    let line = s.trim().lines().next().unwrap_or("");
    match (line.find("expected struct Raw"), line.find("expected enum Raw")) {
        (Some(i), _) => format!("{}expected a table", &line[..i]),
        (_, Some(i)) => format!("{}expected one of the words the README lists for this key", &line[..i]),
        // toml's word for an enum given a number or a list.
        _ if line == "wanted string or table" => "expected one of the words the README lists for this key".to_string(),
        _ => with_suggestion(line),
    }
}
