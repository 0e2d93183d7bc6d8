//! The summary `chimera check` prints: every rule of a compiled ruleset in words.
//!
//! Each sentence records the ruleset keys it explains (`pieces.*.moves_within`), so that a
//! test can hold the summary to every key a built-in sets: a rule the summary leaves out
//! is a key no sentence claims.

use std::collections::BTreeSet;

use chimera::betza::Direction;
use chimera::rules::{Captured, Flips, Passing, Placement, PromotionPolicy, Region, Rules, Verdict};
use chimera::{Color, Geometry, Notation, PieceSet, PieceType};

/// The summary `chimera check` prints.
pub fn summary(rules: &Rules) -> String {
    explain(rules).text
}

/// The summary, and the keys its sentences explain: paths as a ruleset writes them, a
/// piece's name written `*` (`pieces.*.promotion.to`), per-side forms (`white`, `black`)
/// counted as their key.
pub(super) struct Explained {
    pub text: String,
    #[cfg_attr(not(test), allow(dead_code))]
    pub keys: BTreeSet<String>,
}

/// The text being written, and the keys it has explained so far.
struct Out<'a> {
    rules: &'a Rules,
    text: String,
    keys: BTreeSet<String>,
}

impl Out<'_> {
    /// Records that the text explains these keys.
    fn says(&mut self, keys: &[&str]) {
        self.keys.extend(keys.iter().map(|k| k.to_string()));
    }
    fn line(&mut self, keys: &[&str], line: String) {
        self.says(keys);
        self.text += &line;
        self.text.push('\n');
    }
    fn name(&self, t: PieceType) -> String {
        self.rules.piece(t).name.clone()
    }
    fn names(&self, types: impl IntoIterator<Item = PieceType>) -> Vec<String> {
        types.into_iter().map(|t| self.name(t)).collect()
    }
    fn set(&self, types: PieceSet) -> Vec<String> {
        self.names(types.iter())
    }
    fn geometry(&self) -> Geometry {
        self.rules.geometry
    }
}

pub(super) fn explain(rules: &Rules) -> Explained {
    let mut out = Out { rules, text: String::new(), keys: BTreeSet::new() };
    let o = &mut out;
    let g = rules.geometry;
    o.line(&["name"], format!("name: {}", rules.name));
    if !rules.description.is_empty() {
        o.line(&["description"], format!("description: {}", rules.description));
    }
    o.line(
        &["board", "board.files", "board.ranks", "a1_color"],
        format!("board: {}x{}, a1 is {}", g.files, g.ranks, if rules.a1_light { "light" } else { "dark" }),
    );
    if g.boards > 1 {
        let span = |b: u8| format!("{}-{}", Geometry::file_char(b * g.board_files()), Geometry::file_char((b + 1) * g.board_files() - 1));
        let each: Vec<String> = (0..g.boards).map(span).collect();
        o.line(
            &["board.boards"],
            format!(
                "{} boards of {}x{} side by side, files {}; no piece moves from one to another but by a transfer",
                g.boards,
                g.board_files(),
                g.ranks,
                list(&each)
            ),
        );
    }
    if rules.transfer {
        o.line(
            &["board.transfer"],
            "after each move the moved piece (a castle's king and rook) passes to the same square of the next board, which must be empty: a piece captures only on its own board, a king is attacked only by the pieces of its board".to_string(),
        );
    }
    if rules.per_board_names {
        o.line(
            &["board.names"],
            "SAN names each board's squares from a1, a move made on another board than the first marked with the board its piece ends on (Nf3, Ne5/A); long algebraic and FENs name the whole width".to_string(),
        );
    }
    if g.wrap_files {
        o.line(
            &["board.wrap"],
            "the board is a cylinder: the a-file and the last file are adjacent, pieces move across that edge (a rider stops before its own square)".to_string(),
        );
    }
    if !rules.walls.is_empty() {
        let walls: Vec<String> = rules.walls.iter().map(|&sq| g.square_name(sq)).collect();
        o.line(&["start"], format!("walls (no piece stands on or passes them): {}", list(&walls)));
    }
    pieces(o);
    castling(o);
    play(o);
    hands(o);
    actions(o);
    end(o);
    o.line(&["start"], format!("start: {}", rules.start_fen));
    Explained { text: out.text, keys: out.keys }
}

