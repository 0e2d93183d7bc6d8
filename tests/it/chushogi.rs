//! Chu shogi (`rulesets/chushogi.toml`): its 39 piece types, promotion on entering the
//! zone or capturing in it, the lion's double moves and the `chu-lion` trading rules,
//! checked against lishogi's shogiops (the legal-move counts of 279 positions from real
//! games, `tests/data/chushogi-perft1.tsv`) and on hand-made positions read from the
//! rules' text (H. G. Muller's Chu shogi page; shogiops' `chushogi.ts`).

use chimera::variants::load;
use chimera::{MoveKind, Position, Square};

fn position(fen: &str) -> Position {
    load("chushogi").unwrap().position(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves_from(p: &Position, from: &str) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.uci(m)).filter(|u| u.starts_with(from)).collect();
    v.sort();
    v
}

/// shogiops lists a lion's double step through an empty square, `(from, via, to)`, as a
/// move of its own beside the leap or step to `to` (Chimera has the one move): how many
/// such steps the side to move has, each legal where the plain move to `to` is.
fn through_empty_steps(p: &Position) -> usize {
    let rules = p.rules();
    let g = rules.geometry;
    let us = p.turn();
    let up: i32 = if us == chimera::Color::White { 1 } else { -1 };
    let legal = p.legal_moves();
    let plain = |from: Square, to: Square| legal.iter().any(|m| m.kind == MoveKind::Normal && m.from == from && m.to == to);
    let kings: Vec<(i32, i32)> = (-1..=1).flat_map(|dx| (-1..=1).map(move |dy| (dx, dy))).filter(|&d| d != (0, 0)).collect();
    let mut n = 0;
    for from in g.all() {
        let Some(piece) = p.piece_at(from).filter(|q| q.color == us) else { continue };
        // (first step, second steps from there) of each piece that moves twice.
        let legs: Vec<((i32, i32), Vec<(i32, i32)>)> = match rules.symbol(piece.kind).to_string().as_str() {
            "N" | "+O" => kings.iter().map(|&d| (d, kings.clone())).collect(),
            "+H" => vec![((0, up), vec![(0, up), (0, -up)])],
            "+D" => [-1, 1].into_iter().map(|dx| ((dx, up), vec![(dx, up), (-dx, -up)])).collect(),
            _ => continue,
        };
        for ((dx, dy), seconds) in legs {
            let Some(via) = g.offset(from, dx, dy).filter(|&v| p.piece_at(v).is_none()) else { continue };
            n += seconds.iter().filter_map(|&(ex, ey)| g.offset(via, ex, ey)).filter(|&to| to != from && plain(from, to)).count();
        }
    }
    n
}

#[test]
fn legal_move_counts_agree_with_shogiops_in_279_positions_from_real_games() {
    let data = std::fs::read_to_string("tests/data/chushogi-perft1.tsv").unwrap();
    let mut checked = 0;
    for line in data.lines().filter(|l| !l.starts_with('#')) {
        let (fen, count) = line.split_once('\t').unwrap();
        let p = position(fen);
        let ours = p.legal_moves().len() + through_empty_steps(&p);
        assert_eq!(ours, count.parse::<usize>().unwrap(), "{fen}");
        checked += 1;
    }
    assert_eq!(checked, 279);
}

#[test]
fn the_start_position() {
    let mut p = position("lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL w - - 0 1");
    assert_eq!(p.fen(), load("chushogi").unwrap().start().fen());
    // Ten pawns (two stand behind the go-betweens), the two go-betweens, the lion's
    // leaps and the pieces behind: counts of our own, the fixture above having no start
    // (symmetric, so the second ply has as many replies).
    assert_eq!((p.perft(1), p.perft(2)), (36, 1296));
    assert!(!p.is_check(), "nothing is royal: no check");
}

// A 12x12 board: White's king a1, Black's l12, and the pieces each test places.
fn board(pieces: &[(&str, char)]) -> String {
    let mut rows = vec![vec![None; 12]; 12];
    for &(sq, c) in pieces.iter().chain(&[("a1", 'K'), ("l12", 'k')]) {
        let file = (sq.as_bytes()[0] - b'a') as usize;
        let rank: usize = sq[1..].parse().unwrap();
        rows[rank - 1][file] = Some(c);
    }
    let text: Vec<String> = rows
        .iter()
        .rev()
        .map(|row| {
            let mut s = String::new();
            let mut empty = 0;
            for c in row {
                match c {
                    None => empty += 1,
                    Some(c) => {
                        if empty > 0 {
                            s += &empty.to_string();
                            empty = 0;
                        }
                        s.push(*c);
                    }
                }
            }
            if empty > 0 {
                s += &empty.to_string();
            }
            s
        })
        .collect();
    text.join("/")
}

