//! Mitred Framing 3 as `../shared/rules/mitred-framing.md` specifies it: the 20 rulesets
//! of §9.1 load and give §10's cross-check figures; snapshots (reviewed against the spec)
//! of compulsory and optional promotion, each family's capture-to-hand map, drops (dead
//! squares, blocking, mating), the capture-all end of Electra and Minerva, and Sylvia's
//! King swap under each of its three readings (A9).

use chimera::variants::{builtin, load, modules};
use chimera::{Color, EndReason, IllegalCode, MoveKind, Outcome, Position, Variant};

/// The 20 ruleset ids of §9.1, with the array (§10 row) each one uses.
const RULESETS: [(&str, &str); 20] = [
    ("mitred-ariana", "ariana"),
    ("mitred-bishogi-ariana", "ariana"),
    ("mitred-frontofhouse-ariana", "ariana"),
    ("mitred-diana", "diana"),
    ("mitred-bishogi-diana", "diana"),
    ("mitred-frontofhouse-diana", "diana"),
    ("mitred-electra", "electra"),
    ("mitred-bishogi-electra", "electra"),
    ("mitred-frontofhouse-electra", "electra"),
    ("mitred-minerva", "minerva"),
    ("mitred-bishogi-minerva", "minerva"),
    ("mitred-frontofhouse-minerva", "minerva"),
    ("mitred-rla", "rla"),
    ("mitred-bishogi-rla", "rla"),
    ("mitred-frontofhouse-rla", "rla"),
    ("mitred-sylvia", "sylvia"),
    ("mitred-bishogi-sylvia", "sylvia"),
    ("mitred-frontofhouse-sylvia", "sylvia"),
    ("los-generales", "los-generales"),
    ("los-generales-frontofhouse", "los-generales"),
];

/// §7's primary arrays and §10's perft(1), perft(2) (Sylvia: swap only when otherwise mated).
fn array(name: &str) -> (&'static str, u64, u64) {
    match name {
        "ariana" => ("wmsggsmw/1rbqkbr1/pppppppp/8/8/PPPPPPPP/1RBQKBR1/WMSGGSMW", 14, 196),
        "diana" => ("wmsggsmw/1rbnkbr1/pppppppp/8/8/PPPPPPPP/1RBNKBR1/WMSGGSMW", 16, 256),
        "electra" => ("whmggmhw/1rnbbnr1/pppppppp/8/8/PPPPPPPP/1RNBBNR1/WHMGGMHW", 16, 256),
        "minerva" => ("wmsggsmw/1rbnqbr1/pppppppp/8/8/PPPPPPPP/1RBNQBR1/WMSGGSMW", 16, 256),
        "rla" => ("whmbbmhw/1rnqknr1/pppppppp/8/8/PPPPPPPP/1RNQKNR1/WHMBBMHW", 16, 256),
        "sylvia" => ("wmsggsmw/hrbqkbrh/nnnnnnnn/8/8/NNNNNNNN/HRBQKBRH/WMSGGSMW", 28, 680),
        "los-generales" => ("whsggshw/1rnqknr1/pppppppp/8/8/PPPPPPPP/1RNQKNR1/WHSGGSHW", 16, 256),
        _ => unreachable!("{name}"),
    }
}

fn variant(id: &str) -> Variant {
    load(id).unwrap_or_else(|e| panic!("{id}: {e}"))
}

fn pos(id: &str, fen: &str) -> Position {
    variant(id).position(fen).unwrap_or_else(|e| panic!("{id}: {fen}: {e}"))
}

/// A Sylvia ruleset with its King-swap reading replaced.
fn sylvia(id: &str, when: &str) -> Variant {
    let text = builtin(id).unwrap().toml;
    let line = "when = \"otherwise-mated\"";
    assert!(text.contains(line), "{id} names its reading on one line");
    let text = text.replace(line, &format!("when = \"{when}\""));
    Variant::from_toml_with(&text, &format!("{id}.toml"), &modules::registry()).unwrap()
}

