//! pyffish's `validate_fen`: Fairy-Stockfish's `FEN::validate_fen` (src/apiutil.h) step by
//! step, so that a FEN gets the code Fairy-Stockfish gives it. It checks the FEN's text
//! against the variant's shape (letters, board size, pockets, kings, castling flags,
//! counters), not whether the position could arise; the variant's properties it asks
//! about are read off Chimera's rules ([`Shape`]).

use chimera::{Color, PieceType, Rules, Square};

pub const FEN_INVALID_COUNTING_RULE: i32 = -14;
pub const FEN_INVALID_CHECK_COUNT: i32 = -13;
pub const FEN_INVALID_PROMOTED_PIECE: i32 = -12;
pub const FEN_INVALID_NB_PARTS: i32 = -11;
pub const FEN_INVALID_CHAR: i32 = -10;
pub const FEN_TOUCHING_KINGS: i32 = -9;
pub const FEN_INVALID_BOARD_GEOMETRY: i32 = -8;
pub const FEN_INVALID_POCKET_INFO: i32 = -7;
pub const FEN_INVALID_SIDE_TO_MOVE: i32 = -6;
pub const FEN_INVALID_CASTLING_INFO: i32 = -5;
pub const FEN_INVALID_EN_PASSANT_SQ: i32 = -4;
pub const FEN_INVALID_NUMBER_OF_KINGS: i32 = -3;
pub const FEN_INVALID_HALF_MOVE_COUNTER: i32 = -2;
pub const FEN_INVALID_MOVE_COUNTER: i32 = -1;
pub const FEN_EMPTY: i32 = 0;
pub const FEN_OK: i32 = 1;

pub const FEN_CODES: &[(&str, i32)] = &[
    ("FEN_INVALID_COUNTING_RULE", FEN_INVALID_COUNTING_RULE),
    ("FEN_INVALID_CHECK_COUNT", FEN_INVALID_CHECK_COUNT),
    ("FEN_INVALID_PROMOTED_PIECE", FEN_INVALID_PROMOTED_PIECE),
    ("FEN_INVALID_NB_PARTS", FEN_INVALID_NB_PARTS),
    ("FEN_INVALID_CHAR", FEN_INVALID_CHAR),
    ("FEN_TOUCHING_KINGS", FEN_TOUCHING_KINGS),
    ("FEN_INVALID_BOARD_GEOMETRY", FEN_INVALID_BOARD_GEOMETRY),
    ("FEN_INVALID_POCKET_INFO", FEN_INVALID_POCKET_INFO),
    ("FEN_INVALID_SIDE_TO_MOVE", FEN_INVALID_SIDE_TO_MOVE),
    ("FEN_INVALID_CASTLING_INFO", FEN_INVALID_CASTLING_INFO),
    ("FEN_INVALID_EN_PASSANT_SQ", FEN_INVALID_EN_PASSANT_SQ),
    ("FEN_INVALID_NUMBER_OF_KINGS", FEN_INVALID_NUMBER_OF_KINGS),
    ("FEN_INVALID_HALF_MOVE_COUNTER", FEN_INVALID_HALF_MOVE_COUNTER),
    ("FEN_INVALID_MOVE_COUNTER", FEN_INVALID_MOVE_COUNTER),
];

/// Chimera's Betza for Fairy-Stockfish's own pawn (its double step is a separate rule).
pub const STANDARD_PAWN: &str = "fmWfcF";

/// Whether a piece moves as chess's pawn, whatever its Betza's spelling (an imported
/// section's pawn may be written `cffFmffW`): the same directions as [`STANDARD_PAWN`].
pub fn moves_as_pawn(p: &chimera::rules::PieceDef) -> bool {
    static PAWN: std::sync::OnceLock<Vec<chimera::betza::Direction>> = std::sync::OnceLock::new();
    let sorted = |mut d: Vec<chimera::betza::Direction>| {
        d.sort();
        d
    };
    let pawn = PAWN.get_or_init(|| sorted(chimera::betza::parse(STANDARD_PAWN).expect("the pawn's Betza")));
    p.betza == STANDARD_PAWN || sorted(p.directions.clone()) == *pawn
}