#[test]
fn a_lion_may_not_take_a_protected_lion_two_squares_away() {
    // Black's lion on e7, protected by the pawn on e8 (a Black pawn steps down).
    let p = position(&format!("{} w - - 0 1", board(&[("e5", 'N'), ("e7", 'n'), ("e8", 'p')])));
    let lion = moves_from(&p, "e5");
    assert!(!lion.contains(&"e5e7".to_string()), "{lion:?}");
    let refusal = load("chushogi").unwrap().position(&p.fen()).unwrap().parse_move("e5e7").unwrap_err();
    assert!(refusal.message.contains("protected lion on e7"), "{}", refusal.message);
    // Unprotected, it may.
    let p = position(&format!("{} w - - 0 1", board(&[("e5", 'N'), ("e7", 'n')])));
    assert!(moves_from(&p, "e5").contains(&"e5e7".to_string()));
    // Next to it, always: the lion on e6 is taken by a step.
    let p = position(&format!("{} w - - 0 1", board(&[("e5", 'N'), ("e6", 'n'), ("e7", 'p')])));
    assert!(moves_from(&p, "e5").contains(&"e5e6".to_string()));
}

#[test]
fn taking_something_on_the_way_buys_the_lion_unless_it_is_a_pawn() {
    // A gold on e6 between: the double capture e5xe6xe7 is allowed.
    let p = position(&format!("{} w - - 0 1", board(&[("e5", 'N'), ("e6", 'g'), ("e7", 'n'), ("e8", 'p')])));
    let lion = moves_from(&p, "e5");
    assert!(lion.contains(&"e5e6e7".to_string()) && !lion.contains(&"e5e7".to_string()), "{lion:?}");
    // A pawn there buys nothing.
    let p = position(&format!("{} w - - 0 1", board(&[("e5", 'N'), ("e6", 'p'), ("e7", 'n'), ("e8", 'p')])));
    let lion = moves_from(&p, "e5");
    assert!(!lion.contains(&"e5e6e7".to_string()) && lion.contains(&"e5e6d7".to_string()), "{lion:?}");
}

#[test]
fn after_a_non_lion_takes_a_lion_no_counter_strike_elsewhere() {
    // White's gold takes Black's lion on d8; Black's rook on g12 may not take White's
    // lion on g5 now (a non-lion, elsewhere), but may take the gold on d8.
    let mut p = position(&format!("{} w - - 0 1", board(&[("d7", 'G'), ("d8", 'n'), ("g5", 'N'), ("g12", 'r'), ("d12", 'r')])));
    p.play_str("d7d8").unwrap();
    assert!(p.fen().ends_with(" lion=d8"), "{}", p.fen());
    let rook = moves_from(&p, "g12");
    assert!(!rook.contains(&"g12g5".to_string()) && rook.contains(&"g12g6".to_string()), "{rook:?}");
    let err = p.parse_move("g12g5").unwrap_err();
    assert!(err.message.contains("only a lion may take a lion now, except on d8"), "{}", err.message);
    assert!(moves_from(&p, "d12").contains(&"d12d8".to_string()));
    // The FEN field reads back, and goes with the next move.
    assert_eq!(position(&p.fen()).fen(), p.fen());
    p.play_str("g12g6").unwrap();
    assert!(p.fen().ends_with(" lion=-") || !p.fen().contains("lion="), "{}", p.fen());
}

