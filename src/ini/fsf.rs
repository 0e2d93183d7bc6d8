//! Fairy-Stockfish's variant as its option parser builds it (src/parser.cpp): the layers
//! of a section's chain applied in order over the defaults of src/variant.h. Pieces are
//! added and removed in piece-type order, a letter taken by a new piece removes the old
//! one, and piece lists (`promotionPieceTypes = qrbn`) are read against the pieces known
//! when their layer is read — as in Fairy-Stockfish. Every option is classified: mapped
//! (kept here for `convert`), without effect on the rules (GUI and evaluation settings),
//! or refused unless it has its default value.

use std::collections::{BTreeMap, BTreeSet, HashMap};

use super::resolve::{Chain, Origin};
use super::Refusal;

/// Fairy-Stockfish's predefined piece types in its enum order (src/types.h), with their
/// Betza (src/piece.cpp). The custom pieces follow, then the king.
pub const PIECES: [(&str, &str); 37] = [
    ("pawn", "fmWfcF"),
    ("knight", "N"),
    ("bishop", "B"),
    ("rook", "R"),
    ("queen", "Q"),
    ("fers", "F"),
    ("alfil", "A"),
    ("fersAlfil", "FA"),
    ("silver", "FfW"),
    ("aiwok", "RNF"),
    ("bers", "RF"),
    ("archbishop", "BN"),
    ("chancellor", "RN"),
    ("amazon", "QN"),
    ("knibis", "mNcB"),
    ("biskni", "mBcN"),
    ("kniroo", "mNcR"),
    ("rookni", "mRcN"),
    ("shogiPawn", "fW"),
    ("lance", "fR"),
    ("shogiKnight", "fN"),
    ("gold", "WfF"),
    ("dragonHorse", "BW"),
    ("clobber", "cW"),
    ("breakthrough", "fmWfF"),
    ("immobile", ""),
    ("cannon", "mRcpR"),
    ("janggiCannon", "pR"),
    ("soldier", "fsW"),
    ("horse", "nN"),
    ("elephant", "nA"),
    ("janggiElephant", "nZ"),
    ("banner", "RcpRnN"),
    ("wazir", "W"),
    ("commoner", "K"),
    ("centaur", "KN"),
    // The king's slot is last in Fairy-Stockfish's order; `order` puts it there.
    ("king", "K"),
];

/// How many `customPieceN` slots Fairy-Stockfish reads.
const CUSTOM_SLOTS: usize = 25;

/// A piece type's place in Fairy-Stockfish's order (pieces are read in it).
pub fn order(name: &str) -> Option<usize> {
    if name == "king" {
        return Some(1000);
    }
    if let Some(n) = name.strip_prefix("customPiece").and_then(|n| n.parse::<usize>().ok()) {
        return (1..=CUSTOM_SLOTS).contains(&n).then_some(100 + n);
    }
    PIECES.iter().position(|(p, _)| *p == name).filter(|_| name != "king")
}

/// A piece type of the variant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Fairy-Stockfish's name (`knight`, `customPiece1`, `king`).
    pub name: String,
    pub letter: char,
    /// Movement in Fairy-Stockfish's Betza.
    pub betza: String,
    /// Where the piece was defined.
    pub src: Src,
}

/// Where an option's value was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Src {
    pub section: String,
    pub line: usize,
    pub origin: Origin,
}

/// Options that change nothing in the rules: how XBoard draws the pieces, the engine's
/// piece values. Their values are not looked at.
const NO_RULE_EFFECT: [&str; 5] = ["variantTemplate", "pieceToCharTable", "pocketSize", "pieceValueMg", "pieceValueEg"];

/// Options read into this model (their meaning is mapped by `convert`).
const MAPPED: [&str; 50] = [
    "maxRank",
    "maxFile",
    "startFen",
    "promotionRegionWhite",
    "promotionRegionBlack",
    "promotionPawnTypes",
    "promotionPawnTypesWhite",
    "promotionPawnTypesBlack",
    "pawnTypes",
    "promotionPieceTypes",
    "promotionPieceTypesWhite",
    "promotionPieceTypesBlack",
    "mandatoryPawnPromotion",
    "promotionLimit",
    "doubleStep",
    "doubleStepRegionWhite",
    "doubleStepRegionBlack",
    "tripleStepRegionWhite",
    "tripleStepRegionBlack",
    "enPassantTypes",
    "enPassantTypesWhite",
    "enPassantTypesBlack",
    "castling",
    "castlingKingsideFile",
    "castlingQueensideFile",
    "castlingRank",
    "castlingKingFile",
    "castlingKingPiece",
    "castlingKingPieceWhite",
    "castlingKingPieceBlack",
    "castlingRookPieces",
    "castlingRookPiecesWhite",
    "castlingRookPiecesBlack",
    "mustCapture",
    "pieceDrops",
    "capturesToHand",
    "dropLoop",
    "firstRankPawnDrops",
    "promotionZonePawnDrops",
    "dropRegionWhite",
    "dropRegionBlack",
    "nMoveRuleTypes",
    "nMoveRuleTypesWhite",
    "nMoveRuleTypesBlack",
    "nMoveRule",
    "nFoldRule",
    "nFoldValue",
    "stalemateValue",
    "checkmateValue",
    "extinctionValue",
];

