//! The built-in rulesets, embedded from `rulesets/*.toml`, and the lookup that turns
//! a name or a path into a [`Variant`].

#![forbid(unsafe_code)]

use std::path::Path;

pub use chimera_engine::ruleset::MAX_RULESET_BYTES;
use chimera_engine::ruleset::{inherited_bool, inherited_string, read_ruleset_file, relative_to, RelativePaths, Resolve, Source};
use chimera_engine::{Plan, RulesetError, Variant};

pub mod modules;

/// A built-in ruleset: its id and TOML text.
#[derive(Clone, Copy, Debug)]
pub struct Builtin {
    pub id: &'static str,
    pub toml: &'static str,
}

macro_rules! builtins {
    ($($id:literal => $file:literal),* $(,)?) => {
        /// Every built-in ruleset, in the order `chimera variants` lists them.
        pub const BUILTINS: &[Builtin] = &[
            $(Builtin { id: $id, toml: include_str!(concat!("../rulesets/", $file)) }),*
        ];
    };
}

builtins! {
    "chess" => "chess.toml",
    "losalamos" => "losalamos.toml",
    "mischia" => "mischia.toml",
    "crazyhouse" => "crazyhouse.toml",
    "koedem" => "koedem.toml",
    "minishogi" => "minishogi.toml",
    "mystic" => "mystic.toml",
    "mystic-castling" => "mystic-castling.toml",
    "3check" => "3check.toml",
    "5check" => "5check.toml",
    "pocket-mutation" => "pocket-mutation.toml",
    "atomic" => "atomic.toml",
    "coregal" => "coregal.toml",
    "shatranj" => "shatranj.toml",
    "shatar" => "shatar.toml",
    "courier" => "courier.toml",
    "threekings" => "threekings.toml",
    "kinglet" => "kinglet.toml",
    "extinction" => "extinction.toml",
    "giveaway" => "giveaway.toml",
    "duck" => "duck.toml",
    "amazons" => "amazons.toml",
    "antichess" => "antichess.toml",
    "codrus" => "codrus.toml",
    "losers" => "losers.toml",
    "nocheckatomic" => "nocheckatomic.toml",
    "atomar" => "atomar.toml",
    "capablanca" => "capablanca.toml",
    "embassy" => "embassy.toml",
    "janus" => "janus.toml",
    "centaur" => "centaur.toml",
    "chancellor" => "chancellor.toml",
    "modern" => "modern.toml",
    "almost" => "almost.toml",
    "amazon" => "amazon.toml",
    "nightrider" => "nightrider.toml",
    "grasshopper" => "grasshopper.toml",
    "shako" => "shako.toml",
    "xiangqi" => "xiangqi.toml",
    "janggi" => "janggi.toml",
    "janggicasual" => "janggicasual.toml",
    "janggimodern" => "janggimodern.toml",
    "janggitraditional" => "janggitraditional.toml",
    "manchu" => "manchu.toml",
    "pawnback" => "pawnback.toml",
    "hoppelpoppel" => "hoppelpoppel.toml",
    "knightmate" => "knightmate.toml",
    "perfect" => "perfect.toml",
    "pawnsideways" => "pawnsideways.toml",
    "torpedo" => "torpedo.toml",
    "pocketknight" => "pocketknight.toml",
    "newzealand" => "newzealand.toml",
    "grand" => "grand.toml",
    "opulent" => "opulent.toml",
    "tencubed" => "tencubed.toml",
    "makruk" => "makruk.toml",
    "asean" => "asean.toml",
    "sittuyin" => "sittuyin.toml",
    "ai-wok" => "ai-wok.toml",
    "shogi" => "shogi.toml",
    "shoshogi" => "shoshogi.toml",
    "chushogi" => "chushogi.toml",
    "euroshogi" => "euroshogi.toml",
    "yarishogi" => "yarishogi.toml",
    "torishogi" => "torishogi.toml",
    "kyotoshogi" => "kyotoshogi.toml",
    "micro" => "micro.toml",
    "clobber" => "clobber.toml",
    "loop" => "loop.toml",
    "chessgi" => "chessgi.toml",
    "placement" => "placement.toml",
    "seirawan" => "seirawan.toml",
    "shouse" => "shouse.toml",
    "chigorin" => "chigorin.toml",
    "sortofalmost" => "sortofalmost.toml",
    "legan" => "legan.toml",
    "troitzky" => "troitzky.toml",
    "gustav3" => "gustav3.toml",
    "omicron" => "omicron.toml",
    "wolf" => "wolf.toml",
    "mitred-ariana" => "mitred-ariana.toml",
    "mitred-bishogi-ariana" => "mitred-bishogi-ariana.toml",
    "mitred-frontofhouse-ariana" => "mitred-frontofhouse-ariana.toml",
    "mitred-diana" => "mitred-diana.toml",
    "mitred-bishogi-diana" => "mitred-bishogi-diana.toml",
    "mitred-frontofhouse-diana" => "mitred-frontofhouse-diana.toml",
    "mitred-electra" => "mitred-electra.toml",
    "mitred-bishogi-electra" => "mitred-bishogi-electra.toml",
    "mitred-frontofhouse-electra" => "mitred-frontofhouse-electra.toml",
    "mitred-minerva" => "mitred-minerva.toml",
    "mitred-bishogi-minerva" => "mitred-bishogi-minerva.toml",
    "mitred-frontofhouse-minerva" => "mitred-frontofhouse-minerva.toml",
    "mitred-rla" => "mitred-rla.toml",
    "mitred-bishogi-rla" => "mitred-bishogi-rla.toml",
    "mitred-frontofhouse-rla" => "mitred-frontofhouse-rla.toml",
    "mitred-sylvia" => "mitred-sylvia.toml",
    "mitred-bishogi-sylvia" => "mitred-bishogi-sylvia.toml",
    "mitred-frontofhouse-sylvia" => "mitred-frontofhouse-sylvia.toml",
    "los-generales" => "los-generales.toml",
    "los-generales-frontofhouse" => "los-generales-frontofhouse.toml",
    "kingofthehill" => "kingofthehill.toml",
    "racingkings" => "racingkings.toml",
    "breakthrough" => "breakthrough.toml",
    "jesonmor" => "jesonmor.toml",
    "dobutsu" => "dobutsu.toml",
    "horde" => "horde.toml",
    "makpong" => "makpong.toml",
    "berolina" => "berolina.toml",
    "cambodian" => "cambodian.toml",
    "karouk" => "karouk.toml",
    "spartan" => "spartan.toml",
    "ataxx" => "ataxx.toml",
    "flipersi" => "flipersi.toml",
    "flipello" => "flipello.toml",
    "flipello10" => "flipello10.toml",
    "joust" => "joust.toml",
    "snailtrail" => "snailtrail.toml",
    "isolation" => "isolation.toml",
    "isolation7x7" => "isolation7x7.toml",
    "normal" => "normal.toml",
    "nocastle" => "nocastle.toml",
    "marseillais" => "marseillais.toml",
    "monster" => "monster.toml",
    "progressive" => "progressive.toml",
    "fischerandom" => "fischerandom.toml",
    "caparandom" => "caparandom.toml",
    "petrified" => "petrified.toml",
    "raazuvaa" => "raazuvaa.toml",
    "chaturanga" => "chaturanga.toml",
    "gardner" => "gardner.toml",
    "georgian" => "georgian.toml",
    "gothic" => "gothic.toml",
    "paradigm" => "paradigm.toml",
    "misere" => "misere.toml",
    "suicide" => "suicide.toml",
    "capahouse" => "capahouse.toml",
    "dragon" => "dragon.toml",
    "armageddon" => "armageddon.toml",
    "mini" => "mini.toml",
    "gorogoro" => "gorogoro.toml",
    "judkins" => "judkins.toml",
    "okisakishogi" => "okisakishogi.toml",
    "checkshogi" => "checkshogi.toml",
    "minixiangqi" => "minixiangqi.toml",
    "clobber10" => "clobber10.toml",
    "fox-and-hounds" => "fox-and-hounds.toml",
    "fairy" => "fairy.toml",
    "bughouse" => "bughouse.toml",
    "supply" => "supply.toml",
    "cylinder" => "cylinder.toml",
    "circe" => "circe.toml",
    "alice" => "alice.toml",
    "andernach" => "andernach.toml",
    "madrasi" => "madrasi.toml",
    "checkless" => "checkless.toml",
}

