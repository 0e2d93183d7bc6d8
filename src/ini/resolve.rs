//! Inheritance: `[name:parent]` takes the parent's options and lays its own over them.
//! A parent is an earlier section of the same file or one of Fairy-Stockfish's built-in
//! variants modelled in `builtins.ini`; any other parent is refused by name.

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

/// The chain of section `index` of `file`, or the name of the parent that is neither an
/// earlier section nor a modelled built-in.
pub fn chain<'a>(file: &'a IniFile, index: usize, builtins: &'a IniFile) -> Result<Chain<'a>, String> {
    let mut layers = vec![Layer { section: &file.sections[index], origin: Origin::File }];
    let mut parent = file.sections[index].parent.clone();
    let mut end = index;
    while let Some(name) = parent {
        if let Some(i) = file.sections[..end].iter().rposition(|s| s.name == name) {
            layers.push(Layer { section: &file.sections[i], origin: Origin::File });
            parent = file.sections[i].parent.clone();
            end = i;
        } else if let Some(b) = builtins.sections.iter().find(|s| s.name == name) {
            let mut next = Some(b);
            while let Some(s) = next {
                layers.push(Layer { section: s, origin: Origin::Builtin });
                next = s.parent.as_ref().and_then(|p| builtins.sections.iter().find(|b| &b.name == p));
            }
            layers.reverse();
            return Ok(Chain { fairy_root: false, layers });
        } else {
            return Err(name);
        }
    }
    layers.reverse();
    Ok(Chain { fairy_root: true, layers })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chains_reach_builtins_and_earlier_sections() {
        let file = parse("[a:crazyhouse]\nx = 1\n[b:a]\ny = 2\n[c]\n[d:xiangqi]\n");
        let b = builtins();
        let c = chain(&file, 1, &b).unwrap();
        let names: Vec<_> = c.layers.iter().map(|l| l.section.name.as_str()).collect();
        assert_eq!(names, ["chess", "crazyhouse", "a", "b"]);
        assert!(!c.fairy_root);
        assert!(chain(&file, 2, &b).unwrap().fairy_root);
        assert_eq!(chain(&file, 3, &b).unwrap_err(), "xiangqi");
    }
}