fn outcome(p: &Position) -> String {
    p.outcome().map_or("none".to_string(), |o| o.to_string())
}

/// FEN, hands, outcome and every legal move as `uci san`, sorted.
fn listing(p: &mut Position) -> String {
    let fen = p.fen();
    let board = fen.split(' ').next().unwrap_or("");
    let hands = board.split_once('[').map_or("", |(_, h)| h.trim_end_matches(']'));
    let moves = p.moves_with_notation();
    let mut out = format!(
        "fen: {fen}\nhands: {}\noutcome: {}\n{} legal moves\n",
        if hands.is_empty() { "-" } else { hands },
        outcome(p),
        moves.len()
    );
    for (_, uci, san) in moves {
        out += &format!("{uci} {san}\n");
    }
    out
}

fn ucis(p: &mut Position) -> Vec<String> {
    p.moves_with_notation().into_iter().map(|e| e.1).collect()
}

// ---- 1. Loading and §10's cross-check figures ----

#[test]
fn every_ruleset_loads_with_its_array_and_section_10_figures() {
    for (id, name) in RULESETS {
        let v = variant(id);
        assert_eq!(v.name(), id);
        assert!(!v.rules().description.is_empty() && !v.rules().description.contains('\n'), "{id}");
        let (board, p1, p2) = array(name);
        let mut p = v.start();
        assert_eq!(p.fen(), format!("{board}[] w - - 0 1"), "{id}");
        assert_eq!((p.perft(1), p.perft(2)), (p1, p2), "{id}: perft(1), perft(2)");
    }
}