/// More mapped options (split from `MAPPED` only to keep each list readable).
const MAPPED_MORE: &[&str] = &[
    "seirawanGating",
    "shatarMateRule",
    "gating",
    "cambodianMoves",
    "chess960",
    "petrifyOnCaptureTypes",
    "enPassantRegion",
    "enPassantRegionWhite",
    "enPassantRegionBlack",
    "castlingWins",
    "flagPieceBlockedWin",
    "soldierPromotionRank",
    "diagonalLines",
    "piecePromotionOnCapture",
    "bikjangRule",
    "chasingRule",
    "oppositeCastling",
    "pieceDemotion",
    "dropPromoted",
    "extinctionPieceTypes",
    "extinctionPieceCount",
    "extinctionOpponentPieceCount",
    "extinctionClaim",
    "immobilityIllegal",
    "dropNoDoubled",
    "dropNoDoubledCount",
    "mandatoryPiecePromotion",
    "checking",
    "checkCounting",
    "flyingGeneral",
    "makpongRule",
    "castlingDroppedPiece",
    "mustDrop",
    "mustDropType",
    "dropOppositeColoredBishop",
    "blastOnCapture",
    "blastImmuneTypes",
    "mutuallyImmuneTypes",
    "extinctionPseudoRoyal",
    "dupleCheck",
    "moveRepetitionIllegal",
    "flagPiece",
    "flagPieceWhite",
    "flagPieceBlack",
    "flagRegion",
    "flagRegionWhite",
    "flagRegionBlack",
    "flagPieceCount",
    "flagMove",
    "flagPieceSafe",
    "promotedPieceType",
    "perpetualCheckIllegal",
    "countingRule",
    "shogiPawnDropMateIllegal",
    "nFoldValueAbsolute",
    "dropChecks",
    "twoBoards",
    // The Reversi and Ataxx families (`convert::reversi`).
    "enclosingDrop",
    "enclosingDropStart",
    "flipEnclosedPieces",
    "freeDrops",
    "stalematePieceCount",
    "materialCounting",
    "adjudicateFullBoard",
    "pass",
    "passWhite",
    "passBlack",
    "passOnStalemate",
    "passOnStalemateWhite",
    "passOnStalemateBlack",
    "wallingRule",
    "wallingRegion",
    "wallingRegionWhite",
    "wallingRegionBlack",
    "wallOrMove",
    // Connection goals (`super::connect`).
    "connectN",
    "connectPieceTypes",
    "connectVertical",
    "connectHorizontal",
    "connectDiagonal",
    "connectRegion1White",
    "connectRegion2White",
    "connectRegion1Black",
    "connectRegion2Black",
    "connectNxN",
    "collinearN",
    "connectValue",
];

/// Options Chimera has no rule for: accepted only with the value that switches them off
/// (Fairy-Stockfish's default), refused with any other.
const OFF_ONLY: &[(&str, &str, &str)] = &[
    ("sittuyinPromotion", "false", "Sittuyin promotion"),
    ("petrifyBlastPieces", "false", "petrification"),
    ("castlingRookKingsideFile", "", "castling with a rook not in the corner"),
    ("castlingRookQueensideFile", "", "castling with a rook not in the corner"),
    ("sittuyinRookDrop", "false", "Sittuyin rook drops"),
];

/// Options only src/ini/builtins.ini writes: `kingType = wazir`, the king of
/// `xiangqi_variant_base()` (`v->kingType = WAZIR`), which moves along Janggi's palace lines
/// where a variants.ini king (`king = k:W`, a custom royal) does not; `pieceSynonyms =
/// horse:h`, the second letter of `v->add_piece(HORSE, 'n', 'h')`, which Fairy-Stockfish
/// writes in moves (`H8+9`) and a variants.ini piece (`horse = n`) has not.
const BUILTIN_ONLY: [&str; 2] = ["kingType", "pieceSynonyms"];