/// The pieces' table: name, letter, Betza and every per-piece rule.
fn pieces(o: &mut Out) {
    let rules = o.rules;
    o.line(&["pieces"], format!("pieces: {}", rules.pieces.len()));
    // A row names every rule its piece has: one it leaves out is off (`royal = false`).
    o.says(&["pieces.*.letter", "pieces.*.betza", "pieces.*.royal", "pieces.*.pawn", "pieces.*.en_passant"]);
    let mut rows = vec![vec!["name".to_string(), "letter".into(), "betza".into(), "rules".into()]];
    for (t, p) in rules.pieces.iter().enumerate() {
        let mut notes = Vec::new();
        if p.directions.is_empty() && p.extra_moves.is_none() {
            notes.push("never moves".to_string());
        }
        if p.royal {
            o.says(&["pieces.*.royal"]);
            notes.push("royal".to_string());
        }
        if let Some(n) = p.royal_while_at_most {
            o.says(&["pieces.*.royal_while_at_most"]);
            let few = if n == 1 { "its side's only one".to_string() } else { format!("its side has at most {n}") };
            notes.push(format!("royal while {few} (not while more)"));
        }
        if p.pawn {
            o.says(&["pieces.*.pawn"]);
            notes.push("pawn (SAN writes no letter)".to_string());
        }
        if let Some(t) = p.face_of {
            o.says(&["pieces.*.face_of"]);
            let written = if p.letter.is_some() { "also written" } else { "written" };
            notes.push(format!("the promoted face of the {} ({written} +{})", o.name(t), rules.symbol(t)));
        }
        if let Some(l) = p.notation_letter {
            o.says(&["pieces.*.notation_letter"]);
            notes.push(format!("written {l} in Fairy-Stockfish's notations"));
        }
        if !p.double_step_ranks.is_empty() {
            o.says_all(&region_keys("pieces.*.double_step_ranks"));
            notes.push(format!("double step from {}", region(&p.double_step_ranks, o.geometry())));
        }
        if p.en_passant {
            o.says(&["pieces.*.en_passant"]);
            notes.push("its double steps may be taken en passant".to_string());
            if let Some(r) = &p.en_passant_ranks {
                o.says(&["pieces.*.en_passant_ranks"]);
                notes.push(format!("only those from {}", region(r, o.geometry())));
            }
        }
        if !p.en_passant && !p.double_step_ranks.is_empty() {
            o.says(&["pieces.*.en_passant"]);
            notes.push("its double steps are never taken en passant".to_string());
        }
        // By default a piece takes en passant when its own double steps may be taken so.
        o.says(&["pieces.*.takes_en_passant"]);
        if p.takes_en_passant && !p.en_passant {
            notes.push("takes en passant".to_string());
        } else if !p.takes_en_passant && p.en_passant {
            notes.push("never takes en passant".to_string());
        }
        if let Some(within) = &p.moves_within {
            o.says_all(&region_keys("pieces.*.moves_within"));
            notes.push(format!("moves and attacks only within {}", region(within, o.geometry())));
        }
        if let Some((from, leaps)) = &p.extra_moves {
            o.says(&["pieces.*.extra_moves", "pieces.*.extra_moves.ranks", "pieces.*.extra_moves.files", "pieces.*.extra_moves.betza"]);
            notes.push(format!("also {} from {}", self::leaps(leaps), region(from, o.geometry())));
        }
        let initial = &p.initial_moves;
        if !initial.in_check {
            o.says(&["pieces.*.initial_moves", "pieces.*.initial_moves.in_check"]);
            notes.push("no initial-only move while in check".to_string());
        }
        if !initial.lost_when_aimed_by.is_empty() {
            o.says(&["pieces.*.initial_moves", "pieces.*.initial_moves.lost_when_aimed_by"]);
            let by = o.set(initial.lost_when_aimed_by).join(" or ");
            notes.push(format!("initial-only moves lost for good once an enemy {by} moves to aim at it"));
        }
        if let Some(n) = p.limit {
            o.says(&["pieces.*.limit"]);
            notes.push(format!("at most {n} on the board"));
        }
        if let Some(c) = p.class {
            o.says(&["pieces.*.class"]);
            notes.push(format!("class {c}"));
        }
        // A royal piece is never captured, never in hand.
        if rules.drops.is_some() && !p.royal {
            o.says(&["pieces.*.captured_as", "drops.captures_to_hand"]);
            notes.push(match p.captured_as {
                Captured::Removed => "removed when captured".to_string(),
                Captured::Hand(t) if rules.piece(t).name == p.name => "captured into the hand".to_string(),
                Captured::Hand(t) => format!("captured into the hand as a {}", rules.piece(t).name),
            });
        }
        if let Some(r) = p.drop_ranks.as_ref().filter(|_| !p.royal) {
            o.says_all(&region_keys("pieces.*.drop_ranks"));
            o.says_all(&region_keys("drops.ranks"));
            notes.push(format!("dropped or placed on {}", region(r, o.geometry())));
        }
        if let Some(pr) = &p.promotion {
            o.says(&["pieces.*.promotion", "pieces.*.promotion.to", "pieces.*.promotion.policy", "pieces.*.promotion.ranks"]);
            let names = |to: &[PieceType]| list(&o.names(to.iter().copied()));
            let to = if pr.to[Color::White] == pr.to[Color::Black] {
                names(&pr.to[Color::White])
            } else {
                format!("{} (White), {} (Black)", names(&pr.to[Color::White]), names(&pr.to[Color::Black]))
            };
            let (policy, otherwise) = match pr.policy {
                PromotionPolicy::Mandatory => ("must", ""),
                PromotionPolicy::Optional => ("may", ""),
                PromotionPolicy::Free => ("may", " (or stay, even where it can then never move)"),
                PromotionPolicy::IfAvailable => ("must", " if one is available (else stays)"),
                PromotionPolicy::AsAMove => ("may", ""),
            };
            if pr.ranks.listed(Color::White).iter().chain(pr.ranks.listed(Color::Black)).next().is_some() {
                o.says(&["pieces.*.promotion.squares"]);
            }
            o.says(&[
                "pieces.*.promotion.from_zone",
                "pieces.*.promotion.on_capture",
                "pieces.*.promotion.en_passant",
                "pieces.*.promotion.always_on",
            ]);
            let mut from_zone = match (pr.from_zone, pr.from_zone_captures) {
                (true, true) => " on entering it, or by a capture from a square of it (within it or leaving it)".to_string(),
                (true, false) => " (also leaving it)".to_string(),
                (false, _) => String::new(),
            };
            if !pr.always_on.is_empty() {
                from_zone += &format!(", and on any move to {}", region(&pr.always_on, o.geometry()));
            }
            let otherwise =
                if pr.en_passant { otherwise.to_string() } else { format!("{otherwise}; an en-passant capture into it does not promote") };
            let capturing = if pr.on_capture { " by a capture only" } else { "" };
            if pr.policy == PromotionPolicy::AsAMove {
                notes.push(format!(
                    "may, as its move, promote to {to} where it stands on {} (anywhere if it is its side's last), in place or by one move of the new piece onto an empty square, attacking no enemy piece and giving no check; arriving there promotes nothing",
                    region(&pr.ranks, o.geometry())
                ));
            } else {
                notes.push(format!("{policy} promote{capturing} on {}{from_zone} to {to}{otherwise}", region(&pr.ranks, o.geometry())));
            }
        }
        notes.extend(multi_leg_notes(p));
        if let Some(lines) = &p.line_moves {
            o.says(&["pieces.*.line_moves", "pieces.*.line_moves.squares", "pieces.*.line_moves.betza"]);
            let g = o.geometry();
            let squares: Vec<String> = lines.squares.iter().map(|&sq| g.square_name(sq)).collect();
            notes.push(format!("from a line square ({}) also `{}`, to another of them", squares.join(" "), lines.betza));
        }
        if p.petrify_on_capture {
            o.says(&["pieces.*.petrify_on_capture"]);
            notes.push("turns to stone when it captures: a wall on the square it took".to_string());
        }
        if !p.hop_barred.is_empty() {
            o.says(&["pieces.*.hop_barred"]);
            notes.push(format!("its hops neither jump over nor capture a {}", o.set(p.hop_barred).join(" or ")));
        }
        rows.push(vec![p.name.clone(), rules.symbol(PieceType::new(t as u8)).to_string(), p.betza.clone(), notes.join("; ")]);
    }
    o.text += &table(&rows, "  ");
}