/// What Fairy-Stockfish's validation asks of a variant, in Chimera's terms.
pub struct Shape {
    files: usize,
    ranks: usize,
    /// Every piece letter, both cases.
    letters: String,
    /// Letters of the types that promote in place (Shogi's `+P`), uppercase.
    plus_promoting: String,
    /// `+` marks promoted pieces (Fairy-Stockfish's `shogiStylePromotions`).
    shogi_promotions: bool,
    /// `~` marks promoted pieces (a pawn's promotion to an existing type).
    tilde_promotions: bool,
    /// Pieces in hand (drops or gating): a pocket may be written.
    pockets: bool,
    /// Drops proper (else a pocket is only gating's).
    drops: bool,
    /// The royal king's letter (uppercase), when the royal piece moves as a king.
    king: Option<char>,
    /// Royal letter whatever it moves like: kings are counted against the start.
    royal: Option<char>,
    castling: Option<Castling>,
    double_steps: bool,
    counting: bool,
    check_counting: bool,
    start_fen: String,
}

struct Castling {
    /// White's castling rank (0-based).
    rank: usize,
    king: char,
    /// The letters (uppercase) of the pieces that castle with the king.
    rooks: String,
    /// Castling rights may come with dropped pieces: their squares are not fixed.
    by_drop: bool,
}

impl Shape {
    pub fn of(rules: &Rules) -> Shape {
        let g = rules.geometry;
        // A promoted face (Shogi's tokin, Sho shogi's prince) is written `+` and its base's
        // letter: Fairy-Stockfish has no letter for it, unless it may stand unpromoted
        // (Shogi's dragon, in compat's twin of the variant: `unpromoted`; Sho shogi's,
        // `fen_io::bare_face`).
        let demotes = |t: PieceType| rules.promoted_from(t).is_some();
        let letters: String = rules
            .piece_types()
            .filter(|&t| !demotes(t) || rules.unpromoted_face(t) || super::fen_io::bare_face(rules, t))
            .flat_map(|t| {
                let l = rules.symbol(t).letter;
                [l, l.to_ascii_lowercase()]
            })
            // A piece's second letter too (Xiangqi's `H`: `fen_io::synonym`).
            .chain(('A'..='Z').chain('a'..='z').filter(|&c| super::fen_io::synonym(rules, c).is_some()))
            .collect();
        let mut plus_promoting = String::new();
        let mut tilde_promotions = false;
        for (t, p) in rules.pieces.iter().enumerate() {
            // A type a FEN writes `+` and its letter for, a piece demoted to it on capture
            // (xiangfu's `+g`).
            if super::fen_io::plus_type(rules, PieceType::new(t as u8)).is_some() {
                plus_promoting.push(rules.symbol(PieceType::new(t as u8)).letter);
            }
            if let Some(promotion) = &p.promotion {
                // `+` also for a piece promoted Shogi style to a type of its own (Chak's pawn
                // to its `W`): Fairy-Stockfish's `promotedPieceType`, written `+P`. A face
                // turning back (Kyoto shogi's rook to its pawn) is its demotion: no mark.
                let base = PieceType::new(t as u8);
                let targets =
                    promotion.to.iter().flat_map(|(_, to)| to.iter().copied()).filter(|&to| rules.promoted_from(base) != Some(to));
                let (plus, tilde): (Vec<PieceType>, Vec<PieceType>) =
                    targets.partition(|&to| demotes(to) || rules.fsf_promotion_mark(base, to) == Some('+'));
                if !plus.is_empty() {
                    plus_promoting.push(rules.symbol(PieceType::new(t as u8)).letter);
                }
                tilde_promotions |= !tilde.is_empty();
            }
        }
        // Fairy-Stockfish models a royal piece that may be captured or doubled (Atomic's
        // exploding king, Spartan's two kings) as a pseudo-royal commoner, not its KING
        // type: its kings are neither counted nor kept apart.
        let start_board = rules.start_fen.split(' ').next().unwrap_or("");
        // (Fairy-Stockfish's royal pieces all have letters of their own.)
        let royals = rules.pieces.iter().filter(|p| p.royal).filter_map(|p| p.letter);
        let pseudo_royal = rules.modules.iter().any(|m| m.name == "atomic")
            || royals.clone().any(|l| count(start_board, l) > 1 || count(start_board, l.to_ascii_lowercase()) > 1);
        let royal = royals.clone().next().filter(|_| !pseudo_royal);
        let start = rules.start_fen.split(' ').next().unwrap_or("");
        let castling = rules.castles.first().map(|c| {
            let board = board_of(start, g.files as usize, g.ranks as usize);
            let at = |sq: Square| board.get(g.rank(sq) as usize, g.file(sq) as usize).to_ascii_uppercase();
            // The pieces on the castles' rook squares at the start, either side's (Horde's
            // White has pawns there), pawns aside.
            let mut rooks = String::new();
            for c in &rules.castles {
                for r in [at(c.rook_from), at(g.mirror(c.rook_from))] {
                    let pawn = rules.piece_by_letter(r).is_none_or(|t| rules.pieces[t].pawn);
                    if !pawn && !rooks.contains(r) {
                        rooks.push(r);
                    }
                }
            }
            // Placement's start has no rook on its square: Fairy-Stockfish's default, the rook.
            if rooks.is_empty() && rules.piece_by_letter('R').is_some() {
                rooks.push('R');
            }
            let king = royals.clone().next().unwrap_or_else(|| at(c.king_from));
            Castling {
                rank: g.rank(c.king_from) as usize,
                king,
                rooks,
                by_drop: rules.drops.as_ref().is_some_and(|d| !d.castling_rights_on_drop.is_empty()),
            }
        });
        Shape {
            files: g.files as usize,
            ranks: g.ranks as usize,
            letters,
            shogi_promotions: !plus_promoting.is_empty(),
            plus_promoting,
            tilde_promotions,
            pockets: rules.drops.is_some() || rules.gating.is_some(),
            drops: rules.drops.as_ref().is_some_and(|d| d.drop_moves),
            king: royal.filter(|&l| rules.piece_by_letter(l).is_some_and(|t| rules.piece(t).betza == "K")),
            royal,
            castling,
            // Fairy-Stockfish checks the en-passant square's shape only for its own pawn
            // (a pawn of custom Betza writes two squares there).
            double_steps: rules.pieces.iter().any(|p| !p.double_step_ranks.is_empty() && moves_as_pawn(p)),
            counting: rules.end.counting.is_some(),
            check_counting: rules.end.checks.is_some(),
            start_fen: rules.start_fen.clone(),
        }
    }