/// Single-valued options whose shared key sets both colours' keys (`flagRegion` is
/// `flagRegionWhite` and `flagRegionBlack`); a colour's own key in the same section wins.
const SET_BOTH_COLOURS: [&str; 4] = ["flagPiece", "flagRegion", "pass", "passOnStalemate"];

/// Deprecated spellings Fairy-Stockfish still reads; not converted.
const DEPRECATED: [&str; 7] =
    ["promotionRank", "doubleStepRank", "doubleStepRankMin", "whiteFlag", "blackFlag", "castlingRookPiece", "dropOnTop"];

/// Deprecated spellings read as the option they name (Fairy-Stockfish's parser sets the
/// same field for both).
fn current_name(key: &str) -> &str {
    match key {
        "whiteDropRegion" => "dropRegionWhite",
        "blackDropRegion" => "dropRegionBlack",
        other => other,
    }
}

/// A piece list option read against the pieces of its layer: Fairy-Stockfish names
/// (`*` is every piece).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PieceList {
    All,
    Some(BTreeSet<String>),
}

/// The variant after every layer: pieces, and each mapped option's last value.
#[derive(Clone, Debug)]
pub struct Fsf {
    /// By Fairy-Stockfish's order.
    pub pieces: BTreeMap<usize, Piece>,
    values: HashMap<String, (String, Src)>,
    lists: HashMap<String, (PieceList, Src)>,
    /// `promotedPieceType`: the type each type promotes to, Shogi style (by name), and
    /// where that was set.
    promoted: BTreeMap<String, (String, Src)>,
    /// The section being converted (for options left at their defaults).
    pub name: String,
}

/// The chess pieces of the defaults, with their letters.
const CHESS: [(&str, char); 6] = [("pawn", 'p'), ("knight", 'n'), ("bishop", 'b'), ("rook", 'r'), ("queen", 'q'), ("king", 'k')];

/// Options whose value is a list of pieces.
fn is_piece_list(key: &str) -> bool {
    matches!(
        key.trim_end_matches("White").trim_end_matches("Black"),
        "promotionPawnTypes"
            | "promotionPieceTypes"
            | "enPassantTypes"
            | "castlingKingPiece"
            | "castlingRookPieces"
            | "nMoveRuleTypes"
            | "extinctionPieceTypes"
            | "dropNoDoubled"
            | "blastImmuneTypes"
            | "mutuallyImmuneTypes"
            | "connectPieceTypes"
            | "petrifyOnCaptureTypes"
    )
}

impl Fsf {
    /// Applies the chain's layers, refusing the first option that cannot be mapped.
    pub fn build(chain: &Chain<'_>) -> Result<Fsf, Refusal> {
        let name = chain.layers.last().map(|l| l.section.name.clone()).unwrap_or_default();
        let mut fsf = Fsf { pieces: BTreeMap::new(), values: HashMap::new(), lists: HashMap::new(), promoted: BTreeMap::new(), name };
        if !chain.fairy_root {
            let src = Src { section: "chess".into(), line: 0, origin: Origin::Builtin };
            for (n, l) in CHESS {
                let betza = PIECES.iter().find(|(p, _)| *p == n).map(|(_, b)| b.to_string()).unwrap_or_default();
                fsf.pieces.insert(order(n).unwrap_or(0), Piece { name: n.into(), letter: l, betza, src: src.clone() });
            }
            let set = fsf.read_list("qrbn");
            fsf.lists.insert("promotionPieceTypes".into(), (set, src.clone()));
        }
        for layer in &chain.layers {
            fsf.apply(layer.section, layer.origin)?;
        }
        Ok(fsf)
    }

    /// This model (a parent's) with `section`'s own options laid over it.
    pub fn extend(mut self, section: &super::parse::Section) -> Result<Fsf, Refusal> {
        self.name = section.name.clone();
        self.apply(section, Origin::File)?;
        Ok(self)
    }