/// Ruleset files that built-ins `extend` but that are no variants themselves: embedded
/// so that a built-in loads with no file system, never listed as built-ins.
pub const BASES: &[(&str, &str)] = &[
    ("rulesets/bases/mitred-plain.toml", include_str!("../rulesets/bases/mitred-plain.toml")),
    ("rulesets/bases/mitred-bishogi.toml", include_str!("../rulesets/bases/mitred-bishogi.toml")),
    ("rulesets/bases/mitred-frontofhouse.toml", include_str!("../rulesets/bases/mitred-frontofhouse.toml")),
];

impl Builtin {
    /// Compiles the ruleset (every built-in is tested to load).
    pub fn variant(&self) -> Result<Variant, RulesetError> {
        Variant::from_toml_resolving(self.toml, &self.file(), &modules::registry(), &Embedded)
    }

    /// The file errors cite it by.
    pub fn file(&self) -> String {
        format!("rulesets/{}.toml", self.id)
    }

    /// The description, read (through `extends`) without compiling the ruleset.
    pub fn description(&self) -> Result<String, RulesetError> {
        Ok(inherited_string(self.toml, &self.file(), "description", &Embedded)?.unwrap_or_default().trim().to_string())
    }

    /// Whether the variant is played on two boards at once (`[drops] two_boards`), read
    /// without compiling it.
    pub fn two_boards(&self) -> Result<bool, RulesetError> {
        Ok(inherited_bool(self.toml, &self.file(), "drops.two_boards", &Embedded)?.unwrap_or(false))
    }
}