/// The castles, with the squares that must be empty and safe.
fn castling(o: &mut Out) {
    let rules = o.rules;
    let g = rules.geometry;
    if rules.castles.is_empty() {
        o.line(&["castling"], "castling: none".to_string());
        return;
    }
    o.line(&["castling"], format!("castling: {}", rules.castles.len()));
    o.says(&[
        "castling.notation",
        "castling.king",
        "castling.king_to",
        "castling.rook",
        "castling.rook_to",
        "castling.empty",
        "castling.safe",
    ]);
    o.says(&["castling.fen", "castling.aliases"]);
    let squares = |v: &[chimera::Square]| v.iter().map(|&s| g.square_name(s)).collect::<Vec<_>>().join(" ");
    let rows: Vec<Vec<String>> = rules
        .castles
        .iter()
        .map(|c| {
            let mut extra = vec![format!("empty: {}", or_none(squares(&c.empty))), format!("safe: {}", or_none(squares(&c.safe)))];
            if !c.aliases.is_empty() {
                extra.push(format!("also {}", list(&c.aliases)));
            }
            extra.push(format!("FEN {}", c.fen_letter));
            vec![
                c.notation.clone(),
                format!("king {}-{}", g.square_name(c.king_from), g.square_name(c.king_to)),
                format!("rook {}-{}", g.square_name(c.rook_from), g.square_name(c.rook_to)),
                format!("({})", extra.join("; ")),
            ]
        })
        .collect();
    o.text += &table(&rows, "  ");
    if !rules.castling_rights_on_arrival.is_empty() {
        let names = o.names(rules.castling_rights_on_arrival.iter().copied()).join(" or ");
        o.line(
            &["castling_rights_on_arrival"],
            format!("  a right arrives with a {names} that comes into being on its rook square while the king has never moved"),
        );
    }
    if rules.opposite_castling {
        o.line(
            &["opposite_castling"],
            "  a castle takes the opponent's right to the same castle: the sides castle to opposite wings".to_string(),
        );
    }
}

/// The rules that take moves away or change what check is, and the notation.
fn play(o: &mut Out) {
    let rules = o.rules;
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row = |o: &mut Out, keys: &[&str], label: &str, text: String| {
        o.says(keys);
        rows.push(vec![format!("{label}:"), text]);
    };
    // `royal_when_last` stands for `royal = true` (the extinction row says which pieces).
    if !rules.pieces.iter().any(|p| p.royal || p.royal_while_at_most.is_some()) && !rules.end.extinction.iter().any(|x| x.royal_when_last) {
        row(o, &["royal"], "royal", "none: nothing is ever in check, pieces are captured like any other".to_string());
    } else if let Some(side) = rules.unguarded_side {
        row(o, &["royal"], "royal", format!("{side}'s army has no royal piece"));
    }
    if rules.duple_check {
        row(o, &["duple_check"], "several royals", "a side is in check only when all of them are attacked".to_string());
    }
    if !rules.immobile_moves {
        row(o, &["immobile_moves"], "stuck pieces", "no piece may move, without promoting, where it could never move again".to_string());
    }
    if rules.flying_royals {
        row(o, &["flying_royals"], "flying royals", "royal pieces may not face each other on an open rank or file".to_string());
    }
    if rules.must_capture {
        row(o, &["must_capture"], "must capture", "while a capture is legal, no other move is".to_string());
    }
    if !rules.checks_allowed {
        row(o, &["checks_allowed"], "no checks", "a move may not give check".to_string());
    }
    if !rules.royal_flees_check {
        row(o, &["royal_flees_check"], "royal in check", "may not move, but to take its only checker".to_string());
    }
    if rules.unmoved_in_castling_field {
        let text = "the FEN's castling field flags the first rank's unmoved pieces; only those keep their initial-only moves";
        row(o, &["unmoved_in_castling_field"], "unmoved pieces", text.to_string());
    }
    if rules.notation != Notation::San {
        row(o, &["notation"], "notation", format!("moves are written in {} by default", rules.notation.name()));
    }
    match rules.flips {
        Some(Flips::Enclosed) => row(o, &["flips"], "flips", "a piece arriving turns to the mover's side every line of enemy pieces it encloses against one of the mover's own, in the eight directions".to_string()),
        Some(Flips::Adjacent) => row(o, &["flips"], "flips", "a piece arriving turns to the mover's side every enemy piece next to it".to_string()),
        Some(Flips::AdjacentJoined) => row(
            o,
            &["flips"],
            "flips",
            "a piece arriving turns to the mover's side every enemy piece next to it — a dropped one only when it lands next to one of the mover's own".to_string(),
        ),
        None => {}
    }
    if rules.chess960 {
        let text = "castling as in Chess960: king and rooks may start anywhere on the first rank (every FEN is read so), castles end on the usual squares and are written king-takes-rook";
        row(o, &["chess960"], "chess960", text.to_string());
    }
    if rules.circe.is_some() {
        let text = "a captured piece (royals excepted) is reborn at once on its start square (a pawn on its file, a piece on the one of the capture square's colour), and vanishes if that square is occupied";
        row(o, &["circe"], "circe", text.to_string());
    }
    if rules.andernach {
        row(
            o,
            &["andernach"],
            "andernach",
            "a piece that captures (royals excepted) changes sides; a promoting capture promotes first".to_string(),
        );
    }
    if rules.madrasi {
        let text =
            "a piece attacked by an enemy piece of its own type (royals excepted) is paralysed: it neither moves, captures nor gives check";
        row(o, &["madrasi"], "madrasi", text.to_string());
    }
    if !rows.is_empty() {
        o.text += "play:\n";
        o.text += &table(&rows, "  ");
    }
}