#[test]
fn promotion_on_entering_the_zone_or_capturing_in_it() {
    // White's rook on c8 (outside the zone, ranks 9-12) may promote entering it (c8c9
    // and c8c9+); within it, only a capture promotes.
    let p = position(&format!("{} w - - 0 1", board(&[("c8", 'R'), ("f10", 'G'), ("f9", 'g'), ("h11", 'S')])));
    let rook = moves_from(&p, "c8");
    assert!(rook.contains(&"c8c9+".to_string()) && rook.contains(&"c8c9".to_string()), "{rook:?}");
    assert!(rook.contains(&"c8c12+".to_string()), "{rook:?}");
    let gold = moves_from(&p, "f10");
    assert!(gold.contains(&"f10f11".to_string()) && !gold.contains(&"f10f11+".to_string()), "a quiet move inside: {gold:?}");
    // The silver on h11 takes nothing: no promotion inside the zone.
    assert!(!moves_from(&p, "h11").iter().any(|m| m.ends_with('+')));
    let p = position(&format!("{} w - - 0 1", board(&[("e10", 'G'), ("e11", 'g'), ("b11", 'P'), ("c11", 'L')])));
    let gold = moves_from(&p, "e10");
    assert!(gold.contains(&"e10e11+".to_string()) && gold.contains(&"e10e11".to_string()), "a capture inside: {gold:?}");
    // A pawn or lance may promote on the last rank however it gets there, or stay.
    let pawn = moves_from(&p, "b11");
    assert_eq!(pawn, ["b11b12", "b11b12+"]);
    assert!(moves_from(&p, "c11").contains(&"c11c12+".to_string()));
}

#[test]
fn a_fourfold_repetition_draws() {
    // Two lions passing by turns (jitto: out and back): the position's fourth occurrence.
    let mut p = position(&format!("{} w - - 0 1", board(&[("e5", 'N'), ("h8", 'n')])));
    for round in 0..3 {
        assert_eq!(p.outcome(), None, "round {round}");
        p.play_str("e5e6e5").unwrap();
        p.play_str("h8h9h8").unwrap();
    }
    assert_eq!(p.outcome(), Some(chimera::Outcome { winner: None, reason: chimera::EndReason::Repetition }));
}

/// `cycle` played `times` times after `before`, as the moves of a game.
fn cycle(before: &str, cycle: &str, times: usize) -> Vec<String> {
    let mut moves: Vec<String> = before.split_whitespace().map(str::to_string).collect();
    for _ in 0..times {
        moves.extend(cycle.split_whitespace().map(str::to_string));
    }
    moves
}

/// Plays `moves`, no earlier position ending the game, and gives the last one's end as
/// (winner, reason).
fn end_after(mut p: Position, moves: &[String]) -> Option<(Option<&'static str>, &'static str)> {
    for m in moves {
        assert_eq!(p.outcome(), None, "before {m}");
        p.play_str(m).unwrap_or_else(|e| panic!("{m}: {e:?}"));
    }
    p.outcome().map(|o| (o.winner.map(|c| c.name()), o.reason.as_str()))
}

/// Perpetual attack as lishogi decides it (`[end.perpetual_attack]`): the side that
/// completes the fourfold repetition loses when each of its moves since the position
/// first stood, and the move that brought it there, attacked.
#[test]
fn a_fourfold_repetition_by_a_side_that_attacked_with_every_move_loses_for_it() {
    // The rook attacks the silver on e10 from e3 and the gold on d10 from d3; Black's
    // king steps to and fro. The fourth occurrence comes with White's 7th move.
    let p = || position(&format!("{} w - - 0 1", board(&[("e2", 'R'), ("e10", 's'), ("d10", 'g')])));
    let moves = cycle("e2e3", "l12k12 e3d3 k12l12 d3e3", 3);
    assert_eq!(end_after(p(), &moves), Some((Some("black"), "perpetual-attack")));
    // One quiet move in White's cycle (h3 attacks nothing): a plain repetition.
    let moves = cycle("e2e3", "l12k12 e3h3 k12l12 h3e3", 3);
    assert_eq!(end_after(p(), &moves), Some((None, "repetition")));
    // The move that first reached the position was the king's, which attacks nothing…
    let at_e3 = |side: &str| position(&format!("{} {side} - - 0 1", board(&[("e3", 'R'), ("e10", 's'), ("d10", 'g')])));
    assert_eq!(end_after(at_e3("w"), &cycle("a1b1", "l12k12 e3d3 k12l12 d3e3", 3)), Some((None, "repetition")));
    // …or is not in the game, which began there: a plain repetition too, as lishogi counts.
    assert_eq!(end_after(at_e3("b"), &cycle("", "l12k12 e3d3 k12l12 d3e3", 3)), Some((None, "repetition")));
}

