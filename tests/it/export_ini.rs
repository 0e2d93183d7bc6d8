//! `chimera export-ini`: every built-in is either refused, naming the ruleset key and why,
//! or written as a Fairy-Stockfish section that `import-ini` reads back into a ruleset
//! with the original's perft counts from the start (depths 1-3): the round trip
//! `import-ini(export-ini(x))` plays as `x`. Fairy-Stockfish's own reading of the sections
//! is compared by `scripts/fsf_export.py`.

use std::collections::BTreeMap;

use chimera::ini::export::{builtin_doc, export};
use chimera::ini::import;
use chimera::variants::BUILTINS;

#[test]
fn every_builtin_is_refused_with_a_key_or_round_trips() {
    let (mut exported, mut refused) = (0, 0);
    let mut reasons: BTreeMap<String, usize> = BTreeMap::new();
    for b in BUILTINS {
        let doc = builtin_doc(b.id).unwrap_or_else(|e| panic!("{}: {e}", b.id));
        match export(&doc) {
            Err(r) => {
                assert!(!r.key.is_empty() && !r.reason.is_empty(), "{}: a refusal names a key and a reason", b.id);
                let top = r.key.split(['.', '[']).next().unwrap_or("").to_string();
                *reasons.entry(top).or_default() += 1;
                refused += 1;
            }
            Ok(e) => {
                let (sections, errors) = import(&e.text);
                assert!(errors.is_empty(), "{}: {errors:?}\n{}", b.id, e.text);
                assert_eq!(sections.len(), 1, "{}", b.id);
                let toml =
                    sections[0].result.as_ref().unwrap_or_else(|r| panic!("{}: import-ini refuses the export: {r}\n{}", b.id, e.text));
                let back = chimera::variants::from_toml(toml, "back.toml").unwrap();
                let original = b.variant().unwrap();
                for depth in 1..=3 {
                    assert_eq!(back.start().perft(depth), original.start().perft(depth), "{}, depth {depth}\n{}", b.id, e.text);
                }
                exported += 1;
            }
        }
    }
    println!("export-ini: {exported} built-ins exported and round-tripped, {refused} refused; refusals by key: {reasons:?}");
    assert_eq!(exported + refused, BUILTINS.len());
    assert!(exported >= 110, "{exported} exported");
}

#[test]
fn chess_inherits_fairy_stockfish_chess() {
    let e = export(&builtin_doc("chess").unwrap()).unwrap();
    assert_eq!(e.parent.as_deref(), Some("chess"));
    // Only the options that differ from Fairy-Stockfish's chess: none but the notes.
    let options: Vec<&str> = e.text.lines().filter(|l| !l.starts_with('#') && !l.starts_with('[')).collect();
    assert!(options.is_empty(), "{}", e.text);
    assert!(e.notes.iter().any(|n| n.contains("end.repetition.automatic")), "{:?}", e.notes);
}

#[test]
fn a_fairy_army_is_a_full_section() {
    let e = export(&builtin_doc("grasshopper").unwrap()).unwrap();
    assert_eq!(e.parent, None);
    assert!(e.text.contains("[grasshopper]\n"), "{}", e.text);
    assert!(e.text.contains("maxFile = 8"), "{}", e.text);
}

#[test]
fn refusals_name_the_key() {
    let r = export(&builtin_doc("shogi").unwrap()).unwrap_err();
    assert!(r.key.starts_with("pieces.") || r.key.starts_with("drops"), "{r}");
    let r = export(&builtin_doc("marseillais").unwrap()).unwrap_err();
    assert_eq!(r.key, "turn.moves", "{r}");
}

/// The option lines of an exported built-in.
fn options(id: &str) -> Vec<String> {
    let e = export(&builtin_doc(id).unwrap()).unwrap_or_else(|r| panic!("{id}: {r}"));
    e.text.lines().filter(|l| !l.starts_with('#') && !l.starts_with('[')).map(str::to_string).collect()
}

#[test]
fn extinction_of_listed_types_counts_each_alone() {
    // Fairy-Stockfish's `*` is the whole army counted together: Extinction chess lists its
    // six types, so that losing any one of them loses.
    let o = options("extinction");
    assert!(o.contains(&"extinctionPieceTypes = kqrbnp".to_string()), "{o:?}");
    assert!(o.contains(&"castlingKingPiece = k".to_string()), "{o:?}");
    // Giveaway's rule has no `of`: the whole army.
    assert!(options("giveaway").contains(&"extinctionPieceTypes = *".to_string()));
    // Shatranj's bare king: the side to move may still reply.
    let o = options("shatranj");
    for line in ["extinctionPieceCount = 1", "extinctionOpponentPieceCount = 2", "extinctionClaim = true"] {
        assert!(o.contains(&line.to_string()), "{line}: {o:?}");
    }
}