    fn special(&self) -> String {
        let mut s = String::from("/*");
        if self.shogi_promotions {
            s.push('+');
        }
        if self.tilde_promotions {
            s.push('~');
        }
        if self.pockets {
            s.push_str("[-]");
        }
        s
    }
}

/// The board's characters, row 0 = rank 1 (as apiutil.h's `CharBoard`).
struct Board {
    files: usize,
    cells: Vec<char>,
}

impl Board {
    fn get(&self, row: usize, file: usize) -> char {
        self.cells[row * self.files + file]
    }
    /// The first square (from rank 1, file a) holding `c`, as (row, file).
    fn find(&self, c: char) -> Option<(i32, i32)> {
        self.cells.iter().position(|&x| x == c).map(|i| ((i / self.files) as i32, (i % self.files) as i32))
    }
}

/// `fill_char_board`, for a board field known to be in shape (the start position's).
fn board_of(field: &str, files: usize, ranks: usize) -> Board {
    let mut b = Board { files, cells: vec![' '; files * ranks] };
    let _ = fill(&mut b, field, ranks, "/*+~[-]", false);
    b
}

/// apiutil.h's `fill_char_board`: false where its geometry check fails.
fn fill(board: &mut Board, field: &str, ranks: usize, special: &str, drops: bool) -> bool {
    let files = board.files;
    let (mut rank, mut file) = (0usize, 0usize);
    let mut prev = '?';
    for c in field.chars() {
        if c == ' ' || c == '[' {
            break;
        }
        if c == '*' {
            file += 1;
        } else if let Some(d) = c.to_digit(10) {
            file += d as usize;
            // Fairy-Stockfish's reading of two digits: 12 = 1 + 2 + 9 * 1.
            if let Some(p) = prev.to_digit(10) {
                file += 9 * p as usize;
            }
        } else if c == '/' {
            rank += 1;
            if file != files {
                return false;
            }
            if rank == ranks {
                break;
            }
            file = 0;
        } else if !special.contains(c) {
            if file == files {
                return false;
            }
            if file < files && rank < ranks {
                board.cells[(ranks - 1 - rank) * files + file] = c;
            }
            file += 1;
        }
        prev = c;
    }
    if drops {
        rank + 1 == ranks || rank == ranks
    } else {
        rank + 1 == ranks
    }
}