/// The rulesets against §3's moves, §4's family tables and §7's "pieces that can occur"
/// (typed in from the spec, independently of the TOML files).
#[test]
fn every_ruleset_follows_the_family_tables() {
    use chimera::rules::{Captured, PromotionPolicy};
    let betza = |l: char| match l {
        'K' => "K",
        'Q' => "Q",
        'R' => "R",
        'B' => "B",
        'N' => "N",
        'W' => "fR",
        'M' => "fB",
        'H' => "ffN",
        'G' => "WfF",
        'S' => "FfW",
        'P' => "fmWfcF",
        'T' => "mWcF",
        'C' => "RF",
        'A' => "BW",
        'X' => "ffNbsN",
        _ => unreachable!(),
    };
    // §4.1 promotions and §4.2 returns ('-' = removed), per family.
    let promotes = ["WG MS HX PT", "WG MS HN PT RC BA", "WR MB HN PT"];
    let returns = ["Q- R- B- N- WW GW MM SM HH XH PP TP", "QQ RR CR BB AB NH WW GW MM SM HH PP TP", "QQ RW BM NH WW GG MM SS HH PP TP"];
    // §7: (id, family, pieces that can occur). Electra and RLA family 2 get no Crab: a
    // family-2 Helm promotes to a Knight (§4.1), whatever §7.3/§7.5's "adds C and A" says.
    let table = [
        ("mitred-ariana", 1, "KQRBWMGSPT"),
        ("mitred-bishogi-ariana", 2, "KQRBWMGSPTCA"),
        ("mitred-frontofhouse-ariana", 3, "KQRBWMGSPT"),
        ("mitred-diana", 1, "KRBNWMGSPT"),
        ("mitred-bishogi-diana", 2, "KRBNWMGSPTCAH"),
        ("mitred-frontofhouse-diana", 3, "KRBNWMGSPTH"),
        ("mitred-electra", 1, "RNBWHMGSPTX"),
        ("mitred-bishogi-electra", 2, "RNBWHMGSPTCA"),
        ("mitred-frontofhouse-electra", 3, "RNBWHMGPT"),
        ("mitred-minerva", 1, "QRBNWMGSPT"),
        ("mitred-bishogi-minerva", 2, "QRBNWMGSPTCAH"),
        ("mitred-frontofhouse-minerva", 3, "QRBNWMGSPTH"),
        ("mitred-rla", 1, "KQRNBWHMPTGSX"),
        ("mitred-bishogi-rla", 2, "KQRNBWHMPTGSCA"),
        ("mitred-frontofhouse-rla", 3, "KQRNBWHMPT"),
        ("mitred-sylvia", 1, "KQRBNWMGSHX"),
        ("mitred-bishogi-sylvia", 2, "KQRBNWMGSHCA"),
        ("mitred-frontofhouse-sylvia", 3, "KQRBNWMGSH"),
        ("los-generales", 1, "KQRNWHGSPTXM"),
        ("los-generales-frontofhouse", 3, "KQRNWHGSPT"),
    ];
    assert_eq!(table.map(|t| t.0), RULESETS.map(|r| r.0));
    for (id, family, occurs) in table {
        let v = variant(id);
        let rules = v.rules();
        let mut letters: Vec<char> = rules.pieces.iter().filter_map(|p| p.letter).collect();
        let mut expected: Vec<char> = occurs.chars().collect();
        letters.sort();
        expected.sort();
        assert_eq!(letters, expected, "{id}: pieces");
        let of = |l: char| rules.piece_by_letter(l).unwrap_or_else(|| panic!("{id}: no {l}"));
        let find = |map: &str, l: char| map.split(' ').find(|e| e.starts_with(l)).map(|e| e.chars().nth(1).unwrap());
        for p in &rules.pieces {
            let l = p.letter.expect("lettered");
            assert_eq!(p.betza, betza(l), "{id}: {l}");
            assert_eq!(p.royal, l == 'K', "{id}: {l}");
            assert_eq!(p.pawn, l == 'P', "{id}: {l}");
            match find(promotes[family - 1], l) {
                None => assert!(p.promotion.is_none(), "{id}: {l} promotes"),
                Some(to) => {
                    let pr = p.promotion.as_ref().unwrap_or_else(|| panic!("{id}: {l} does not promote"));
                    assert_eq!(pr.ranks, [5, 6, 7], "{id}: {l}");
                    assert_eq!(pr.to, chimera::ByColor::both(vec![of(to)]), "{id}: {l}");
                    assert_eq!(pr.policy, PromotionPolicy::Optional, "{id}: {l}");
                    assert!(pr.from_zone, "{id}: {l}");
                }
            }
            let returns_as = match find(returns[family - 1], l) {
                _ if l == 'K' => Captured::Hand(of('K')), // never captured (default)
                Some('-') => Captured::Removed,
                Some(to) => Captured::Hand(of(to)),
                None => panic!("{id}: {l} has no return in family {family}"),
            };
            assert_eq!(p.captured_as, returns_as, "{id}: {l} returns");
        }
        let drops = rules.drops.as_ref().unwrap_or_else(|| panic!("{id}: no drops"));
        assert!(drops.per_file.is_empty() && drops.no_drop_mate.is_empty(), "{id}: A7/A8");
        assert!(rules.castles.is_empty(), "{id}: castling");
        assert!(rules.pieces.iter().all(|p| p.double_step_ranks.is_empty() && !p.en_passant), "{id}");
        let end = &rules.end;
        assert_eq!(end.repetition, chimera::Threshold { claim: 3, automatic: 5 }, "{id}");
        assert_eq!(end.move_rule, chimera::Threshold::NEVER, "{id}");
        assert_eq!(end.stalemate, chimera::rules::Verdict::Draw, "{id}");
        if rules.has_royal() {
            assert_eq!((end.checkmate, end.army_captured), (chimera::rules::Verdict::Loss, None), "{id}");
        } else {
            assert_eq!(end.army_captured, Some(chimera::rules::Verdict::Loss), "{id}");
            assert!(end.army_includes_hand, "{id}");
        }
        let modules: Vec<&str> = rules.modules.iter().map(|m| m.name.as_str()).collect();
        assert_eq!(modules, if id.contains("sylvia") { vec!["king-swap"] } else { vec![] }, "{id}");
    }
}