#[test]
fn check_counting_owes_checks_in_the_start_fen() {
    let o = options("3check");
    assert!(o.contains(&"checkCounting = true".to_string()), "{o:?}");
    assert!(o.iter().any(|l| l.starts_with("startFen = ") && l.contains(" KQkq - 3+3 0 1")), "{o:?}");
}

#[test]
fn atomic_kings_are_pseudo_royal_commoners() {
    let e = export(&builtin_doc("atomic").unwrap()).unwrap();
    for line in ["commoner = k", "blastOnCapture = true", "extinctionPieceTypes = k", "extinctionPseudoRoyal = true"] {
        assert!(e.text.contains(&format!("{line}\n")), "{line}\n{}", e.text);
    }
    // Without checks, no pseudo-royalty.
    assert!(!export(&builtin_doc("nocheckatomic").unwrap()).unwrap().text.contains("extinctionPseudoRoyal"));
}

#[test]
fn walls_and_goals_are_fairy_stockfish_options() {
    assert!(options("duck").contains(&"wallingRule = duck".to_string()));
    assert!(options("joust").contains(&"wallingRule = past".to_string()));
    let o = options("isolation7x7");
    let region = o.iter().find(|l| l.starts_with("wallingRegionWhite = ")).unwrap();
    assert!(!region.contains(" d1 ") && !region.contains(" d7 ") && region.contains(" d2 "), "{region}");
    let o = options("racingkings");
    for line in ["flagPiece = k", "flagRegionWhite = *8", "flagRegionBlack = *8", "flagMove = true", "checking = false"] {
        assert!(o.contains(&line.to_string()), "{line}: {o:?}");
    }
}

#[test]
fn rules_fairy_stockfish_plays_otherwise_are_refused() {
    // Fairy-Stockfish lists a pawn drop that mates and scores it; shogi forbids it.
    let r = export(&builtin_doc("shogi").unwrap()).unwrap_err();
    assert_eq!(r.key, "drops.no_drop_mate", "{r}");
    // Fairy-Stockfish's drops reset the move clock; Chimera's crazyhouse's do not.
    let r = export(&builtin_doc("crazyhouse").unwrap()).unwrap_err();
    assert_eq!(r.key, "end.move_rule_reset", "{r}");
    // `freeDrops` is no option of a variants file.
    let r = export(&builtin_doc("ataxx").unwrap()).unwrap_err();
    assert_eq!(r.key, "drops.unlimited", "{r}");
}

#[test]
fn shogi_style_promotions_are_promoted_piece_types() {
    let has = |id: &str, lines: &[&str]| {
        let o = options(id);
        for line in lines {
            assert!(o.contains(&line.to_string()), "{id}: {line}: {o:?}");
        }
    };
    // Kyoto shogi's faces turn over at every move; its start pieces on their second face
    // are written promoted, and a piece in hand may be dropped either face up.
    has(
        "kyotoshogi",
        &[
            "promotedPieceType = p:r s:b l:y n:e",
            "pieceDemotion = true",
            "mandatoryPiecePromotion = true",
            "dropPromoted = true",
            "startFen = p+nks+l/5/5/5/+LSK+NP[] w - - 0 1",
        ],
    );
    // Micro shogi's turn over on captures only.
    has("micro", &["pieceDemotion = true", "piecePromotionOnCapture = true"]);
    // Yari shogi's two golds stay two types, each returning to the hand as its origin.
    has("yarishogi", &["promotedPieceType = n:g b:h r:l p:s", "mandatoryPiecePromotion = false", "immobilityIllegal = true"]);
    // Dobutsu's chick is a pawn whose hen is captured as a chick: Shogi style.
    has("dobutsu", &["promotedPieceType = c:h", "mandatoryPiecePromotion = true"]);
    // Mitred Bishogi: Fairy-Stockfish's pawn promotes Shogi style too (to the steward), and
    // the golds and silvers of the start position are promoted wings and mitres.
    has(
        "mitred-bishogi-ariana",
        &[
            "promotedPieceType = r:c b:a w:g m:s p:t",
            "promotionPieceTypes = -",
            "mandatoryPawnPromotion = false",
            "immobilityIllegal = true",
        ],
    );
    let o = options("mitred-bishogi-ariana");
    assert!(o.iter().any(|l| l.starts_with("startFen = wm+m+w+w+mmw/")), "{o:?}");
    // Front-of-House's rooks are promoted wings.
    let o = options("mitred-frontofhouse-diana");
    assert!(o.iter().any(|l| l.starts_with("startFen = ") && l.contains("+W")), "{o:?}");
}