/// An attack on a king or prince by any piece counts, as a check would (`royals`): the
/// side mover attacks nothing itself, but each of its moves uncovers a rook's attack on
/// the black king or prince. Without `royals` it is a plain repetition.
#[test]
fn uncovering_an_attack_on_a_king_or_prince_attacks() {
    let fen = "k1+e8g/12/12/12/12/12/1M10/12/12/12/R1R9/11K w - - 0 1";
    let moves = cycle("b6a6", "l12k12 a6c6 k12l12 c6a6", 3);
    assert_eq!(end_after(position(fen), &moves), Some((Some("black"), "perpetual-attack")));
    let text = "extends = \"chushogi\"\nname = \"no-royals\"\n[end.perpetual_attack]\nroyals = []\n";
    let v = chimera::variants::from_toml(text, "no-royals.toml").unwrap();
    assert_eq!(end_after(v.position(fen).unwrap(), &moves), Some((None, "repetition")));
}

#[test]
fn a_three_square_move_that_is_not_legal_says_why() {
    let p = position("11k/12/12/4p7/4n7/4gp6/4N7/12/12/12/12/K11 w - - 0 1");
    let why = |text: &str| {
        let e = load("chushogi").unwrap().position(&p.fen()).unwrap().parse_move(text).unwrap_err();
        (e.code.as_str().to_string(), e.message)
    };
    let cases = [
        ("e5e6e7", "no-such-piece", "no white piece on e5"),
        ("a1a2a3", "piece-cannot-move-there", "the king on a1 has no moves in two steps"),
        ("e6e7f9", "piece-cannot-move-there", "the lion on e6 cannot step to e7 and then to f9"),
        (
            "e6d7d8",
            "piece-cannot-move-there",
            "the lion takes nothing on d7: there is nothing there (through the empty d7 it is the move e6d8)",
        ),
        // Through a pawn, the protected lion is not bought (the module's reason).
        ("e6f7e8", "protected-lion", "a lion may not take the protected lion on e8, two squares away"),
    ];
    for (text, code, message) in cases {
        let (c, m) = why(text);
        assert_eq!(c, code, "{text}: {m}");
        assert!(m.contains(message), "{text}: {m}");
    }
}

/// The bare-king rule as shogiops has it (`chu-bare-king`): a lone king loses to a king
/// with more, unless it can take the one piece at once; pawns and go-betweens do not
/// count for the side that bares; bare kings draw; judged for either side to move.
#[test]
fn a_bare_king_loses_and_bare_kings_draw() {
    let outcome = |fen: &str| position(fen).outcome().map(|o| (o.winner.map(|c| c.name()), o.reason.as_str().to_string()));
    let bare_king = Some((Some("white"), "bare-king".to_string()));
    // A gold out of the black king's reach: bared, whoever is to move.
    assert_eq!(outcome("k11/12/12/12/12/12/12/12/12/12/G11/11K b - - 0 1"), bare_king);
    assert_eq!(outcome("k11/12/12/12/12/12/12/12/12/12/G11/11K w - - 0 1"), bare_king);
    // The gold a king step away: the king may take it, so not bared yet.
    assert_eq!(outcome("k11/G11/12/12/12/12/12/12/12/12/12/11K b - - 0 1"), None);
    // Two pieces besides the king: bared though it may take one.
    assert_eq!(outcome("k11/G11/12/12/12/12/12/12/12/12/G11/11K b - - 0 1"), bare_king);
    // A pawn or a go-between does not bare a king; a lance stuck on its last rank counts
    // for no one.
    assert_eq!(outcome("k11/12/12/12/12/12/12/12/12/12/P11/11K b - - 0 1"), None);
    assert_eq!(outcome("k11/12/12/12/12/12/12/12/12/12/I11/11K b - - 0 1"), None);
    assert_eq!(outcome("k10L/12/12/12/12/12/12/12/12/12/12/11K b - - 0 1"), Some((None, "bare-kings".to_string())));
    // Bare kings draw.
    assert_eq!(outcome("k11/12/12/12/12/12/12/12/12/12/12/11K b - - 0 1"), Some((None, "bare-kings".to_string())));
    // A game over has no moves.
    assert!(position("k11/12/12/12/12/12/12/12/12/12/G11/11K b - - 0 1").legal_moves().is_empty());
}