/// The King swap needs to know which pieces never moved. The kernel reads that from the
/// ruleset's start FEN, but `implied_unmoved` (engine/src/fen.rs) hands the whole first
/// field, hand brackets included (`…/WMSGGSMW[]`), to the board parser, which refuses the
/// `[` — and the error is swallowed, so no piece of a variant with drops ever counts as
/// unmoved from its start position (or from a FEN without `unmoved=`). With the otherwise-
/// mated reading the shipped figures still match, since nobody is mated within two plies.
#[test]
fn sylvia_figures_under_each_swap_reading() {
    for id in ["mitred-sylvia", "mitred-bishogi-sylvia", "mitred-frontofhouse-sylvia"] {
        for (when, p1, p2) in [("otherwise-mated", 28, 680), ("in-check", 28, 704), ("any-time", 35, 1099)] {
            let mut p = sylvia(id, when).start();
            assert_eq!((p.perft(1), p.perft(2)), (p1, p2), "{id}, when = {when}");
        }
    }
}

/// The same bug in play: after this game Black's King (e7) and four partners on rank 7
/// have never moved, so the swap should rescue Black from 8.Nef5; the shipped ruleset
/// calls it checkmate instead.
#[test]
fn sylvia_swap_rescues_in_a_game_from_the_start() {
    let mut p = variant("mitred-sylvia").start();
    for san in "Nab5 Nbc4 Nde5 Rb6 Nxg6 Rxg6 Nge4 Hg5 Nfd4 Nhg4 Na3 Wxh3=G Naxc4 Nb7 Nef5".split(' ') {
        p.play_str(san).unwrap_or_else(|e| panic!("{san}: {e}"));
    }
    assert_eq!(p.outcome(), None);
    let moves = ucis(&mut p);
    assert_eq!(moves, ["e7a7", "e7c7", "e7d7", "e7f7"]);
}

/// The same figures with the start FEN written without its (empty) hand, which the kernel
/// reads the same way apart from the bug above: the rulesets and the module are right.
#[test]
fn sylvia_figures_under_each_swap_reading_start_without_hand_brackets() {
    for id in ["mitred-sylvia", "mitred-bishogi-sylvia", "mitred-frontofhouse-sylvia"] {
        for (when, p1, p2) in [("otherwise-mated", 28, 680), ("in-check", 28, 704), ("any-time", 35, 1099)] {
            let text = builtin(id).unwrap().toml;
            let text = text.replace("when = \"otherwise-mated\"", &format!("when = \"{when}\""));
            let text = text.replace("WMSGGSMW[] w", "WMSGGSMW w");
            let mut p = Variant::from_toml_with(&text, "x.toml", &modules::registry()).unwrap().start();
            assert_eq!(p.fen(), "wmsggsmw/hrbqkbrh/nnnnnnnn/8/8/NNNNNNNN/HRBQKBRH/WMSGGSMW[] w - - 0 1");
            assert_eq!((p.perft(1), p.perft(2)), (p1, p2), "{id}, when = {when}");
        }
    }
}

// ---- 2. Promotion ----

/// White: Pawn b7, Wing d6, Mitre f6, Helms c5 and g6; Black rook c8 to capture.
const FORCED: &str = "2r5/1P6/3W1MH1/2H5/8/8/7k/K7[] w - - 0 1";

// A Pawn, Wing or Mitre reaching rank 8 and a Helm reaching rank 7 or 8 must promote; a
// move ending on rank 6 or 7 (or starting in the zone) may. The targets are the family's:
// the listings are cases in tests/cases/mitred-*rla/forced-promotion*.toml.
#[test]
fn an_unpromoted_move_to_a_dead_square_is_refused() {
    let mut p = pos("mitred-rla", FORCED);
    for text in ["b8", "Wd8", "Md8", "Hf8", "Hcd7", "d6d8", "g6h8"] {
        assert_eq!(p.parse_move(text).unwrap_err().code, IllegalCode::PromotionRequired, "{text}");
    }
    for (text, uci) in [("b8=T", "b7b8t"), ("Wd8=G", "d6d8g"), ("Hcd7=X", "c5d7x"), ("Wd7", "d6d7"), ("Wd7=G", "d6d7g")] {
        let m = p.parse_move(text).unwrap();
        assert_eq!(p.uci(m), uci);
    }
}