#[test]
fn types_captured_as_others_fairy_stockfish_cannot_demote_are_refused() {
    // A captured piece that leaves the game where others go to the hand.
    assert_eq!(export(&builtin_doc("mitred-sylvia").unwrap()).unwrap_err().key, "pieces.queen.captured_as");
    // Sho shogi's prince is Fairy-Stockfish's king type promoted: not one of Chimera's types.
    assert_eq!(export(&builtin_doc("shoshogi").unwrap()).unwrap_err().key, "pieces.prince.face_of");
    // Sylvia's king swap has no option.
    assert_eq!(export(&builtin_doc("mitred-bishogi-sylvia").unwrap()).unwrap_err().key, "modules.king-swap");
}

#[test]
fn a_second_royal_type_is_pseudo_royal_at_any_count() {
    let e = export(&builtin_doc("coregal").unwrap()).unwrap();
    assert_eq!(e.parent.as_deref(), Some("chess"));
    for line in ["extinctionPieceTypes = q", "extinctionPseudoRoyal = true", "extinctionPieceCount = 64", "extinctionValue = loss"] {
        assert!(e.text.contains(&format!("{line}\n")), "{line}\n{}", e.text);
    }
}

#[test]
fn xiangqi_pieces_palaces_and_chasing_are_options() {
    // Xiangqi's pieces are Fairy-Stockfish's xiangqi's: it inherits it.
    let e = export(&builtin_doc("xiangqi").unwrap()).unwrap();
    assert_eq!(e.parent.as_deref(), Some("xiangqi"), "{}", e.text);
    // Manchu's banner makes a complete section: the pieces, palaces and the soldier.
    let o = options("manchu");
    for line in [
        "king = k:W",
        "banner = m",
        "soldier = p",
        "mobilityRegionWhiteKing = d1 e1 f1 d2 e2 f2 d3 e3 f3",
        "mobilityRegionBlackFers = d8 e8 f8 d9 e9 f9 d10 e10 f10",
        "soldierPromotionRank = 6",
        "flyingGeneral = true",
    ] {
        assert!(o.contains(&line.to_string()), "{line}: {o:?}");
    }
    // The banner is no piece the chasing rule knows: Manchu has none.
    assert!(!o.iter().any(|l| l.starts_with("chasingRule")), "{o:?}");
    // Supply's regions bound its drops in both programs.
    assert!(options("supply").contains(&"mobilityRegionWhiteFers = d1 f1 e2 d3 f3".to_string()));
}

#[test]
fn janggi_inherits_fairy_stockfish_janggi_by_its_pieces() {
    // Only Janggi's built-in king moves along the palace lines: the same pieces, and the
    // options that differ.
    let e = export(&builtin_doc("janggi").unwrap()).unwrap();
    assert_eq!(e.parent.as_deref(), Some("janggi"), "{}", e.text);
    assert!(options("janggi").is_empty(), "{:?}", options("janggi"));
    assert_eq!(options("janggicasual"), ["bikjangRule = false", "materialCounting = none"]);
    let o = options("janggimodern");
    assert!(o.contains(&"nFoldRule = 4".to_string()) && o.contains(&"moveRepetitionIllegal = true".to_string()), "{o:?}");
    // The parent is the content's, not the name's: a king that keeps off the lines is a
    // variants.ini king, in a complete section.
    let mut doc = builtin_doc("janggi").unwrap();
    doc["pieces"]["general"].as_table_mut().unwrap().remove("line_moves");
    let e = export(&doc).unwrap();
    assert_eq!(e.parent, None, "{}", e.text);
    assert!(e.text.contains("\nking = k:W\n") && e.text.contains("\ndiagonalLines = "), "{}", e.text);
    // And a renamed Xiangqi inherits nothing by its name.
    let mut doc = builtin_doc("xiangqi").unwrap();
    doc.insert("name".into(), "janggi".into());
    assert_eq!(export(&doc).unwrap().parent.as_deref(), Some("xiangqi"));
}

