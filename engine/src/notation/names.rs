//! The notations a move can be written in, by name: the enum alone, below the rules, so
//! that a ruleset can name its variant's own notation (`notation = "shogi-hodges-number"`).

/// A way of writing moves. Besides Chimera's SAN and long algebraic form, the notations
/// of Fairy-Stockfish (`pyffish.get_san(..., notation)`), written as it writes them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Notation {
    /// Standard algebraic notation: `Nbd2`, `exd6`, `e8=Q+`, `O-O`, `N@e4`.
    #[default]
    San,
    /// Chimera's long algebraic form, as UCI writes moves: `e2e4`, `e7e8q`, `N@e4`.
    Long,
    /// Long algebraic with the piece and a separator (Fairy-Stockfish's `NOTATION_LAN`):
    /// `Ng1-f3`, `e4xd5`, `e7-e8=Q+`.
    Lan,
    /// Shogi, Hosking's form: `P76`, `S'34`, `+B33`, `Rx23+`.
    ShogiHosking,
    /// Shogi, Hodges's form with rank letters: `P-7f`, `S*3d`, `B-3c+`, `P-2c=`.
    ShogiHodges,
    /// Shogi, Hodges's form with rank numbers: `P-76`, `S*34`, `B-33+`.
    ShogiHodgesNumber,
    /// Janggi: squares as rank and file digits, always both squares: `R01-91`, `C83x03+`.
    Janggi,
    /// Xiangqi, the World Xiangqi Federation's form: `R9+1`, `C2=5`, `+P-1` (no check marks).
    XiangqiWxf,
    /// Makruk's Thai SAN: Thai piece names, files and ranks (`ม-ค๓`, `ก๔`).
    ThaiSan,
    /// Makruk's Thai long form: the piece, a space and both squares (`บ ก๓-ก๔`).
    ThaiLan,
}

impl Notation {
    /// Every notation, in the order of Fairy-Stockfish's numbering (after Chimera's long form).
    pub const ALL: [Notation; 10] = [
        Notation::San,
        Notation::Long,
        Notation::Lan,
        Notation::ShogiHosking,
        Notation::ShogiHodges,
        Notation::ShogiHodgesNumber,
        Notation::Janggi,
        Notation::XiangqiWxf,
        Notation::ThaiSan,
        Notation::ThaiLan,
    ];

    /// Its name, as rulesets, the CLI and the protocol write it (`shogi-hodges-number`).
    pub fn name(self) -> &'static str {
        match self {
            Notation::San => "san",
            Notation::Long => "long",
            Notation::Lan => "lan",
            Notation::ShogiHosking => "shogi-hosking",
            Notation::ShogiHodges => "shogi-hodges",
            Notation::ShogiHodgesNumber => "shogi-hodges-number",
            Notation::Janggi => "janggi",
            Notation::XiangqiWxf => "xiangqi-wxf",
            Notation::ThaiSan => "thai-san",
            Notation::ThaiLan => "thai-lan",
        }
    }

    /// The notation of this name (`uci` is the long form's other name).
    pub fn from_name(name: &str) -> Option<Notation> {
        if name.eq_ignore_ascii_case("uci") {
            return Some(Notation::Long);
        }
        Notation::ALL.into_iter().find(|n| n.name().eq_ignore_ascii_case(name))
    }

    /// The names of all notations, for messages (`san, long, lan, …`).
    pub fn names() -> String {
        Notation::ALL.map(Notation::name).join(", ")
    }

    /// One of the three shogi forms.
    pub fn is_shogi(self) -> bool {
        matches!(self, Notation::ShogiHosking | Notation::ShogiHodges | Notation::ShogiHodgesNumber)
    }

    /// Whether a move that checks is marked `+` (`#` if it mates): all but the shogi
    /// forms, WXF (where `+` is a direction) and the long form.
    pub fn marks_check(self) -> bool {
        !self.is_shogi() && !matches!(self, Notation::XiangqiWxf | Notation::Long)
    }
}

impl std::fmt::Display for Notation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