fn count(text: &str, c: char) -> usize {
    text.chars().filter(|&x| x == c).count()
}

fn digits_or_dash(field: &str) -> bool {
    field == "-" || field.chars().all(|c| c.is_ascii_digit())
}

/// `check_pocket_info`: the pocket's letters, or None where it is malformed.
fn pocket(field: &str, ranks: usize, letters: &str) -> Option<String> {
    let (stop, body) = if count(field, '/') == ranks {
        ('/', field)
    } else if count(field, '[') == 1 {
        if !field.ends_with(']') {
            return None;
        }
        ('[', &field[..field.len() - 1])
    } else {
        return Some(String::new());
    };
    let mut pocket = String::new();
    for c in body.chars().rev() {
        if c == stop {
            return Some(pocket);
        }
        if c != '-' {
            if !letters.contains(c) {
                return None;
            }
            pocket.push(c);
        }
    }
    None
}

/// FEN_OK, FEN_EMPTY or the FEN_INVALID_* code Fairy-Stockfish gives `fen`.
pub fn validate(fen: &str, shape: &Shape, chess960: bool) -> i32 {
    if fen.is_empty() {
        return FEN_EMPTY;
    }
    let special = shape.special();
    // std::getline on ' ': empty parts between spaces count, a trailing space does not.
    let mut parts: Vec<&str> = fen.split(' ').collect();
    if parts.last() == Some(&"") {
        parts.pop();
    }
    let max_parts = 6 + shape.check_counting as usize;
    if parts.is_empty() || parts.len() > max_parts {
        return FEN_INVALID_NB_PARTS;
    }
    let field = parts[0];
    if field.chars().any(|c| !c.is_ascii_digit() && !shape.letters.contains(c) && !special.contains(c)) {
        return FEN_INVALID_CHAR;
    }
    if shape.shogi_promotions {
        let chars: Vec<char> = field.chars().collect();
        for w in chars.windows(2) {
            let (plus, p) = (w[0], w[1]);
            if plus == '+' && shape.letters.contains(p) && !shape.plus_promoting.contains(p.to_ascii_uppercase()) {
                return FEN_INVALID_PROMOTED_PIECE;
            }
        }
    }
    let mut board = Board { files: shape.files, cells: vec![' '; shape.files * shape.ranks] };
    if !fill(&mut board, field, shape.ranks, &special, shape.drops) {
        return FEN_INVALID_BOARD_GEOMETRY;
    }
    let mut hand = String::new();
    if shape.pockets {
        match pocket(field, shape.ranks, &shape.letters) {
            Some(p) => hand = p,
            None => return FEN_INVALID_POCKET_INFO,
        }
    }
    if let Some(k) = shape.royal {
        let start = shape.start_fen.split(' ').next().unwrap_or("");
        let (white, black) = (count(field, k), count(field, k.to_ascii_lowercase()));
        if white > 1 || black > 1 || white != count(start, k) || black != count(start, k.to_ascii_lowercase()) {
            return FEN_INVALID_NUMBER_OF_KINGS;
        }
        if let Some(k) = shape.king {
            let lower = k.to_ascii_lowercase();
            if white - count(&hand, k) == 1 && black - count(&hand, lower) == 1 {
                if let (Some(w), Some(b)) = (board.find(k), board.find(lower)) {
                    if (w.0 - b.0).pow(2) + (w.1 - b.1).pow(2) <= 2 {
                        return FEN_TOUCHING_KINGS;
                    }
                }
            }
        }
    }
    if parts.len() >= 2 && !matches!(parts[1].chars().next(), Some('w') | Some('b')) {
        return FEN_INVALID_SIDE_TO_MOVE;
    }
    let skip = (4..=5).contains(&parts.len()) && parts[2].starts_with(|c: char| c.is_ascii_digit());
    if parts.len() >= 3 && !skip {
        // (Fairy-Stockfish keeps `castling` on in some variants without a castle, Legan
        // and Three Kings, and checks the field's characters there: Chimera's rules do
        // not tell those variants apart, so a field without castles is not looked at.)
        if let Some(castling) = &shape.castling {
            if let Err(()) = check_castling(parts[2], &board, shape, castling, chess960) {
                return FEN_INVALID_CASTLING_INFO;
            }
        }
    }
    if parts.len() >= 4 && !skip {
        if shape.double_steps {
            let ep: Vec<char> = parts[3].chars().collect();
            if parts[3] != "-" && (ep.len() != 2 || !ep[0].is_ascii_alphabetic() || !ep[1].is_ascii_digit()) {
                return FEN_INVALID_EN_PASSANT_SQ;
            }
        } else if shape.counting && !digits_or_dash(parts[3]) {
            return FEN_INVALID_COUNTING_RULE;
        }
    }
    let mut between = if skip { 0 } else { 2 };
    let mut trailing = 0;
    if parts.len() >= 3 + between && shape.check_counting && parts.len() % 2 == 1 {
        if check_count(parts[2 + between]) {
            between += 1;
        } else if parts.len() < 5 + between || !lichess_check_count(parts[parts.len() - 1]) {
            return FEN_INVALID_CHECK_COUNT;
        } else {
            trailing += 1;
        }
    }
    if parts.len() >= 3 + between && !digits_or_dash(parts[parts.len() - 2 - trailing]) {
        return FEN_INVALID_HALF_MOVE_COUNTER;
    }
    if parts.len() >= 4 + between && !digits_or_dash(parts[parts.len() - 1 - trailing]) {
        return FEN_INVALID_MOVE_COUNTER;
    }
    FEN_OK
}