/// Family 2: a Rook that starts in the zone may promote on any move, leaving the zone
/// included; one outside promotes only on moves ending in the zone.
const ROOKS: &str = "7k/3R4/8/8/1R6/8/8/K7[] w - - 0 1";

#[test]
fn family_1_and_3_rooks_never_promote() {
    for id in ["mitred-ariana", "mitred-frontofhouse-ariana"] {
        let moves = ucis(&mut pos(id, ROOKS));
        assert_eq!(moves.len(), 31, "{id}: {moves:?}");
        assert!(moves.iter().all(|m| m.len() == 4), "{id}: {moves:?}");
    }
}

// ---- 3. Capture to hand (§4.2) ----

/// Every capture in the position, each played from it: what was taken, and the FEN after.
fn captures(p: &mut Position) -> String {
    let g = p.variant().geometry();
    let mut out = format!("fen: {}\n", p.fen());
    for (m, uci, san) in p.moves_with_notation() {
        let Some(victim) = p.piece_at(m.to).filter(|_| m.kind == MoveKind::Normal) else { continue };
        let name = p.rules().piece(victim.kind).name.clone();
        p.play_unchecked(m);
        let fen = p.fen();
        let hand = fen.split(' ').next().and_then(|b| b.split_once('[')).map_or("", |(_, h)| h.trim_end_matches(']'));
        out += &format!("{uci} {san}: {name} on {} -> hand [{hand}]  {fen}\n", g.square_name(m.to));
        p.undo();
    }
    out
}

/// Black: queen b4, rook c4, bishop d4, knight b3, wing d3, mitre b2, steward c2, gold d2
/// around the c3 Queen; silver e7, pawn f7, crab g7, helm e5 around the f6 Queen.
#[test]
fn capture_to_hand_family_1() {
    let text = captures(&mut pos("mitred-rla", "k7/4spx1/5Q2/4h3/1qrb4/1nQw4/1mtg4/7K[] w - - 0 1"));
    assert_eq!(text.lines().count(), 13, "{text}");
    insta::assert_snapshot!(text);
}

/// As family 1, with a chatelaine on g7 and a primate on g5.
#[test]
fn capture_to_hand_family_2() {
    let text = captures(&mut pos("mitred-bishogi-rla", "k7/4spc1/5Q2/4h1a1/1qrb4/1nQw4/1mtg4/7K[] w - - 0 1"));
    assert_eq!(text.lines().count(), 14, "{text}");
    insta::assert_snapshot!(text);
}

/// Family 3 in Minerva (every family-3 type occurs there; no kings).
#[test]
fn capture_to_hand_family_3() {
    let text = captures(&mut pos("mitred-frontofhouse-minerva", "8/4sp2/5Q2/4h3/1qrb4/1nQw4/1mtg4/8[] w - - 0 1"));
    assert_eq!(text.lines().count(), 12, "{text}");
    insta::assert_snapshot!(text);
}

// ---- 4. Drops ----

/// Where each piece in the mover's hand may be dropped: `*` legal, `.` refused (empty
/// square), a letter = occupied.
fn drop_maps(p: &mut Position) -> String {
    let g = p.variant().geometry();
    let legal = p.legal_moves();
    let mut out = format!("fen: {}\n", p.fen());
    let letters: Vec<char> = p.rules().pieces.iter().filter_map(|d| d.letter).collect();
    for (t, letter) in letters.iter().enumerate() {
        let drops: Vec<_> = legal.iter().filter(|m| m.kind == MoveKind::Drop && m.piece.index() == t).collect();
        if drops.is_empty() {
            continue;
        }
        out += &format!("{letter}@ ({} squares)\n", drops.len());
        for rank in (0..g.ranks).rev() {
            out += &format!("{} ", rank + 1);
            for file in 0..g.files {
                let sq = g.square(file, rank);
                out.push(match p.piece_at(sq) {
                    Some(pc) => p.rules().fen_symbol(pc.kind, pc.color).letter,
                    None if drops.iter().any(|m| m.to == sq) => '*',
                    None => '.',
                });
            }
            out.push('\n');
        }
        out += "  abcdefgh\n";
    }
    out
}