/// Hands and gates.
fn hands(o: &mut Out) {
    let rules = o.rules;
    if let Some(d) = &rules.drops {
        // The line names every rule of the hands: one it leaves out is off.
        o.says(&["drops", "drops.demote_on_capture", "drops.promoted", "drops.immobile_drops"]);
        let to_hand = rules.pieces.iter().any(|p| matches!(p.captured_as, Captured::Hand(_)));
        let mut notes = Vec::new();
        o.says(&["drops.drop_moves", "drops.unlimited"]);
        notes.push(
            if d.unlimited {
                "every piece but a royal may be dropped at will, from an unlimited supply (no hand)"
            } else if d.drop_moves {
                "pieces in hand may be dropped"
            } else {
                "pieces in hand enter only through gates, never by a drop"
            }
            .to_string(),
        );
        if !d.first_squares[Color::White].is_empty() {
            o.says(&["drops.first_squares"]);
            let g = o.geometry();
            let squares: Vec<String> = d.first_squares[Color::White].iter().map(|&sq| g.square_name(sq)).collect();
            notes.push(format!("the first drops fill {} (White's; mirrored for Black) before any other square", squares.join(" ")));
        }
        match d.placement {
            Some(Placement::Enclosing) => {
                notes.push("a drop only where it encloses a line of enemy pieces against an own piece".to_string())
            }
            Some(Placement::NextToOwn) => notes.push("a drop only next to one of the mover's own pieces".to_string()),
            Some(Placement::OnTop) => {
                notes.push("a drop only on the bottom rank or on top of a piece, as discs fall in Connect Four".to_string())
            }
            Some(Placement::Apart) => notes.push("a drop never beside an enemy piece (a wazir's step away)".to_string()),
            None => {}
        }
        o.says(&["drops.placement"]);
        o.says(&["drops.captures_to_hand"]);
        notes.push(
            if to_hand { "captured pieces go to the captor's hand (see each piece)" } else { "captured pieces leave the game" }.to_string(),
        );
        if let Some(c) = d.capacity {
            o.says(&["drops.capacity"]);
            notes.push(format!("at most {c} in a hand"));
        }
        for &(t, n) in &d.per_file {
            o.says(&["drops.per_file", "drops.one_per_file"]);
            notes.push(format!("at most {n} {} per file for a drop there", o.name(t)));
        }
        if !d.no_drop_mate.is_empty() {
            o.says(&["drops.no_drop_mate"]);
            notes.push(format!("no mate by a {} drop", o.names(d.no_drop_mate.iter().copied()).join(" or ")));
        }
        if d.two_boards {
            o.says(&["drops.two_boards"]);
            notes.push("one board of a two-board game: a partner on the other board fills the hands (both boards: `chimera perft --match`, `two_boards::Match`)".to_string());
        }
        if !d.checks {
            o.says(&["drops.checks"]);
            notes.push("no drop may give check".to_string());
        }
        if d.demote_on_capture {
            o.says(&["drops.demote_on_capture"]);
            notes.push(
                if to_hand { "promoted pieces return unpromoted" } else { "promoted pieces are marked (`Q~`): they would pass unpromoted" }
                    .to_string(),
            );
        }
        if d.promoted {
            o.says(&["drops.promoted"]);
            notes.push("a piece may also be dropped as any type that returns to the hand as it".to_string());
        }
        if d.immobile_drops {
            o.says(&["drops.immobile_drops"]);
            notes.push("also onto squares from which it could never move".to_string());
        }
        if !d.must_drop.is_empty() {
            o.says(&["drops.must_drop"]);
            let all = d.must_drop.len() == rules.pieces.len();
            let what = if all { "any piece".to_string() } else { format!("a {}", o.names(d.must_drop.iter().copied()).join(" or ")) };
            notes.push(format!("a side holding {what} must drop one, and makes no other move while it can"));
        }
        if !d.opposite_colors.is_empty() {
            o.says(&["drops.opposite_colors"]);
            let names = o.names(d.opposite_colors.iter().copied()).join(" and ");
            notes.push(format!("drops leave room for each side's {names} pieces to end half on light, half on dark squares"));
        }
        if !d.castling_rights_on_drop.is_empty() {
            o.says(&["drops.castling_rights_on_drop"]);
            let names = o.names(d.castling_rights_on_drop.iter().copied()).join(" or ");
            notes.push(format!(
                "a dropped royal, or a dropped {names} on a rook square, gives that castle's right when the other stands at home"
            ));
        }
        o.line(&[], format!("hands: {}", notes.join("; ")));
    }
    if let Some(gates) = &rules.gating {
        o.line(
            &["gating", "gating.rank"],
            format!(
                "gating: when a piece first leaves a gate on rank {} (the FEN's castling field lists the gates), a piece from the hand may enter on the square it left",
                gates.rank + 1
            ),
        );
    }
}

/// Lifting, the economy and rule modules, where the variant has them.
fn actions(o: &mut Out) {
    let rules = o.rules;
    if let Some(l) = &rules.lift {
        o.says(&["lift"]);
        let mut notes = vec!["a piece may be lifted into the hand, becoming a member of its class".to_string()];
        if !l.raise_ranks.is_empty() {
            o.says(&["lift.raise_ranks"]);
            notes.push(format!("one class up from {}", region(&l.raise_ranks, o.geometry())));
        }
        for c in &l.not_on_first_move {
            o.says(&["lift.not_on_first_move"]);
            notes.push(format!("not on {c}'s first move"));
        }
        o.line(&[], format!("lift: {}", notes.join("; ")));
    }
    if let Some(e) = &rules.economy {
        o.line(&["economy", "economy.coins"], format!("economy: {} coins each", e.coins));
        for &(t, price) in &e.buy {
            o.line(&["economy.buy"], format!("  buy a {} for {price}", o.name(t)));
        }
        for u in &e.upgrades {
            o.line(
                &["economy.upgrades", "economy.upgrades.from", "economy.upgrades.to", "economy.upgrades.cost"],
                format!("  upgrade a {} to a {} for {}", o.name(u.from), o.name(u.to), u.cost),
            );
        }
        if e.purchases_before_upgrades > 0 {
            o.line(&["economy.purchases_before_upgrades"], format!("  upgrades after {} purchases", e.purchases_before_upgrades));
        }
    }
    match rules.turn.walls {
        Some(chimera::rules::Walling::Duck) => {
            o.line(
                &["turn", "turn.walls"],
                "turn: a move, then the mover moves the duck (a neutral wall) to an empty square other than its own".to_string(),
            );
        }
        Some(chimera::rules::Walling::Arrow) => {
            let text =
                "turn: a move, then the moved piece shoots a wall (an arrow) along its own quiet moves from where it landed; walls stay";
            o.line(&["turn", "turn.walls"], text.to_string());
        }
        Some(chimera::rules::Walling::Behind) => {
            o.line(&["turn", "turn.walls"], "turn: a move, then the square the moved piece left becomes a wall; walls stay".to_string());
        }
        Some(chimera::rules::Walling::Anywhere) => {
            let g = o.geometry();
            let never: Vec<String> = rules.turn.no_walls_on.iter().map(|&sq| g.square_name(sq)).collect();
            let except = if never.is_empty() { String::new() } else { format!(" but {}", never.join(" ")) };
            o.line(
                &["turn", "turn.walls", "turn.no_walls_on"],
                format!("turn: a move, then the mover walls any empty square{except}; walls stay"),
            );
        }
        None => {}
    }
    if let Some(series) = &rules.turn.series {
        summarise_series(o, series);
    }
    if rules.pass.iter().any(|(_, &p)| p != Passing::Never) {
        let (w, b) = (rules.pass[Color::White], rules.pass[Color::Black]);
        let when = if w == b { w.describe().to_string() } else { format!("White {}; Black {}", w.describe(), b.describe()) };
        o.line(&["pass", "pass.white", "pass.black"], format!("pass: a side may pass {when}; two passes in a row end the game"));
    }
    let registry = chimera::variants::modules::registry();
    for m in &rules.modules {
        let key = format!("modules.{}", m.name);
        let mut keys = vec![key.clone()];
        let params: Vec<String> = m.params.iter().map(|(k, v)| format!("{k} = {v}")).collect();
        keys.extend(m.params.keys().map(|k| format!("{key}.{k}")));
        let what = registry.names().find(|(n, _)| *n == m.name).map(|(_, d)| format!(": {d}")).unwrap_or_default();
        let params = if params.is_empty() { String::new() } else { format!(" ({})", params.join(", ")) };
        let keys: Vec<&str> = keys.iter().map(String::as_str).collect();
        o.line(&keys, format!("module: {}{params}{what}", m.name));
    }
}