/// Resolves `extends` among the embedded files: a built-in's id, or a path relative to
/// the including file naming a built-in or a base.
struct Embedded;

impl Resolve for Embedded {
    fn resolve(&self, name: &str, from: &str) -> Result<Source, String> {
        if let Some(b) = builtin(name) {
            return Ok(Source { file: b.file(), text: b.toml.to_string() });
        }
        let file = relative_to(from, name);
        let text = BUILTINS.iter().find(|b| b.file() == file).map(|b| b.toml);
        match text.or_else(|| BASES.iter().find(|(f, _)| *f == file).map(|(_, t)| *t)) {
            Some(text) => Ok(Source { file, text: text.to_string() }),
            None => Err(format!("`{name}` is neither a built-in variant nor an embedded ruleset file (`{file}`)")),
        }
    }
}

/// Resolves `extends` for a file on disk: a built-in's id, or a path relative to the file.
/// A path that is not on disk may name an embedded file: a built-in extended by its id is
/// cited as `rulesets/<id>.toml`, and its own `extends` (the Mitred overlays' `bases/…`)
/// must load from any working directory, not only a checkout.
struct OnDisk;

impl Resolve for OnDisk {
    fn resolve(&self, name: &str, from: &str) -> Result<Source, String> {
        match builtin(name) {
            Some(b) => Embedded.resolve(b.id, from),
            None => RelativePaths.resolve(name, from).or_else(|on_disk| Embedded.resolve(name, from).map_err(|_| on_disk)),
        }
    }
}

/// Compiles ruleset text from any source, with every rule module: `extends` may name
/// only built-ins and the embedded bases, so the text cannot make its reader open files.
/// `file` is the name errors cite. For bases on disk, see [`from_toml_in`] and [`from_file`].
pub fn from_toml(text: &str, file: &str) -> Result<Variant, RulesetError> {
    Variant::from_toml_resolving(text, file, &modules::registry(), &Embedded)
}