const HANDS: &str = "7k/8/8/8/8/8/8/K7[WMHPwmhp] w - - 0 1";

/// A2: no Pawn, Wing or Mitre on the last rank, no Helm on the last two; a Pawn may go on
/// its own first rank.
#[test]
fn dead_square_drops_refused_white() {
    insta::assert_snapshot!(drop_maps(&mut pos("mitred-rla", HANDS)));
}

#[test]
fn dead_square_drops_refused_black() {
    insta::assert_snapshot!(drop_maps(&mut pos("mitred-rla", &HANDS.replace(" w ", " b "))));
}

#[test]
fn dead_square_drops_refused_by_the_parser() {
    let mut p = pos("mitred-rla", HANDS);
    for text in ["H@e8", "H@e7", "P@e8", "W@e8", "M@e8", "@e8"] {
        assert_eq!(p.parse_move(text).unwrap_err().code, IllegalCode::DropZone, "{text}");
    }
    for text in ["H@e6", "P@e7", "W@e7", "M@e7", "P@e1", "@e1", "H@b1"] {
        assert!(p.parse_move(text).is_ok(), "{text}");
    }
    let mut p = pos("mitred-rla", &HANDS.replace(" w ", " b "));
    for text in ["H@e1", "H@e2", "P@e1", "W@e1", "M@e1"] {
        assert_eq!(p.parse_move(text).unwrap_err().code, IllegalCode::DropZone, "{text}");
    }
    for text in ["H@e3", "P@e2", "P@e8", "W@e2", "M@e2"] {
        assert!(p.parse_move(text).is_ok(), "{text}");
    }
}

/// A8 and A7 need no option: a second Pawn on a file is fine (A7).
#[test]
fn doubled_pawns_may_be_dropped() {
    let mut p = pos("mitred-ariana", "4k3/8/8/8/4P3/8/8/4K3[P] w - - 0 1");
    assert!(p.parse_move("P@e3").is_ok());
    assert!(p.parse_move("P@e6").is_ok());
}

/// A Pawn dropped on b7 mates (A8 allows it): the Gold on c6 guards it, the Wing a7 and
/// Mitre b8 box the King in and neither can take it.
#[test]
fn pawn_drop_mates() {
    let mut p = pos("mitred-ariana", "km6/w7/2G5/8/8/8/8/4K3[P] w - - 0 1");
    let san: Vec<String> = p.moves_with_notation().into_iter().filter(|e| e.1 == "P@b7").map(|e| e.2).collect();
    assert_eq!(san, ["P@b7#"]);
    p.play_str("P@b7").unwrap();
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Checkmate }));
}

// ---- 5. Electra and Minerva: capture the whole army ----

#[test]
fn capture_all_wins() {
    let mut p = pos("mitred-electra", "8/8/8/p7/8/8/8/R7[] w - - 0 1");
    p.play_str("Rxa5").unwrap();
    assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::ArmyCaptured }));
    assert!(p.legal_moves().is_empty());
}

/// A3: a piece in hand is part of the army, so the game goes on; Black's Helm may be
/// dropped anywhere but on Black's last two ranks (1 and 2).
#[test]
fn a_piece_in_hand_keeps_the_army_alive() {
    let mut p = pos("mitred-electra", "8/8/8/p7/8/8/8/R7[h] w - - 0 1");
    p.play_str("Rxa5").unwrap();
    assert_eq!(p.outcome(), None);
    let text = listing(&mut p);
    assert!(text.contains("\n47 legal moves\n"), "{text}");
}

/// A4: no legal move (the Pawn is blocked, nothing in hand) but pieces left: a draw.
#[test]
fn no_move_with_pieces_left_is_a_draw() {
    let p = pos("mitred-minerva", "8/8/8/4p3/4P3/8/8/8[] b - - 0 1");
    assert_eq!(p.outcome(), Some(Outcome { winner: None, reason: EndReason::Stalemate }));
}