/// The `[end]` table.
fn end(o: &mut Out) {
    let rules = o.rules;
    let end = &rules.end;
    o.text += "end:\n";
    let mut rows: Vec<Vec<String>> = Vec::new();
    let mut row = |o: &mut Out, keys: &[&str], label: &str, text: String| {
        o.says(keys);
        rows.push(vec![format!("{label}:"), text]);
    };
    row(o, &["end", "end.checkmate"], "checkmate", verdict(end.checkmate).to_string());
    if end.stalemate_by_count {
        let text = format!(
            "the stalemated side with fewer pieces on the board: {}; with more, the opposite; equal numbers draw",
            verdict(end.stalemate)
        );
        row(o, &["end.stalemate", "end.stalemate_by_count"], "stalemate", text);
    } else {
        row(o, &["end.stalemate"], "stalemate", verdict(end.stalemate).to_string());
    }
    let (white, black) = (end.repetition_verdict[Color::White], end.repetition_verdict[Color::Black]);
    let repetition = match (end.repetition.is_on(), white, black) {
        (false, ..) => "no draw".into(),
        (true, Verdict::Draw, Verdict::Draw) => format!("draw by repetition ({})", thresholds(end.repetition, "-fold")),
        (true, w, b) if w == b => format!("{} ({})", verdict(w), thresholds(end.repetition, "-fold")),
        (true, w, b) => format!("{}, {} ({})", side(w, "White to move"), side(b, "Black to move"), thresholds(end.repetition, "-fold")),
    };
    row(o, &["end.repetition", "end.repetition.claim", "end.repetition.automatic", "end.repetition_verdict"], "repetition", repetition);
    if let Some(v) = end.perpetual.check {
        row(o, &["end.perpetual_check"], "perpetual check", side(v, "the side that checks with every move of a repetition"));
    }
    if let Some(chase) = &end.perpetual.chase {
        let chasers: Vec<String> = chase.chasers.iter().map(|&(t, s)| format!("{} {s}", o.name(t))).collect();
        let mut text = format!(
            "{} (chasers by strength: {})",
            side(chase.verdict, "the side that chases a piece with every move of a repetition"),
            chasers.join(", ")
        );
        for (t, r) in &chase.immune {
            text += &format!("; a {} is never chased on {}", o.name(*t), region(r, o.geometry()));
        }
        row(
            o,
            &["end.perpetual_chase", "end.perpetual_chase.verdict", "end.perpetual_chase.chasers", "end.perpetual_chase.immune"],
            "perpetual chase",
            text,
        );
    }
    if let Some(attack) = &end.perpetual.attack {
        let mut text = side(attack.verdict, "the side that completes a repetition having attacked with every move of it");
        if !attack.royals.is_empty() {
            let royals = o.names(attack.royals.iter().copied());
            text += &format!(" (an attack on a {} counts as a check)", royals.join(" or "));
        }
        row(o, &["end.perpetual_attack", "end.perpetual_attack.verdict", "end.perpetual_attack.royals"], "perpetual attack", text);
    }
    let move_rule = if !end.move_rule.is_on() {
        "none".to_string()
    } else {
        let mut resets = Vec::new();
        for e in &end.move_rule_resets {
            let article = if e.name().starts_with(['a', 'e', 'i', 'o', 'u']) { "an" } else { "a" };
            resets.push(format!("{article} {}", e.name()));
        }
        for &t in &end.move_rule_reset_by {
            resets.push(format!("a {} move", o.name(t)));
        }
        let without = if resets.is_empty() { String::new() } else { format!(" without {}", resets.join(" or ")) };
        let checks = end.move_rule_checks_counted.map(|n| format!("; a side's checks past {n} do not count")).unwrap_or_default();
        format!("draw after so many moves by each side{without} ({}){checks}", thresholds(end.move_rule, ""))
    };
    let keys = ["end.move_rule", "end.move_rule.claim", "end.move_rule.automatic", "end.move_rule_reset", "end.move_rule_checks_counted"];
    row(o, &keys, "move rule", move_rule);
    if let Some(c) = &end.counting {
        let text = counting(o, c);
        row(o, &["end.counting"], "counting", text);
    }
    let dead = match &end.insufficient_material {
        None => "never declared".to_string(),
        Some(im) => {
            o.says(&["end.insufficient_material"]);
            let mut cases = vec!["bare royals".to_string()];
            if !im.lone.is_empty() {
                o.says(&["end.insufficient_material.lone"]);
                cases.push(format!("a lone {}", o.names(im.lone.iter().copied()).join(" or ")));
            }
            if !im.same_color.is_empty() {
                o.says(&["end.insufficient_material.same_color"]);
                cases.push(format!("{} only, all on squares of one colour", o.names(im.same_color.iter().copied()).join(" and ")));
            }
            format!("draw with {}", cases.join("; "))
        }
    };
    row(o, &["end.insufficient_material"], "dead position", dead);
    if let Some(v) = end.army_captured {
        let hand = if end.army_includes_hand { "board and hand" } else { "board" };
        row(o, &["end.army_captured", "end.army_includes_hand"], "army captured", format!("{} (the whole army, {hand})", verdict(v)));
    }
    for x in &end.extinction {
        let hand = if x.include_hand { "board and hand" } else { "board" };
        let what = match x.of {
            None => format!("at most {} piece{} in all, {hand}", x.at_most, if x.at_most == 1 { "" } else { "s" }),
            Some(types) => {
                let of = if x.together { o.set(types).join(" and ") + " together" } else { o.set(types).join(" or ") };
                format!("at most {} of {of}, {hand}", x.at_most)
            }
        };
        let mut terms = vec![what];
        if x.opponent_at_least > 0 {
            terms.push(format!("while the opponent has at least {}", x.opponent_at_least));
        }
        if x.reply {
            terms.push("a side reduced to it, to move, may reply first".to_string());
        }
        if x.royal_when_last {
            let last = if x.at_most == 0 { "last one of them is".to_string() } else { format!("last {} of them are", x.at_most + 1) };
            terms.push(format!("a side's {last} royal"));
        }
        let who = match x.verdict {
            Verdict::Win => "the side reduced to it wins",
            Verdict::Loss => "the side reduced to it loses",
            Verdict::Draw => "draw",
        };
        let keys = [
            "end.extinction",
            "end.extinction.verdict",
            "end.extinction.of",
            "end.extinction.at_most",
            "end.extinction.opponent_at_least",
            "end.extinction.reply",
            "end.extinction.include_hand",
            "end.extinction.together",
            "end.extinction.royal_when_last",
        ];
        row(o, &keys, "extinction", format!("{who} ({})", terms.join("; ")));
    }
    if let Some(w) = &end.region_win {
        let g = o.geometry();
        let goal = |c: Color| match w.squares[c].is_empty() {
            true => "none".to_string(),
            false => w.squares[c].iter().map(|&s| g.square_name(s)).collect::<Vec<_>>().join(" "),
        };
        let mut text = format!(
            "a side wins with {} {} on its goal (White: {}; Black: {})",
            w.count,
            o.set(w.pieces).join(" or "),
            goal(Color::White),
            goal(Color::Black)
        );
        if w.safe {
            text += "; only while none there is attacked";
        }
        if w.reply {
            text += "; the opponent gets one more move first";
        }
        if w.full {
            text += "; or with one there once every goal square is occupied";
        }
        let keys = [
            "end.region_win",
            "end.region_win.piece",
            "end.region_win.count",
            "end.region_win.reply",
            "end.region_win.safe",
            "end.region_win.full",
        ];
        row(o, &keys, "region win", text);
    }
    if let Some(c) = &end.connect {
        row(o, &CONNECT_KEYS, "connection", connection(o, c));
    }
    if let Some(m) = &end.mate_rule {
        let mut terms = Vec::new();
        if !m.dropped.is_empty() {
            terms.push(format!("a mate given by dropping a {}: {}", o.set(m.dropped).join(" or "), verdict(m.dropped_verdict)));
        }
        if !m.sole_checkers.is_empty() {
            terms.push(format!("a mate given by {} alone: {}", o.set(m.sole_checkers).join(" or "), verdict(m.sole_checkers_verdict)));
        }
        if !m.series_needs.is_empty() {
            terms.push(format!(
                "a mate whose series of checks had no check by a {}: {}",
                o.set(m.series_needs).join(" or "),
                verdict(m.series_verdict)
            ));
        }
        let keys = [
            "end.mate_rule",
            "end.mate_rule.sole_checkers",
            "end.mate_rule.sole_checkers_verdict",
            "end.mate_rule.series_needs",
            "end.mate_rule.series_verdict",
            "end.mate_rule.dropped",
            "end.mate_rule.dropped_verdict",
        ];
        row(o, &keys, "mate rule", format!("for the mated side, {}", terms.join("; ")));
    }
    // Off, bikjang leaves no row (as every rule the summary leaves out is off).
    o.says(&["end.bikjang"]);
    if end.bikjang {
        let text = "while the royals face each other on an open line, the side to move must part them or pass; a facing after a facing ends the game";
        row(o, &["end.bikjang"], "bikjang", text.to_string());
    }
    if let Some(count) = &end.material_count {
        let unweighted = count.weights.iter().all(|&(_, w)| w == 1) && count.weights.len() == o.rules.pieces.len();
        let weights = if unweighted {
            "every piece 1".to_string()
        } else {
            count.weights.iter().map(|&(t, w)| format!("{} {w}", o.name(t))).collect::<Vec<_>>().join(", ")
        };
        let komi = f64::from(count.komi_halves) / 2.0;
        let balance = if komi == 0.0 {
            "more material wins, equal draws".to_string()
        } else if count.komi_halves % 2 != 0 {
            format!("White wins with more than {komi} points more, else Black")
        } else {
            format!("White wins with more than {komi} points more, Black with less, equal draws")
        };
        let mut ends = Vec::new();
        if end.bikjang {
            ends.push("bikjang");
        }
        if o.rules.pass.iter().any(|(_, &p)| p != Passing::Never) {
            ends.push("two passes");
        }
        if end.repetition.claim != 0 || end.repetition.automatic != 0 {
            ends.push("a repetition");
        }
        if end.move_rule.claim != 0 || end.move_rule.automatic != 0 {
            ends.push("the move rule");
        }
        if end.full_board {
            ends.push("a full board");
        }
        if end.stalemate == Verdict::Draw || end.stalemate_by_count {
            ends.push("a stalemate");
        }
        let last = ends.pop().unwrap_or("nothing");
        let what = if ends.is_empty() { last.to_string() } else { format!("{}, or {last}", ends.join(", ")) };
        let text = format!("what {what} would draw is scored by material ({weights}): {balance}");
        row(o, &["end.material_count", "end.material_count.komi", "end.material_count.weights"], "material count", text);
    }
    if end.castling_wins != 0 {
        let letters: String = (0..rules.castles.len())
            .flat_map(|i| Color::BOTH.into_iter().map(move |c| (i, c)))
            .filter(|&(i, c)| end.castling_wins & (1 << (2 * i + c.index())) != 0)
            .map(|(i, c)| if c == Color::White { rules.castles[i].fen_letter } else { rules.castles[i].fen_letter.to_ascii_lowercase() })
            .collect();
        let text = format!("a side that castles by one of its rights {letters} wins; one left with none of them loses");
        row(o, &["end.castling_wins"], "castle chess", text);
    }
    if end.full_board {
        row(
            o,
            &["end.full_board"],
            "full board",
            "the game ends once no square is empty, scored by the material count (a draw without one)".to_string(),
        );
    }
    if let Some(n) = end.checks {
        let text = format!("a side that gives its {} check wins; the counts are in the FEN field `checks=W/B`", ordinal(n));
        row(o, &["end.checks"], "check counting", text);
    }

    if let Some(v) = end.shuttling {
        let text = format!("a player who moves one piece back and forth between two squares five turns in a row: {}", verdict(v));
        row(o, &["end.shuttling"], "shuttling", text);
    }
    if let Some(v) = end.forced_promotion {
        let text = format!(
            "a side with its royal and one piece that promotes as a move, not in check, whose only moves are that promotion (it may not be forced): {}",
            verdict(v)
        );
        row(o, &["end.forced_promotion"], "forced promotion", text);
    }
    o.text += &table(&rows, "  ");
}