/// Compiles ruleset text whose `extends` may also name files inside `folder` (relative to
/// `file`, the name errors cite, itself taken as inside `folder`): a base that resolves,
/// links followed, outside the folder is refused, and so is any file that is no regular
/// file or is larger than [`MAX_RULESET_BYTES`].
pub fn from_toml_in(text: &str, file: &str, folder: &Path) -> Result<Variant, RulesetError> {
    let root = folder.canonicalize().map_err(|e| RulesetError {
        file: file.to_string(),
        line: 1,
        column: 1,
        key: String::new(),
        message: format!("cannot use the folder {} for bases: {e}", folder.display()),
    })?;
    let inside = Inside { root };
    let file = inside.root.join(Path::new(file).file_name().unwrap_or_default()).to_string_lossy().into_owned();
    Variant::from_toml_resolving(text, &file, &modules::registry(), &inside)
}

/// Compiles a ruleset file (a regular file of at most [`MAX_RULESET_BYTES`]): `extends`
/// names a built-in's id or a file relative to it — the user's own files, trusted.
pub fn from_file(path: &str) -> Result<Variant, LoadError> {
    let text = read_ruleset_file(Path::new(path)).map_err(|why| LoadError::Read(path.to_string(), why))?;
    Ok(Variant::from_toml_resolving(&text, path, &modules::registry(), &OnDisk)?)
}

/// Resolves `extends` to built-ins or files inside one folder.
struct Inside {
    root: std::path::PathBuf,
}

impl Resolve for Inside {
    fn resolve(&self, name: &str, from: &str) -> Result<Source, String> {
        if let Some(b) = builtin(name) {
            return Embedded.resolve(b.id, from);
        }
        let file = relative_to(from, name);
        // One answer for a file that is missing and one outside the folder: a client
        // must not learn which paths exist outside it.
        let refused = || format!("`{name}` is no file inside the folder {} that bases may come from", self.root.display());
        let real = Path::new(&file).canonicalize().map_err(|_| refused())?;
        if !real.starts_with(&self.root) {
            return Err(refused());
        }
        let text = read_ruleset_file(&real).map_err(|why| format!("cannot read `{file}`: {why}"))?;
        Ok(Source { file, text })
    }
}

/// Reads and checks ruleset text from an untrusted source (a server's client) without
/// building its tables, so that [`Plan::table_size`] can be weighed first: `extends` may
/// name only built-ins and the embedded bases, never a file, so the text cannot make its
/// reader open files.
pub fn plan_untrusted(text: &str, file: &str) -> Result<Plan, RulesetError> {
    Variant::plan(text, file, &modules::registry(), &Embedded)
}

/// The built-in ruleset with this id.
pub fn builtin(id: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.id == id)
}

/// Why a variant could not be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// Neither a built-in's id nor a ruleset file; the second field is the message's
    /// tail: the nearest built-in id, or where the ids are listed.
    #[error("unknown variant `{0}`: not a built-in and not a .toml file{1}")]
    Unknown(String, String),
    #[error("cannot read {0}: {1}")]
    Io(String, std::io::Error),
    #[error("cannot read {0}: {1}")]
    Read(String, String),
    #[error("{0}")]
    Ruleset(#[from] RulesetError),
}

/// A built-in id, or a path to a ruleset file.
pub fn load(name: &str) -> Result<Variant, LoadError> {
    if let Some(b) = builtin(name) {
        return Ok(b.variant()?);
    }
    let path = Path::new(name);
    if name.ends_with(".toml") || path.exists() {
        return from_file(name);
    }
    Err(LoadError::Unknown(name.to_string(), unknown_id_hint(name)))
}

/// The tail of a message about an id that is no built-in's: the nearest one
/// (`: did you mean `crazyhouse`?`), else where the ids are listed. A misspelt id gets
/// one suggestion, not a hundred ids.
pub fn unknown_id_hint(id: &str) -> String {
    match chimera_engine::ruleset::suggest::closest(id, BUILTINS.iter().map(|b| b.id)) {
        Some(near) => format!(": did you mean `{near}`?"),
        None => " (`chimera variants` lists the built-ins)".to_string(),
    }
}