fn check_count(s: &str) -> bool {
    let c: Vec<char> = s.chars().collect();
    c.len() == 3 && c[0].is_ascii_digit() && c[2].is_ascii_digit()
}

fn lichess_check_count(s: &str) -> bool {
    let c: Vec<char> = s.chars().collect();
    let small = |d: char| d.to_digit(10).is_some_and(|d| d <= 3);
    c.len() == 4 && small(c[1]) && small(c[3])
}

/// `check_castling_rank` and `check_standard_castling`.
fn check_castling(field: &str, board: &Board, shape: &Shape, castling: &Castling, chess960: bool) -> Result<(), ()> {
    let mut flags = [String::new(), String::new()];
    for c in field.chars().filter(|&c| c != '-') {
        if !c.is_ascii_alphabetic() {
            return Err(());
        }
        flags[c.is_ascii_lowercase() as usize].push(c.to_ascii_lowercase());
    }
    if flags.iter().all(|f| f.is_empty()) {
        return Ok(());
    }
    let start = board_of(shape.start_fen.split(' ').next().unwrap_or(""), shape.files, shape.ranks);
    let case = |c: char, color: Color| if color == Color::White { c } else { c.to_ascii_lowercase() };
    for color in [Color::White, Color::Black] {
        let rank = if color == Color::White { castling.rank } else { shape.ranks - 1 - castling.rank };
        let king = board.find(case(castling.king, color));
        let is_rook = |c: char| c != ' ' && castling.rooks.chars().any(|r| case(r, color) == c);
        for flag in flags[color as usize].chars() {
            if flag == 'k' || flag == 'q' {
                let Some((row, king_file)) = king.filter(|k| k.0 == rank as i32) else { return Err(()) };
                let _ = row;
                let files: Vec<usize> = match flag {
                    'k' => ((king_file + 1) as usize..shape.files).rev().collect(),
                    _ => (0..king_file as usize).collect(),
                };
                if !files.iter().any(|&f| is_rook(board.get(rank, f))) {
                    return Err(());
                }
            } else {
                let file = flag as usize - 'a' as usize;
                if file >= shape.files || board.get(rank, file) == ' ' {
                    return Err(());
                }
            }
        }
    }
    if chess960 || castling.by_drop {
        return Ok(());
    }
    for color in [Color::White, Color::Black] {
        if flags[color as usize].is_empty() {
            continue;
        }
        let king = case(castling.king, color);
        if board.find(king) != start.find(king) {
            return Err(());
        }
        // The start's castling pieces of this colour, from rank 1 and file a: the first
        // is the queenside one, the second the kingside one.
        let rooks: Vec<usize> =
            (0..start.cells.len()).filter(|&i| castling.rooks.chars().any(|r| case(r, color) == start.cells[i])).collect();
        for (flag, index) in [('q', 0), ('k', 1)] {
            if flags[color as usize].contains(flag) {
                let Some(&i) = rooks.get(index) else { return Err(()) };
                let c = board.cells[i];
                if !castling.rooks.chars().any(|r| case(r, color) == c) {
                    return Err(());
                }
            }
        }
    }
    Ok(())
}