/// Makruk's family's counts in a sentence.
fn counting(o: &mut Out, c: &chimera::rules::Counting) -> String {
    let mut terms = Vec::new();
    if c.board_moves > 0 {
        o.says(&["end.counting.board_honour", "end.counting.board_honour.moves"]);
        let mut t = format!("a side left with little material counts to {} moves", c.board_moves);
        if c.board_most_pieces > 0 {
            o.says(&["end.counting.board_honour.most_pieces"]);
            t += &format!(" (with at most {} pieces)", c.board_most_pieces);
        }
        o.says(&["end.counting.board_honour.with_pawns"]);
        t += if c.board_with_pawns { ", pawns on the board or not" } else { ", once no pawn is on the board" };
        terms.push(t);
    }
    if c.bare_moves > 0 || !c.bare_limits.is_empty() {
        o.says(&["end.counting.pieces_honour", "end.counting.pieces_honour.moves", "end.counting.pieces_honour.from_pieces"]);
        let mut limits: Vec<String> = c
            .bare_limits
            .iter()
            .map(|l| {
                o.says(&[
                    "end.counting.pieces_honour.by",
                    "end.counting.pieces_honour.by.piece",
                    "end.counting.pieces_honour.by.moves",
                    "end.counting.pieces_honour.by.at_least",
                ]);
                format!("{} against {} {}{}", l.moves, l.at_least, o.name(l.piece), if l.at_least > 1 { "s" } else { "" })
            })
            .collect();
        if c.bare_moves > 0 {
            limits.push(format!("else {}", c.bare_moves));
        }
        let from = if c.bare_from_pieces { "from the number of pieces on the board" } else { "from one" };
        terms.push(format!("a bare king counts {from} to {}", limits.join(", ")));
    }
    format!("the counting side may claim a draw when its count runs out: {}", terms.join("; "))
}