#[test]
fn the_annihilation_variants_have_no_check() {
    // A Queen may stand attacked and anything may move: no royal piece.
    let mut p = pos("mitred-minerva", "3q4/8/8/8/8/8/8/3Q4[] w - - 0 1");
    assert!(!p.is_check());
    assert!(p.parse_move("Qxd8").is_ok());
}

// ---- 6. Sylvia's King swap (A9) ----

/// Black's legal moves under each reading. Positions name the never-moved pieces
/// (`unmoved=`) and hold a piece on its start square that has moved (Gold d8 or Queen
/// d7), so their FENs are the same whether or not the kernel infers unmoved pieces.
fn swap_readings(fen: &str) -> String {
    let mut out = String::new();
    for when in ["otherwise-mated", "in-check", "any-time"] {
        let mut p = sylvia("mitred-sylvia", when).position(fen).unwrap();
        out += &format!("==== when = \"{when}\"\n{}", listing(&mut p));
    }
    out
}

/// In check from the Knight, with other moves: the King may step away or the Queen take.
/// The swap is offered only when in check or at any time; not with the c7 Bishop (the King
/// would stand attacked there) nor with the d7 Queen (it has moved).
#[test]
fn sylvia_swap_in_check_with_other_moves() {
    insta::assert_snapshot!(swap_readings("3g4/1rbqk1r1/8/3N4/8/8/8/K7[] b - - 0 1 unmoved=b7,c7,e7,g7"));
}

/// Mated but for the swap with the g7 Rook: every reading allows it, and it is the only move.
#[test]
fn sylvia_swap_escapes_mate() {
    let text = swap_readings("3g1g2/4k1r1/4Q3/2N5/8/8/8/K7[] b - - 0 1 unmoved=e7,g7");
    for block in text.split("==== ").skip(1) {
        assert!(block.contains("\n1 legal moves\ne7g7 K<>g7\n"), "{block}");
    }
    insta::assert_snapshot!(text);
}

/// Not in check: only the any-time reading offers the swap.
#[test]
fn sylvia_swap_out_of_check() {
    insta::assert_snapshot!(swap_readings("3g4/4k1r1/8/8/8/8/8/K7[] b - - 0 1 unmoved=e7,g7"));
}

#[test]
fn sylvia_no_swap_once_king_or_partner_has_moved() {
    let mated = "3g1g2/4k1r1/4Q3/2N5/8/8/8/K7[] b - - 0 1";
    for unmoved in ["g7", "e7", "-"] {
        let p = sylvia("mitred-sylvia", "otherwise-mated").position(&format!("{mated} unmoved={unmoved}")).unwrap();
        assert_eq!(p.outcome(), Some(Outcome { winner: Some(Color::White), reason: EndReason::Checkmate }), "{unmoved}");
    }
}

#[test]
fn sylvia_a_dropped_piece_never_counts_as_unmoved() {
    let v = sylvia("mitred-sylvia", "any-time");
    let mut p = v.position("8/4k3/8/8/8/8/8/K7[r] b - - 0 1 unmoved=e7").unwrap();
    p.play_str("R@g7").unwrap();
    p.play_str("Kb1").unwrap();
    assert!(p.legal_moves().iter().all(|m| m.kind != MoveKind::Rule), "{}", listing(&mut p));
    // The same position set up from FEN with the Rook unmoved does offer it.
    let mut q = v.position("8/4k1r1/8/8/8/8/8/1K6[] b - - 0 1 unmoved=e7,g7").unwrap();
    assert!(q.parse_move("K<>g7").is_ok());
}

// ---- 7. Consistency over random games ----