    fn apply(&mut self, section: &super::parse::Section, origin: Origin) -> Result<(), Refusal> {
        let src = |line| Src { section: section.name.clone(), line, origin };
        let shown = match origin {
            Origin::File => section.name.clone(),
            Origin::Builtin => format!("built-in {}", section.name),
        };
        let refuse = |key: &str, line, reason: String| Refusal::new(&shown, line, key, reason);
        // Every option classified first, so a refusal names the first unmappable line.
        for e in &section.entries {
            let k = current_name(e.key.as_str());
            if order(k).is_some() || NO_RULE_EFFECT.contains(&k) || MAPPED.contains(&k) || MAPPED_MORE.contains(&k) {
                continue;
            }
            if let Some((_, off, what)) = OFF_ONLY.iter().find(|(o, _, _)| *o == k) {
                let is_off = e.value == *off || (off.is_empty() && (e.value.is_empty() || e.value == "-"));
                if !is_off {
                    return Err(refuse(k, e.line, format!("Chimera has no rule for {what}")));
                }
                continue;
            }
            // `mobilityRegionWhiteKing`: read as a value, mapped (or refused) by `convert`.
            if k.starts_with("mobilityRegionWhite") || k.starts_with("mobilityRegionBlack") {
                continue;
            }
            if DEPRECATED.contains(&k) {
                return Err(refuse(k, e.line, "a deprecated option, not converted".into()));
            }
            // What Fairy-Stockfish's C++ sets and no variants.ini option can: builtins.ini's
            // own words for it.
            if origin == Origin::Builtin && BUILTIN_ONLY.contains(&k) {
                continue;
            }
            return Err(refuse(k, e.line, "unknown option".into()));
        }
        // Pieces in Fairy-Stockfish's order; the last of a repeated key counts.
        let mut ordered: Vec<_> = section
            .entries
            .iter()
            .enumerate()
            .filter_map(|(i, e)| order(&e.key).map(|o| (o, i, e)))
            .filter(|(o, i, _)| section.entries[i + 1..].iter().all(|later| order(&later.key) != Some(*o)))
            .collect();
        ordered.sort_by_key(|(o, _, _)| *o);
        for (o, _, e) in ordered {
            let first = e.value.chars().next();
            match first {
                None => continue,
                Some(c) if c.is_ascii_alphabetic() => {
                    let letter = c.to_ascii_lowercase();
                    let custom = e.key.starts_with("customPiece") || e.key == "king";
                    let betza = if custom && e.value.len() > 1 {
                        match e.value[1..].strip_prefix(':') {
                            Some(b) => b.to_string(),
                            None => return Err(refuse(&e.key, e.line, format!("expected `letter:betza`, found `{}`", e.value))),
                        }
                    } else if e.key.starts_with("customPiece") {
                        return Err(refuse(&e.key, e.line, "a custom piece without its Betza".into()));
                    } else {
                        PIECES.iter().find(|(p, _)| *p == e.key).map(|(_, b)| b.to_string()).unwrap_or_default()
                    };
                    let taken: Vec<usize> = self.pieces.iter().filter(|(_, p)| p.letter == letter).map(|(k, _)| *k).collect();
                    for k in taken {
                        self.remove_piece(k);
                    }
                    self.pieces.insert(o, Piece { name: e.key.clone(), letter, betza, src: src(e.line) });
                }
                Some(_) => self.remove_piece(o),
            }
        }
        // Then the other options, in file order; the last of a repeated key counts.
        let sets_alias = |key: &str| section.get(key).is_some();
        for e in &section.entries {
            let k = current_name(e.key.as_str());
            if order(k).is_some() || NO_RULE_EFFECT.contains(&k) {
                continue;
            }
            if k == "pawnTypes" {
                // An alias Fairy-Stockfish reads before the keys it stands for, whatever
                // the line order: a key of the section (a colour's own too) wins.
                for target in ["promotionPawnTypes", "enPassantTypes", "nMoveRuleTypes"] {
                    if sets_alias(target) {
                        continue;
                    }
                    let keys = [format!("{target}White"), format!("{target}Black")];
                    let own: Vec<&String> = keys.iter().filter(|key| !sets_alias(key)).collect();
                    let list = self.read_list(&e.value);
                    if own.len() == 2 {
                        self.lists.insert(target.into(), (list, src(e.line)));
                    } else {
                        for key in own {
                            self.lists.insert(key.clone(), (list.clone(), src(e.line)));
                        }
                    }
                }
            } else if is_piece_list(k) {
                let list = self.read_list(&e.value);
                // A colour's own key overrides the shared one only for that colour.
                if let Some(shared) = k.strip_suffix("White").or_else(|| k.strip_suffix("Black")) {
                    let other = if k.ends_with("White") { format!("{shared}Black") } else { format!("{shared}White") };
                    if let Some(prev) = self.lists.get(shared).cloned() {
                        self.lists.entry(other).or_insert(prev);
                    }
                    self.lists.remove(shared);
                } else {
                    self.lists.remove(&format!("{k}White"));
                    self.lists.remove(&format!("{k}Black"));
                }
                self.lists.insert(k.into(), (list, src(e.line)));
            } else if k == "promotedPieceType" {
                self.read_promoted(&e.value, src(e.line));
            } else if SET_BOTH_COLOURS.contains(&k) {
                // Fairy-Stockfish reads the shared key first, whatever the line order.
                for key in [format!("{k}White"), format!("{k}Black")].into_iter().filter(|key| !sets_alias(key)) {
                    self.values.insert(key, (e.value.clone(), src(e.line)));
                }
            } else {
                self.values.insert(k.into(), (e.value.clone(), src(e.line)));
            }
        }
        Ok(())
    }