/// The keys of a region written at `key`, in either of its forms.
fn region_keys(key: &str) -> [String; 4] {
    [key.to_string(), format!("{key}.ranks"), format!("{key}.files"), format!("{key}.squares")]
}

impl Out<'_> {
    fn says_all(&mut self, keys: &[String]) {
        self.keys.extend(keys.iter().cloned());
    }
}

/// `rank 2`, `ranks 1, 2, 3 on files d-f`, `b3 c3` — a region in words, in White's view.
fn region(r: &Region, g: Geometry) -> String {
    let mut parts = Vec::new();
    let own: &[u8] = r;
    if !own.is_empty() {
        let mut text = ranks(own);
        if !r.files().is_empty() {
            let name = |f: u8| ((b'a' + f) as char).to_string();
            let files = r.files();
            let run = files.windows(2).all(|w| w[1] == w[0] + 1) && files.len() > 2;
            let names: Vec<String> = files.iter().map(|&f| name(f)).collect();
            text += &if run { format!(" on files {}-{}", names[0], names[names.len() - 1]) } else { format!(" on files {}", list(&names)) };
        }
        parts.push(text);
    }
    let (white, black) = (r.listed(Color::White), r.listed(Color::Black));
    let names = |v: &[chimera::Square]| v.iter().map(|&s| g.square_name(s)).collect::<Vec<_>>().join(" ");
    if !white.is_empty() || !black.is_empty() {
        let mirrored = white.iter().map(|&s| g.mirror(s)).eq(black.iter().copied());
        parts.push(if mirrored {
            format!("{} (mirrored for Black)", names(white))
        } else {
            format!("{} (White), {} (Black)", names(white), names(black))
        });
    }
    parts.join(" and ")
}

/// `rank 2`, `ranks 1, 8`, `ranks 6-10` (own ranks, from 1).
fn ranks(r: &[u8]) -> String {
    let names: Vec<String> = r.iter().map(|x| (x + 1).to_string()).collect();
    if r.len() > 2 && r.windows(2).all(|w| w[1] == w[0] + 1) {
        return format!("ranks {}-{}", names[0], names[names.len() - 1]);
    }
    format!("{} {}", if r.len() == 1 { "rank" } else { "ranks" }, list(&names))
}

/// Plain leaps in words: `a (1,0) leap sideways`.
fn leaps(dirs: &[Direction]) -> String {
    let mut kinds: Vec<String> = Vec::new();
    for d in dirs {
        let (x, y) = (d.dx.unsigned_abs(), d.dy.unsigned_abs());
        let way = match d.dy.signum() {
            1 => "forward",
            -1 => "backward",
            _ => "sideways",
        };
        let text = format!("a ({},{}) leap {way}", x.max(y), x.min(y));
        if !kinds.contains(&text) {
            kinds.push(text);
        }
    }
    kinds.join(", ")
}

/// A piece's multi-leg moves (XBetza `a`) in words: how many leaps to which distance,
/// over how many squares that must be empty, and how many that must hold a piece.
fn multi_leg_notes(p: &chimera::rules::PieceDef) -> Option<String> {
    if !p.betza.contains('a') {
        return None;
    }
    let legs: Vec<&Direction> = p.directions.iter().filter(|d| d.is_conditional()).collect();
    let mut parts = Vec::new();
    if !legs.is_empty() {
        parts.push(leap_words(&legs));
    }
    parts.extend(locust_words(&p.locusts));
    (!parts.is_empty()).then(|| format!("in legs (`a`): {}", parts.join("; ")))
}

/// A piece's locust moves (`features/locust.rs`) in words: those that take on their first
/// square and go on, those that take there and come back (igui), the passes (jitto).
fn locust_words(locusts: &[Direction]) -> Option<String> {
    let count = |f: &dyn Fn(&Direction, bool, bool) -> bool| {
        locusts.iter().filter(|d| d.locust.is_some_and(|l| f(d, l.takes, (d.dx, d.dy) == (0, 0)))).count()
    };
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let on = count(&|_, takes, back| takes && !back);
    let igui = count(&|_, takes, back| takes && back);
    let jitto = count(&|_, takes, back| !takes && back);
    let mut said = Vec::new();
    if on > 0 {
        said.push(format!("{on} move{} that take a piece on the first square and go on", plural(on)));
    }
    if igui > 0 {
        said.push(format!("{igui} that take on the first square and come back (igui)",));
    }
    if jitto > 0 {
        said.push(format!("{jitto} pass{} out to an empty square and back (jitto)", if jitto == 1 { "" } else { "es" }));
    }
    (!said.is_empty()).then(|| said.join(", "))
}