#[test]
fn first_moves_mates_and_en_passant_regions_are_options() {
    let o = options("cambodian");
    assert!(o.contains(&"cambodianMoves = true".to_string()) && o.contains(&"gating = true".to_string()), "{o:?}");
    assert!(o.contains(&"king = k".to_string()) && o.contains(&"fers = m".to_string()), "{o:?}");
    assert!(options("shatar").contains(&"shatarMateRule = true".to_string()));
    let o = options("horde");
    assert!(o.contains(&"enPassantRegionWhite = *6".to_string()) && o.contains(&"enPassantRegionBlack = *3".to_string()), "{o:?}");
    assert!(options("fischerandom").contains(&"chess960 = true".to_string()));
}

/// A ruleset document exported, then imported back: the exported section's option lines;
/// the section read back plays as the document, depths 1-3.
fn round_trip(doc: &toml::Table) -> Vec<String> {
    let e = export(doc).unwrap_or_else(|r| panic!("{r}"));
    let (back, errors) = import(&e.text);
    assert!(errors.is_empty(), "{errors:?}");
    let back = back[0].result.as_ref().unwrap_or_else(|r| panic!("{r}\n{}", e.text));
    let back = chimera::variants::from_toml(back, "back.toml").unwrap();
    let original = chimera::variants::from_toml(&toml::to_string(doc).unwrap(), "v.toml").unwrap();
    for depth in 1..=3 {
        assert_eq!(back.start().perft(depth), original.start().perft(depth), "depth {depth}\n{}", e.text);
    }
    e.text.lines().filter(|l| !l.starts_with('#') && !l.starts_with('[')).map(str::to_string).collect()
}

#[test]
fn triple_steps_and_capture_only_takers_are_options() {
    // Wildebeest's pawns triple-step from their first rank (`en_passant = "any-passed"`):
    // Fairy-Stockfish's `tripleStepRegionWhite`/`Black`, its en passant as by default.
    let wildebeest = "[wildebeest:chess]\nmaxRank = 10\nmaxFile = k\ncustomPiece1 = c:C\ncustomPiece2 = w:NC\n\
                      doubleStepRegionWhite = *2 *3\ndoubleStepRegionBlack = *9 *8\ntripleStepRegionWhite = *2\n\
                      tripleStepRegionBlack = *9\n\
                      startFen = rnccwkqbbnr/ppppppppppp/11/11/11/11/11/11/PPPPPPPPPPP/RNBBQKWCCNR w - - 0 1\n\
                      promotionPieceTypes = qw\npromotionRegionWhite = *9 *10\npromotionRegionBlack = *2 *1\n\
                      mandatoryPawnPromotion = false\ncastling = false\n";
    let (sections, errors) = import(wildebeest);
    assert!(errors.is_empty(), "{errors:?}");
    let doc: toml::Table = sections[0].result.as_ref().unwrap().parse().unwrap();
    assert_eq!(doc["pieces"]["pawn"]["en_passant"].as_str(), Some("any-passed"));
    let o = round_trip(&doc);
    assert!(o.contains(&"tripleStepRegionWhite = *2".to_string()) && o.contains(&"tripleStepRegionBlack = *9".to_string()), "{o:?}");
    assert!(!o.iter().any(|l| l.starts_with("enPassant")), "{o:?}");
    // A pawn moving as Borderlands' soldier (`fWfcF`) that takes en passant by its
    // capture-only diagonals alone (`takes_en_passant = "capture-only"`): a custom pawn of
    // Fairy-Stockfish's `enPassantTypes`, whose takers are its capture-only moves.
    let mut soldier = builtin_doc("chess").unwrap();
    let pawn = soldier["pieces"]["pawn"].as_table_mut().unwrap();
    pawn.insert("betza".into(), toml::Value::String("fWfcF".into()));
    pawn.insert("takes_en_passant".into(), toml::Value::String("capture-only".into()));
    let o = round_trip(&soldier);
    assert!(o.contains(&"enPassantTypes = p".to_string()), "{o:?}");
    // Chimera's default reading (every capturing leap, `fW` too) differs from
    // Fairy-Stockfish's there: refused, naming the key; and so is a pawn that never takes
    // en passant, which Fairy-Stockfish's pawn always does.
    soldier["pieces"]["pawn"].as_table_mut().unwrap().insert("takes_en_passant".into(), toml::Value::Boolean(true));
    assert_eq!(export(&soldier).unwrap_err().key, "pieces.pawn.takes_en_passant");
    let mut chess = builtin_doc("chess").unwrap();
    chess["pieces"]["pawn"].as_table_mut().unwrap().insert("takes_en_passant".into(), toml::Value::Boolean(false));
    assert_eq!(export(&chess).unwrap_err().key, "pieces.pawn.takes_en_passant");
}