    /// Fairy-Stockfish's `remove_piece`: the piece, and its place among promotion targets.
    fn remove_piece(&mut self, o: usize) {
        if let Some(p) = self.pieces.remove(&o) {
            for (key, (list, _)) in self.lists.iter_mut() {
                if key.starts_with("promotionPieceTypes") {
                    if let PieceList::Some(set) = list {
                        set.remove(&p.name);
                    }
                }
            }
        }
    }

    /// A piece list as Fairy-Stockfish reads it: letters of known pieces until the first
    /// unknown one, `*` for every piece, `-` for none.
    fn read_list(&self, value: &str) -> PieceList {
        let mut set = BTreeSet::new();
        for c in value.chars().filter(|c| !c.is_whitespace()) {
            if c == '*' {
                return PieceList::All;
            }
            match self.pieces.values().find(|p| p.letter == c.to_ascii_lowercase()) {
                Some(p) => {
                    set.insert(p.name.clone());
                }
                None => break,
            }
        }
        PieceList::Some(set)
    }

    /// `promotedPieceType` as Fairy-Stockfish reads it (src/parser.cpp): pairs `p:c`, each
    /// letter of a known piece (`-` as the target unsets the pair), until the first that
    /// is not; the pairs of earlier layers stay unless set again.
    fn read_promoted(&mut self, value: &str, src: Src) {
        let chars: Vec<char> = value.chars().filter(|c| !c.is_whitespace()).collect();
        let name = |c: char| self.pieces.values().find(|p| p.letter == c.to_ascii_lowercase()).map(|p| p.name.clone());
        let mut pairs = Vec::new();
        for chunk in chars.chunks(3) {
            let [from, _, to] = chunk else { break };
            let Some(from) = name(*from) else { break };
            let to = match *to {
                '-' => None,
                c => match name(c) {
                    Some(to) => Some(to),
                    None => break,
                },
            };
            pairs.push((from, to));
        }
        for (from, to) in pairs {
            match to {
                Some(to) => self.promoted.insert(from, (to, src.clone())),
                None => self.promoted.remove(&from),
            };
        }
    }

    /// The Shogi-style promotions between pieces of the variant: (from, to, where set);
    /// a pair whose source type is not in the variant never applies.
    pub fn promoted(&self) -> Vec<(String, String, Src)> {
        self.promoted
            .iter()
            .filter(|(from, _)| self.piece(from).is_some())
            .map(|(from, (to, src))| (from.clone(), to.clone(), src.clone()))
            .collect()
    }

    /// An option's value and where it was set, if it was.
    pub fn value(&self, key: &str) -> Option<&(String, Src)> {
        self.values.get(key)
    }

    /// Where an option (a piece list: its shared or either colour's key) was last set.
    pub fn src(&self, key: &str) -> Option<&Src> {
        self.values.get(key).map(|(_, s)| s).or_else(|| {
            [key.to_string(), format!("{key}White"), format!("{key}Black")].iter().find_map(|k| self.lists.get(k).map(|(_, s)| s))
        })
    }

    /// A colour's piece list (`White`/`Black`), the shared key's, or `default`.
    pub fn list(&self, key: &str, color: &str, default: &[&str]) -> (PieceList, Option<Src>) {
        if let Some((l, s)) = self.lists.get(&format!("{key}{color}")).or_else(|| self.lists.get(key)) {
            return (l.clone(), Some(s.clone()));
        }
        let names = default.iter().filter(|n| self.pieces.values().any(|p| p.name == **n)).map(|n| n.to_string()).collect();
        (PieceList::Some(names), None)
    }

    /// The piece named `name`, if the variant has it.
    pub fn piece(&self, name: &str) -> Option<&Piece> {
        self.pieces.values().find(|p| p.name == name)
    }
}