/// Leaps in words, grouped by distance and conditions: `8 leaps of (2,3) passing 2
/// squares that must be empty`.
fn leap_words(directions: &[&Direction]) -> String {
    let mut groups: std::collections::BTreeMap<(i8, i8, usize, usize), usize> = Default::default();
    for d in directions {
        let (a, b) = (d.dx.abs().min(d.dy.abs()), d.dx.abs().max(d.dy.abs()));
        *groups.entry((a, b, d.path.len(), d.hurdles.len())).or_default() += 1;
    }
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    let parts: Vec<String> = groups
        .into_iter()
        .map(|((a, b, empty, over), n)| {
            let mut s = format!("{n} leap{} of ({a},{b})", plural(n));
            let mut conditions = Vec::new();
            if empty > 0 {
                conditions.push(format!("{empty} square{} that must be empty", plural(empty)));
            }
            if over > 0 {
                conditions.push(format!("{over} piece{} to hop over", plural(over)));
            }
            if !conditions.is_empty() {
                s += &format!(" passing {}", conditions.join(" and "));
            }
            s
        })
        .collect();
    parts.join("; ")
}

fn list(items: &[String]) -> String {
    items.join(", ")
}

fn or_none(s: String) -> String {
    if s.is_empty() {
        "-".to_string()
    } else {
        s
    }
}

/// The keys of `[end.connect]`, all said by its one sentence.
const CONNECT_KEYS: [&str; 8] = [
    "end.connect",
    "end.connect.in_a_row",
    "end.connect.square",
    "end.connect.collinear",
    "end.connect.link",
    "end.connect.pieces",
    "end.connect.directions",
    "end.connect.verdict",
];

/// `[end.connect]` in words: the goals, the pieces and lines, and the verdict.
fn connection(o: &Out, c: &chimera::rules::Connect) -> String {
    let dirs: Vec<String> = [(c.horizontal, "ranks"), (c.vertical, "files"), (c.diagonal, "diagonals")]
        .iter()
        .filter(|(on, _)| *on)
        .map(|&(_, n)| n.to_string())
        .collect();
    let along = list(&dirs);
    let all = o.rules.piece_types().all(|t| c.pieces.contains(t));
    let pieces = if all { "its pieces".to_string() } else { format!("its {}", o.set(c.pieces).join(" or ")) };
    let mut goals = Vec::new();
    if c.in_a_row > 0 {
        goals.push(format!("{} of {pieces} in a row along {along}", c.in_a_row));
    }
    if c.square > 0 {
        goals.push(format!("{pieces} filling a {0}x{0} square", c.square));
    }
    if c.collinear > 0 {
        goals.push(format!("{} of {pieces} on one whole line ({along}; gaps allowed)", c.collinear));
    }
    let g = o.geometry();
    for color in [Color::White, Color::Black] {
        if let Some((from, to)) = &c.link[color] {
            let names = |squares: &[chimera::Square]| squares.iter().map(|&s| g.square_name(s)).collect::<Vec<_>>().join(" ");
            let who = if color == Color::White { "White" } else { "Black" };
            goals.push(format!(
                "({who}) a chain of {pieces}, each next to the next along {along}, joining {} to {}",
                names(from),
                names(to)
            ));
        }
    }
    format!("when the side that just moved has {}: {}", goals.join(", or "), side(c.verdict, "the side that connected"))
}

fn verdict(v: Verdict) -> &'static str {
    match v {
        Verdict::Win => "the side to move wins",
        Verdict::Loss => "the side to move loses",
        Verdict::Draw => "draw",
    }
}

fn side(v: Verdict, who: &str) -> String {
    match v {
        Verdict::Win => format!("{who} wins"),
        Verdict::Loss => format!("{who} loses"),
        Verdict::Draw => "draw".to_string(),
    }
}

/// `claimable at 3-fold, automatic at 5-fold`, or either alone.
fn thresholds(t: chimera::Threshold, unit: &str) -> String {
    let claim = (t.claim != 0).then(|| format!("claimable at {}{unit}", t.claim));
    let automatic = (t.automatic != 0).then(|| format!("automatic at {}{unit}", t.automatic));
    claim.into_iter().chain(automatic).collect::<Vec<_>>().join(", ")
}

/// Columns separated by two spaces, padded to the widest cell; no trailing blanks.
fn table(rows: &[Vec<String>], indent: &str) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> =
        (0..columns).map(|c| rows.iter().filter_map(|r| r.get(c)).map(|s| s.chars().count()).max().unwrap_or(0)).collect();
    let mut s = String::new();
    for row in rows {
        let mut line = indent.to_string();
        for (c, cell) in row.iter().enumerate() {
            // Padded by hand: `format!`'s width stops at 65,535, and a cell may be longer.
            line += cell;
            line.extend(std::iter::repeat_n(' ', widths[c] - cell.chars().count() + 2));
        }
        s += line.trim_end();
        s.push('\n');
    }
    s
}

/// `[turn] moves` and its companions, in words.
fn summarise_series(o: &mut Out, s: &chimera::rules::Series) {
    use chimera::rules::{Judged, SeriesEnPassant, SeriesLength};
    let moves = |n: u8| if n == 1 { "one move".to_string() } else { format!("{n} moves") };
    let length = match s.length {
        SeriesLength::Fixed([w, b]) if w == b => format!("each turn is {} (each a part of the turn)", moves(w)),
        SeriesLength::Fixed([w, b]) => format!("White's turns are {}, Black's {}", moves(w), moves(b)),
        SeriesLength::Progressive => "the game's n-th turn has n moves (White 1, Black 2, White 3, ...)".to_string(),
    };
    o.line(&["turn", "turn.moves"], format!("turn: {length}"));
    if let Some(n) = s.first_turn_moves {
        o.line(&["turn.first_turn_moves"], format!("  White's first turn is {}", moves(n)));
    }
    if s.check_ends_turn {
        o.line(&["turn.check_ends_turn"], "  a move that gives check ends the turn; the rest is forfeited".to_string());
    }
    let judged = match s.judged {
        Judged::Move => "  no move may leave the mover's royal attacked, not even mid-turn",
        Judged::Turn => "  the mover's royal may pass through check: it must be safe only when the turn ends; where the opponent moves several times, a royal its next turn could capture is in check",
    };
    o.line(&["turn.judged"], judged.to_string());
    let ep = match s.en_passant {
        SeriesEnPassant::First => "  en passant: a pawn that double-stepped in the opponent's last turn and moved no further may be taken by the turn's first move",
        SeriesEnPassant::Leading => "  en passant: a pawn that double-stepped in the opponent's last turn and moved no further may be taken by the turn's first moves, while each takes en passant",
    };
    o.line(&["turn.en_passant"], ep.to_string());
}

/// `1st`, `2nd`, `3rd`, `4th`, … `11th`, `21st`.
fn ordinal(n: u16) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}