/// The two Golds on the e-file both reach f2, so SAN names the e1 one `G1f2` — which the
/// reader matches, case-insensitively, against the long form `g1f2` of the g1 Mitre's move
/// before trying SAN. Piece letters that are also file letters (here B, G, H, A, C) make
/// this common in this family; chess has it too (`B1c3` with Bishops a1/a5, Knight b1).
#[test]
fn san_spelled_like_a_long_move_is_read_as_that_move() {
    let mut p = pos("mitred-frontofhouse-ariana", "1bsggsmw/r2qkb2/w1pppprp/1p4p1/p3PBPP/PPPBbPK1/WRQ1G1R1/1MS1GSMW[p] w - - 24 13");
    let (gold, _, san) = p.moves_with_notation().into_iter().find(|e| e.1 == "e1f2").unwrap();
    assert_eq!(san, "G1f2");
    assert_eq!(p.parse_move("G1f2").ok(), Some(gold), "G1f2 read as the Mitre's g1f2");
}

/// Random games in every ruleset: FEN (hands and all) and the hash round-trip, every legal
/// move reads back from its SAN and its long form, and undoing restores each position.
#[test]
fn random_games_round_trip() {
    let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for (id, _) in RULESETS {
        let v = variant(id);
        for _game in 0..3 {
            let mut p = v.start();
            let mut fens = Vec::new();
            for _ply in 0..100 {
                if p.outcome().is_some() {
                    break;
                }
                let fen = p.fen();
                let q = v.position(&fen).unwrap_or_else(|e| panic!("{id}: {fen}: {e}"));
                assert_eq!(q.fen(), fen, "{id}");
                assert_eq!(q.hash(), p.hash(), "{id}: {fen}");
                let moves = p.moves_with_notation();
                assert_eq!(moves.len() as u64, q.count_moves(), "{id}: {fen}");
                for (m, uci, san) in &moves {
                    // Known kernel bug (see `san_spelled_like_a_long_move_is_read_as_that_move`):
                    // SAN such as `G1f2` is read as the long move `g1f2` if there is one.
                    let shadowed = moves.iter().any(|(o, u, _)| o != m && u.eq_ignore_ascii_case(san));
                    if !shadowed {
                        assert_eq!(p.parse_move(san).ok(), Some(*m), "{id}: {fen}: {san}");
                    }
                    assert_eq!(p.parse_move(uci).ok(), Some(*m), "{id}: {fen}: {uci}");
                }
                fens.push(fen);
                p.play_unchecked(moves[next(moves.len())].0);
            }
            while let Some(fen) = fens.pop() {
                p.undo().unwrap();
                assert_eq!(p.fen(), fen, "{id}: undo");
            }
        }
    }
}

/// A10's other reading, as a ruleset option: a Silver of the starting array (shown by a
/// FIDE Pawn, which the seed's setup paragraph lets return) goes to hand as a Silver; a
/// Silver promoted from a Mitre (`S~`) as the Mitre it was. Two keys over the default's
/// piece table, which sends every Silver back as a Mitre.
const A10_ARRAY_SILVERS_RETURN: &str = r#"
extends = "mitred-ariana"
name = "mitred-ariana-a10"
[drops]
demote_on_capture = true
[pieces.silver]
captured_as = "silver"
"#;

#[test]
fn a10_array_silvers_may_return_as_silvers() {
    let fen = "k7/4sps~1/5Q2/8/8/8/8/7K[] w - - 0 1";
    let other = chimera::variants::from_toml(A10_ARRAY_SILVERS_RETURN, "a10.toml").unwrap();
    let text = captures(&mut other.position(fen).unwrap());
    assert!(text.contains("f6e7 Qxe7: silver on e7 -> hand [S]"), "{text}");
    assert!(text.contains("f6g7 Qxg7: silver on g7 -> hand [M]"), "{text}");
    // The default reading (A10: the piece table) returns both as Mitres; without
    // `demote_on_capture` its FENs have no `~`, so its promoted Silver is written plain.
    let text = captures(&mut pos("mitred-ariana", "k7/4sps1/5Q2/8/8/8/8/7K[] w - - 0 1"));
    assert!(text.contains("f6e7 Qxe7: silver on e7 -> hand [M]"), "{text}");
    assert!(text.contains("f6g7 Qxg7: silver on g7 -> hand [M]"), "{text}");
}
