//! SAN (`Nbd2`, `exd6`, `e8=Q+`, `O-O`) and Chimera's long algebraic form (`e2e4`, `e7e8q`,
//! castling as the king's move), both read and written, and the reasons a move that was
//! read is refused.

use crate::bitboard::Bitboard;
use crate::castle_layout::CastlingMode;
use crate::features::castling::castle_eq;
use crate::movegen::with_scratch;
use crate::moves::{Move, MoveKind};
use crate::position::Pos;
use crate::refusal::{refuse, IllegalCode, MoveError};
use crate::rules::Symbol;
use crate::types::{Geometry, Piece, PieceType, Square};

/// The parts of a SAN string.
#[derive(Debug, Default)]
struct SanParts {
    piece: Option<Symbol>,
    file: Option<u8>,
    rank: Option<u8>,
    capture: bool,
    to: Square,
    promotion: Option<Symbol>,
}

/// Strips check, mate and annotation marks, and an `e.p.` suffix.
fn strip_marks(s: &str) -> &str {
    // The usual text (`Nf3`, `e4`) begins and ends with a letter or digit: no space,
    // mark or `e.p.` to strip.
    let bytes = s.as_bytes();
    if bytes.first().is_some_and(u8::is_ascii_alphanumeric) && bytes.last().is_some_and(u8::is_ascii_alphanumeric) {
        return s;
    }
    let s = s.trim();
    let s = s.strip_suffix("e.p.").map(str::trim_end).unwrap_or(s);
    s.trim_end_matches(['+', '#', '!', '?'])
}

impl<B: Bitboard> Pos<B> {
    fn g(&self) -> Geometry {
        self.t.geometry
    }

    /// The long algebraic form of a move.
    pub fn uci(&self, m: Move) -> String {
        let mut s = String::with_capacity(8);
        self.write_uci(m, &mut s);
        s
    }

    /// Appends the long algebraic form of `m` to `out`.
    pub(crate) fn write_uci(&self, m: Move, out: &mut String) {
        let square = |out: &mut String, sq: Square| self.write_square(sq, out);
        let rules = &self.t.rules;
        // A promoted face without a letter of its own is written `+` after a move, as
        // Fairy-Stockfish writes a shogi promotion (the ruleset makes sure only its base
        // promotes to it, so `+` names it).
        let lower = |t: PieceType, out: &mut String| rules.symbol(t).lower().write_to(out);
        let suffix = |t: PieceType, out: &mut String| if rules.piece(t).letter.is_none() { out.push('+') } else { lower(t, out) };
        match m.kind {
            MoveKind::Drop | MoveKind::Buy => {
                rules.symbol(m.piece).write_to(out);
                out.push('@');
                square(out, m.to);
            }
            MoveKind::Lift => {
                square(out, m.from);
                out.push('^');
                lower(m.piece, out);
            }
            MoveKind::Rule => {
                let i = m.piece.index();
                self.t.modules.all[i].write_uci(&self.view(i), m, out);
            }
            // Chess960: the king takes its own rook (the king may not move at all).
            MoveKind::Castle if self.castles().mode == CastlingMode::Chess960 => {
                let cs = self.castles().paths[m.piece.index()][self.turn].squares;
                square(out, cs.king_from);
                square(out, cs.rook_from);
            }
            // A castle whose king lands where it could also step (Diana chess's king
            // from d1 to e1) is written as the king taking its rook, so that the king's
            // step keeps its own text (Fairy-Stockfish's rule: `d1f1`, not `d1e1` twice).
            MoveKind::Castle if self.castle_shares_a_step(m) => {
                let cs = self.castles().paths[m.piece.index()][self.turn].squares;
                square(out, cs.king_from);
                square(out, cs.rook_from);
            }
            // Gating: the gated piece's letter after the move; a castle gating on the
            // rook's square is written from the rook to the king (Fairy-Stockfish's form).
            MoveKind::Gate | MoveKind::GateCastle => {
                let (from, to) = self.gate_squares(m);
                square(out, from);
                square(out, to);
                lower(m.piece, out);
            }
            // A wall part: where the turn's move landed, and the wall (Fairy-Stockfish's
            // second half of `e2e4,e4e5`).
            MoveKind::Wall => {
                square(out, m.from);
                square(out, m.to);
            }
            // A locust move: its three squares, `f5g6g7` (`features/locust.rs`).
            MoveKind::Locust => {
                square(out, m.from);
                square(out, m.piece_square());
                square(out, m.to);
            }
            // An upgrade is a promotion in place.
            MoveKind::Upgrade => {
                square(out, m.to);
                square(out, m.to);
                suffix(m.piece, out);
            }
            _ => {
                square(out, m.from);
                square(out, m.to);
                if let Some(p) = m.promotion() {
                    suffix(p, out);
                }
            }
        }
    }

    /// Whether castle `m`'s king lands on a square it could also reach by a move of its
    /// own (its check aside), so that the king's two squares would name two moves.
    fn castle_shares_a_step(&self, m: Move) -> bool {
        let cs = self.castles().paths[m.piece.index()][self.turn].squares;
        let Some(king) = self.piece_at(cs.king_from) else { return false };
        cs.king_from != cs.king_to
            && !self.color_bb(self.turn).has(cs.king_to)
            && self.quiet_reach(self.turn, king.kind, cs.king_from, self.occupied()).has(cs.king_to)
    }

    /// Appends a square's name (`e4`, `p16`).
    pub(crate) fn write_square(&self, sq: Square, out: &mut String) {
        let g = self.g();
        out.push(Geometry::file_char(g.file(sq)));
        // Ranks go up to 16: itoa by hand keeps this allocation-free.
        let rank = g.rank(sq) + 1;
        if rank >= 10 {
            out.push('1');
        }
        out.push((b'0' + rank % 10) as char);
    }

    /// SAN of a legal move, with `+` or `#`.
    pub fn san(&mut self, m: Move) -> String {
        let legal = self.legal_moves();
        self.san_in(m, &legal)
    }

    /// SAN of a legal move, given the legal moves of the position.
    pub fn san_in(&mut self, m: Move, legal: &[Move]) -> String {
        let mut s = self.san_plain(m, legal);
        self.write_check_mark(m, &mut s);
        s
    }

    /// SAN of every move of `legal` (all the legal moves of the position), in its order,
    /// with `+` or `#`. One sort of the list by destination and moving piece finds each
    /// move's rivals, where [`Pos::san_in`] scans the whole list for every move.
    pub fn san_list(&mut self, legal: &[Move]) -> Vec<String> {
        // The board moves as (destination, mover, origin, index): rivals are neighbours.
        let mut keyed: Vec<(Square, PieceType, Square, usize)> = legal
            .iter()
            .enumerate()
            .filter(|(_, m)| m.kind != MoveKind::Castle && m.kind != MoveKind::Drop)
            .filter_map(|(i, m)| self.piece_at(m.from).map(|p| (m.to, p.kind, m.from, i)))
            .collect();
        keyed.sort_unstable();
        // Per move: its group of rivals in `keyed` (those of its destination and mover).
        let mut group = vec![0..0; legal.len()];
        let mut start = 0;
        for end in 1..=keyed.len() {
            if end == keyed.len() || keyed[end].0 != keyed[start].0 || keyed[end].1 != keyed[start].1 {
                for k in &keyed[start..end] {
                    group[k.3] = start..end;
                }
                start = end;
            }
        }
        let mut others = Vec::new();
        let mut list = Vec::with_capacity(legal.len());
        for (i, &m) in legal.iter().enumerate() {
            others.clear();
            for &(_, _, from, _) in &keyed[group[i].clone()] {
                if from != m.from && others.last() != Some(&from) {
                    others.push(from);
                }
            }
            let mut s = String::with_capacity(8);
            self.write_san_plain(m, &others, &mut s);
            if self.per_board_names() {
                self.localize_san(m, &mut s);
            }
            self.write_check_mark(m, &mut s);
            list.push(s);
        }
        list
    }

    /// Appends `+` or `#` if the legal move `m` checks or mates.
    pub(super) fn write_check_mark(&mut self, m: Move, s: &mut String) {
        self.play_unchecked(m);
        // Mid-turn nothing is marked: a check is judged when the turn passes.
        if self.status.part == 0 && self.is_check() {
            s.push(if self.count_moves() == 0 { '#' } else { '+' });
        }
        self.undo();
    }

    pub(crate) fn san_plain(&self, m: Move, legal: &[Move]) -> String {
        let mover = self.piece_at(m.from).map(|p| p.kind);
        let mut others: Vec<Square> = legal
            .iter()
            .filter(|o| {
                o.to == m.to
                    && o.from != m.from
                    && o.kind != MoveKind::Castle
                    && o.kind != MoveKind::Drop
                    && self.piece_at(o.from).map(|p| p.kind) == mover
            })
            .map(|o| o.from)
            .collect();
        others.dedup();
        let mut s = String::new();
        self.write_san_plain(m, &others, &mut s);
        if self.per_board_names() {
            self.localize_san(m, &mut s);
        }
        s
    }

    /// Appends the SAN of `m` without check marks; `others` are the origins of the other
    /// legal moves of the same type of piece to the same square (for disambiguation).
    fn write_san_plain(&self, m: Move, others: &[Square], s: &mut String) {
        let t = &*self.t;
        let g = self.g();
        let letter = |pt: PieceType, s: &mut String| t.rules.symbol(pt).write_to(s);
        match m.kind {
            MoveKind::Castle => return s.push_str(&t.rules.castles[m.piece.index()].notation),
            // The castle, then the gated piece and its square: `O-O/Eh1`.
            MoveKind::GateCastle => {
                s.push_str(&t.rules.castles[self.castle_index(m, self.turn)].notation);
                s.push('/');
                letter(m.piece, s);
                return self.write_square(m.from, s);
            }
            // The new piece's letter on the square it stands on (`B@e2`), as a drop is written.
            MoveKind::Drop | MoveKind::Upgrade => {
                letter(m.piece, s);
                s.push('@');
                return self.write_square(m.to, s);
            }
            // A bought pawn-style piece is written without its letter: `@e2`.
            MoveKind::Buy => {
                let def = t.rules.piece(m.piece);
                if !def.pawn {
                    letter(m.piece, s);
                }
                s.push('@');
                return self.write_square(m.to, s);
            }
            MoveKind::Rule => {
                let i = m.piece.index();
                return t.modules.all[i].write_san(&self.view(i), m, s);
            }
            MoveKind::Pass => return s.push_str("pass"),
            // A wall part: the wall's square (Fairy-Stockfish's `e4,e5`).
            MoveKind::Wall => return self.write_square(m.to, s),
            // The piece, its square, and what it becomes in the hand: `Rh1^I`.
            MoveKind::Lift => {
                let p = self.piece_at(m.from).expect("a lift starts on a piece");
                letter(p.kind, s);
                self.write_square(m.from, s);
                s.push('^');
                return letter(m.piece, s);
            }
            _ => {}
        }
        let piece = self.piece_at(m.from).expect("a move starts on a piece");
        let def = t.rules.piece(piece.kind);
        let capture = self.is_capture(m);
        let clash = |file: bool, rank: bool| {
            others.iter().any(|&o| (!file || g.file(o) == g.file(m.from)) && (!rank || g.rank(o) == g.rank(m.from)))
        };
        let base_file = def.pawn && capture;
        // A pawn promoting off its file without a capture (a promotion as a move,
        // `b6c7=F`) names its square, as Fairy-Stockfish writes it.
        let sidestep = !capture && m.promotion().is_some() && g.file(m.from) != g.file(m.to) && t.promotes_as_a_move.contains(piece.kind);
        let (mut file, mut rank) = (base_file || sidestep, sidestep);
        if clash(file, rank) {
            if !clash(true, false) {
                file = true;
            } else if !base_file && !clash(false, true) {
                rank = true;
            } else {
                file = true;
                rank = true;
            }
        }
        if !def.pawn {
            letter(piece.kind, s);
        }
        if file {
            s.push(Geometry::file_char(g.file(m.from)));
        }
        if rank {
            let rank = g.rank(m.from) + 1;
            if rank >= 10 {
                s.push('1');
            }
            s.push((b'0' + rank % 10) as char);
        }
        if m.kind == MoveKind::Locust {
            return self.write_locust_legs(m, s);
        }
        if capture {
            s.push('x');
        }
        self.write_square(m.to, s);
        if let Some(p) = m.promotion() {
            s.push('=');
            letter(p, s);
        }
        // The gated piece: `Nc3/H`.
        if m.kind == MoveKind::Gate {
            s.push('/');
            letter(m.piece, s);
        }
    }

    /// Reads a move in long algebraic form or SAN.
    pub fn parse_move(&mut self, text: &str) -> Result<Move, MoveError> {
        let legal = self.legal_moves();
        self.parse_move_among(text, &legal)
    }

    /// [`Pos::parse_move`] for a caller that has the position's legal moves already
    /// (from [`Pos::legal_moves`]): they are not generated again.
    pub fn parse_move_among(&mut self, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        if !self.per_board_names() {
            return self.parse_whole_width(text, legal);
        }
        // Board-local names (`notation/boards.rs`): the first board on which the text
        // names a legal move; else why the likeliest one refuses it.
        let mut refusal = None;
        for whole in self.globalize_san(strip_marks(text)) {
            match self.parse_whole_width(&whole, legal) {
                Ok(m) => return Ok(m),
                Err(e) => _ = refusal.get_or_insert(e),
            }
        }
        match refusal {
            Some(e) => Err(e),
            None => self.parse_whole_width(text, legal),
        }
    }

    /// The legal move a plain SAN text (`e4`, `Nbd2`, `exd5`, `e8=Q+`) names, found
    /// among the moves of the pieces it names alone, where every legal move of a piece
    /// comes from that piece's moves ([`Tables::piece_moves_alone`]). `None` elsewhere,
    /// for a text of another form, or for one that does not name exactly one legal
    /// move: [`Pos::parse_move`] reads it then, and says why it is refused. Where it is
    /// `Some`, it is [`Pos::parse_move`]'s move, but for a game that a rule has ended
    /// (whose moves [`Pos::outcome`] refuses first); and the side to move has a legal
    /// move, which the caller then need not generate them all to know.
    ///
    /// [`Tables::piece_moves_alone`]: crate::tables::Tables::piece_moves_alone
    pub fn parse_named_move(&self, text: &str) -> Option<Move> {
        // The conditions under which `parse_whole_width` takes the text straight to
        // `explain`, whose one fitting move is this one: the moves it looks at end on the
        // target and start from a piece of the named type on the named file or rank.
        let t = &*self.t;
        if !t.piece_moves_alone || self.per_board_names() {
            return None;
        }
        let clean = strip_marks(text);
        if two_squares(text.trim()) || two_squares(clean) || self.castle_named(clean).is_some() {
            return None;
        }
        let parts = parse_san_parts(self.g(), clean)?;
        let rules = &t.rules;
        let promotion = match parts.promotion {
            Some(c) => Some(rules.piece_by_move_symbol(c)?),
            None => None,
        };
        let ours = self.board.by_color[self.turn];
        let named = match parts.piece {
            Some(c) => self.board.by_type[rules.piece_by_move_symbol(c)?] & ours,
            None => (rules.pieces.iter().enumerate())
                .filter(|(_, p)| p.pawn)
                .fold(B::EMPTY, |b, (i, _)| b | (self.board.by_type[PieceType::new(i as u8)] & ours)),
        };
        let g = self.g();
        let origin_ok = |from: Square| parts.file.is_none_or(|f| g.file(from) == f) && parts.rank.is_none_or(|r| g.rank(from) == r);
        let movers = named.squares().filter(|&sq| origin_ok(sq)).fold(B::EMPTY, |b, sq| b | B::bit(sq));
        if movers.is_empty() {
            return None;
        }
        with_scratch(|moves| {
            self.generate_legal_piece_moves(moves, movers);
            let mut fitting = moves.iter().filter(|m| m.to == parts.to && m.promotion() == promotion);
            match (fitting.next(), fitting.next()) {
                (Some(&m), None) if !parts.capture || self.is_capture(m) => Some(m),
                _ => None,
            }
        })
    }

    /// Reads a move whose squares have the names of the whole width (`m4`).
    fn parse_whole_width(&mut self, text: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let clean = strip_marks(text);
        if clean.is_empty() {
            return refuse(IllegalCode::Unparsable, format!("cannot read `{text}` as a move"));
        }
        // Long algebraic starts with a file letter (or is a drop, `N@e4`): SAN such as
        // `B1c3` or `G1f2` names a piece and must not be read as the move `b1c3`.
        let long_form = !clean.starts_with(|c: char| c.is_ascii_uppercase()) || clean.contains('@');
        if self.status.part != 0 && self.t.walling.is_some() {
            return self.parse_wall(clean, legal);
        }
        let given = text.trim();
        // The usual text, SAN of a board move (`e4`, `exd5`, `Nbd2`, `e8=Q`), read at once.
        // What `parse_san_parts` takes holds no `@`, `^` or `/`; not written as two
        // squares end to end, it is no legal move's long algebraic (which is two squares
        // and more, or holds `@` or `^`, but for a rule module's moves), nor a pass, a
        // gating move or, with no locust move, a locust move: the readings tried before
        // SAN below would find nothing, and `parse_san` would come to `explain` as here.
        // A castle's notation may take any shape: compared as there.
        let plain = self.t.modules.with_moves.is_empty() && !self.t.locusts.any() && !two_squares(given) && !two_squares(clean);
        if plain && self.castle_named(clean).is_none() {
            if let Some(parts) = parse_san_parts(self.g(), clean) {
                return self.explain(text, &parts, None, legal);
            }
        }
        if long_form {
            // The text as given first: a promotion to a face without a letter ends in
            // `+` (`d4d5+`), which is no check mark there.
            let mut buf = String::with_capacity(8);
            for (pass, wanted) in [given, clean].into_iter().enumerate() {
                if pass == 1 && wanted == given {
                    // The same text again: it matched no move the first time.
                    break;
                }
                let first = wanted.as_bytes().first().map(u8::to_ascii_lowercase);
                for &m in legal {
                    // A move of these kinds is written from its origin square (the last
                    // arm of `write_uci`): one whose file does not begin the text is not it.
                    if matches!(m.kind, MoveKind::Normal | MoveKind::DoubleStep | MoveKind::EnPassant | MoveKind::Pass)
                        && first != Some(Geometry::file_char(self.g().file(m.from)) as u8)
                    {
                        continue;
                    }
                    buf.clear();
                    self.write_uci(m, &mut buf);
                    if buf.eq_ignore_ascii_case(wanted) {
                        return Ok(m);
                    }
                }
            }
        }
        if crate::features::pass::is_pass_text(clean) {
            return match legal.iter().find(|m| m.kind == MoveKind::Pass) {
                Some(&m) => Ok(m),
                None => self.explain_pass(text),
            };
        }
        if let Some(m) = self.parse_gating_san(clean, legal) {
            return Ok(m);
        }
        if let Some(r) = self.parse_uci_shape(clean, legal) {
            return r;
        }
        self.parse_san(text, clean, legal)
    }

    /// The castle `s` is the notation of, or an alias of.
    fn castle_named(&self, s: &str) -> Option<usize> {
        self.t.rules.castles.iter().position(|c| castle_eq(&c.notation, s) || c.aliases.iter().any(|a| castle_eq(a, s)))
    }

    /// A string shaped like long algebraic (`e2e4`, `e7e8q`) that is not a legal move: why not.
    fn parse_uci_shape(&mut self, s: &str, legal: &[Move]) -> Option<Result<Move, MoveError>> {
        let g = self.g();
        let bytes = s.as_bytes();
        // Split into square, square, optional letter.
        fn split(g: Geometry, s: &str) -> Option<(Square, &str)> {
            let digits = s[1..].bytes().take_while(|b| b.is_ascii_digit()).count();
            if digits == 0 {
                return None;
            }
            let sq = g.parse_square(&s[..1 + digits])?;
            Some((sq, &s[1 + digits..]))
        }
        if bytes.is_empty() || !bytes[0].is_ascii_lowercase() {
            return None;
        }
        let (from, rest) = split(g, s)?;
        if rest.is_empty() || !rest.as_bytes()[0].is_ascii_lowercase() {
            return None;
        }
        let (to, promo) = split(g, rest)?;
        // Three squares: a locust move (`features/locust.rs`) that is not legal here.
        if self.t.locusts.any() {
            if let Some(landing) = g.parse_square(promo) {
                return Some(self.explain_locust(s, from, to, landing));
            }
        }
        let promo = match promo.len() {
            0 => None,
            1 if promo.as_bytes()[0].is_ascii_alphabetic() => Some(Symbol { plus: false, letter: promo.chars().next().unwrap_or(' ') }),
            _ => return None,
        };
        // A castle written as king-takes-rook, if the variant uses that square.
        if promo.is_none() {
            for &m in legal.iter().filter(|m| m.kind == MoveKind::Castle) {
                let cs = self.castles().paths[m.piece.index()][self.turn].squares;
                if cs.king_from == from && cs.rook_from == to {
                    return Some(Ok(m));
                }
            }
        }
        let parts = SanParts { piece: None, file: Some(g.file(from)), rank: Some(g.rank(from)), capture: false, to, promotion: promo };
        Some(self.explain(s, &parts, Some(from), legal))
    }

    fn parse_san(&mut self, original: &str, s: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let t = self.t.clone();
        // A rule module's own notation.
        for &i in &t.modules.with_moves {
            let own: Vec<Move> = legal.iter().copied().filter(|m| m.kind == MoveKind::Rule && m.piece.index() == i).collect();
            if let Some(found) = t.modules.all[i].parse_san(&self.view(i), s, &own) {
                return found;
            }
        }
        // Castling, by its notation or an alias.
        if let Some(i) = self.castle_named(s) {
            return self.explain_castle(i, legal);
        }
        if let Some((letter, square)) = s.split_once('@') {
            return self.explain_placement(original, letter, square, legal);
        }
        if let Some((piece_square, new)) = s.split_once('^') {
            return self.explain_lift(original, piece_square, new, legal);
        }
        if let Some(m) = self.locust_written(s, legal) {
            return Ok(m);
        }
        let Some(parts) = parse_san_parts(self.g(), s) else {
            return refuse(IllegalCode::Unparsable, format!("cannot read `{original}` as a move"));
        };
        self.explain(original, &parts, None, legal)
    }

    /// Finds the one legal move matching `parts`, or says why there is none.
    fn explain(&mut self, text: &str, parts: &SanParts, from_sq: Option<Square>, legal: &[Move]) -> Result<Move, MoveError> {
        let t = self.t.clone();
        let g = self.g();
        let us = self.turn;
        let rules = &t.rules;
        let named = |symbol: Option<Symbol>| match symbol {
            Some(c) => match rules.piece_by_move_symbol(c) {
                Some(pt) => Ok(Some(pt)),
                None => refuse(IllegalCode::Unparsable, format!("`{c}` is not a piece of {}", rules.name)),
            },
            None => Ok(None),
        };
        let piece_type = named(parts.piece)?;
        let promotion = named(parts.promotion)?;
        let origin_ok = |from: Square| parts.file.is_none_or(|f| g.file(from) == f) && parts.rank.is_none_or(|r| g.rank(from) == r);
        // With `as_fsf`, also a promoted face by the letter of Fairy-Stockfish's type for it
        // (a tokin as `G`, Shogi's gold: `Rules::fsf_type`), as compat writes it.
        let kind_fits = |p: Piece, as_fsf: bool| match piece_type {
            Some(pt) => p.kind == pt || as_fsf && rules.fsf_type(p.kind) == pt,
            None => from_sq.is_some() || rules.piece(p.kind).pawn,
        };
        let describe = |pt: Option<PieceType>| match pt {
            Some(pt) => format!("{us} {}", rules.piece(pt).name),
            None if from_sq.is_some() => format!("{us} piece"),
            None => format!("{us} pawn"),
        };
        if let Some(from) = from_sq {
            match self.piece_at(from) {
                None => return refuse(IllegalCode::NoSuchPiece, format!("no piece on {}", g.square_name(from))),
                Some(p) if p.color != us => {
                    return refuse(IllegalCode::NotYourPiece, format!("the piece on {} is not {us}'s", g.square_name(from)))
                }
                _ => {}
            }
        }
        // The board moves the text names. A gating move is written with its gated piece
        // (`Nc3/H`, read above): plain `Nc3` is the move that gates nothing; so is a locust
        // move with its first square (`Lxe5xf6`, read above): `Lxf6` is the leap.
        // The target first: it rules out most moves.
        let named_as = |m: &Move, as_fsf: bool| {
            m.to == parts.to
                && !matches!(m.kind, MoveKind::Castle | MoveKind::Drop | MoveKind::Gate | MoveKind::GateCastle | MoveKind::Locust)
                && origin_ok(m.from)
                && self.piece_at(m.from).is_some_and(|p| kind_fits(p, as_fsf))
        };
        // Fairy-Stockfish's names only where no piece of the type the letter names fits.
        let as_fsf = !legal.iter().any(|m| named_as(m, false));
        let type_ok = |p: Piece| kind_fits(p, as_fsf);
        let named = |m: &Move| named_as(m, as_fsf);
        // And the promotion so (Judkins' `Nxa2=G`: its promoted knight is Fairy-Stockfish's gold).
        let promoted_as =
            |m: &Move, as_fsf: bool| m.promotion() == promotion || as_fsf && m.promotion().map(|p| rules.fsf_type(p)) == promotion;
        let promotion_as_fsf = !legal.iter().any(|m| named(m) && promoted_as(m, false));
        let promotes = |m: &Move| promoted_as(m, promotion_as_fsf);
        // The usual case first, without lists: one legal move fits the text.
        let mut fitting = legal.iter().filter(|m| named(m) && promotes(m));
        if let (Some(&m), None) = (fitting.next(), fitting.next()) {
            if parts.capture && !self.is_capture(m) {
                return refuse(IllegalCode::NotACapture, format!("`{text}` is written as a capture, but {} is empty", g.square_name(m.to)));
            }
            return Ok(m);
        }
        let candidates: Vec<Move> = legal.iter().copied().filter(|m| named(m)).collect();
        let matching: Vec<Move> = candidates.iter().copied().filter(|m| promotes(m)).collect();
        match matching.len() {
            1 => {
                let m = matching[0];
                let capture = self.is_capture(m);
                if parts.capture && !capture {
                    return refuse(
                        IllegalCode::NotACapture,
                        format!("`{text}` is written as a capture, but {} is empty", g.square_name(m.to)),
                    );
                }
                return Ok(m);
            }
            0 => {}
            _ => {
                let names: Vec<String> = matching.iter().map(|&m| self.san_plain(m, legal)).collect();
                return refuse(IllegalCode::Ambiguous, format!("ambiguous: {}", names.join(" or ")));
            }
        }
        if !candidates.is_empty() {
            let to = g.square_name(parts.to);
            return match promotion {
                None => {
                    let options: Vec<String> =
                        candidates.iter().filter_map(|m| m.promotion()).map(|p| format!("={}", rules.symbol(p))).collect();
                    refuse(IllegalCode::PromotionRequired, format!("a move to {to} must promote ({})", options.join(", ")))
                }
                Some(p) => {
                    let options: Vec<String> =
                        candidates.iter().filter_map(|m| m.promotion()).map(|p| format!("={}", rules.symbol(p))).collect();
                    let also = if options.is_empty() {
                        "no promotion is possible there".to_string()
                    } else {
                        format!("possible: {}", options.join(", "))
                    };
                    refuse(IllegalCode::PromotionNotAvailable, format!("cannot promote to {} on {to}; {also}", rules.piece(p).name))
                }
            };
        }
        let fits = |m: &Move| {
            m.kind != MoveKind::Castle
                && m.kind != MoveKind::Drop
                && m.to == parts.to
                && origin_ok(m.from)
                && self.piece_at(m.from).is_some_and(type_ok)
                && promotes(m)
        };
        if !rules.checks_allowed || !rules.drop_checks_allowed() || !rules.royal_flees_check || rules.end.bikjang {
            let mut unbanned = Vec::new();
            self.generate_unchecked(&mut unbanned);
            if let Some(&m) = unbanned.iter().find(|m| fits(m)) {
                if !self.check_allowed(m) {
                    return refuse(IllegalCode::GivesCheck, format!("`{text}` gives check, and no move may give check in this variant"));
                }
                if self.royals_facing() && self.keeps_facing(m) {
                    return refuse(
                        IllegalCode::Bikjang,
                        format!("`{text}` leaves the generals facing each other (bikjang): break the facing, or pass"),
                    );
                }
                if self.flight_banned() && self.flees_check(m) {
                    let royal = self.piece_at(m.from).map_or("royal piece", |p| rules.piece(p.kind).name.as_str());
                    return refuse(
                        IllegalCode::RoyalCannotFlee,
                        format!("`{text}` moves the {royal} out of check: in check it may only take its checker, if it is the only one"),
                    );
                }
            }
        }
        if rules.must_capture {
            let mut unforced = Vec::new();
            self.generate_unforced(&mut unforced);
            if unforced.iter().any(fits) {
                return refuse(
                    IllegalCode::CaptureRequired,
                    format!("`{text}` does not capture, but a capture is possible, and capturing is compulsory"),
                );
            }
        }
        if !self.t.must_drop.is_empty() {
            let mut undropped = Vec::new();
            self.generate_undropped(&mut undropped);
            if let Some(e) = undropped.iter().find(|m| fits(m)).and_then(|&m| self.drop_duty_refusal_of(m)) {
                return Err(e);
            }
        }
        // A promotion as a move has reasons of its own (`features/promotion_move.rs`).
        if let Some(target) = promotion.filter(|_| !self.t.promotes_as_a_move.is_empty()) {
            let origins = self.color_bb(us).squares().filter(|&sq| origin_ok(sq) && self.piece_at(sq).is_some_and(type_ok));
            if let Some(e) = self.move_promotion_refusal(origins, parts.to, target) {
                return Err(e);
            }
        }
        // A plain move that would leave its piece where it could never move again
        // (`immobile_moves = false`): the generator leaves it out of every list.
        if promotion.is_none() {
            let stuck = self.color_bb(us).squares().find_map(|sq| {
                let p = self.piece_at(sq).filter(|&p| type_ok(p) && origin_ok(sq))?;
                (self.leaves_stuck(Move::normal(sq, parts.to)) && self.reaches_on_empty_board(sq, parts.to, true, true)).then_some(p.kind)
            });
            if let Some(kind) = stuck {
                let name = describe(Some(kind));
                return refuse(
                    IllegalCode::Immobile,
                    format!("the {name} may not move to {}: it could never move again from there", g.square_name(parts.to)),
                );
            }
        }
        // No legal move: look at pseudo-legal ones to say why.
        let mut pseudo = Vec::new();
        self.generate_pseudo(&mut pseudo);
        let pseudo_hits: Vec<Move> = pseudo.iter().copied().filter(|m| named(m)).collect();
        let royal = rules.pieces.iter().find(|p| p.royal).map_or("royal piece".to_string(), |p| p.name.clone());
        // A rule module's refusal comes from the same test that keeps the move out of the list.
        if let Some(e) = pseudo_hits.iter().find_map(|&m| self.module_refusal(m)) {
            return Err(e);
        }
        if !pseudo_hits.is_empty() {
            return refuse(IllegalCode::LeavesRoyalInCheck, format!("`{text}` leaves the {royal} in check"));
        }
        let to = g.square_name(parts.to);
        // Would a piece of that kind reach the square on an otherwise empty board?
        let owners: Vec<Square> =
            self.color_bb(us).squares().filter(|&sq| origin_ok(sq) && self.piece_at(sq).is_some_and(type_ok)).collect();
        if owners.is_empty() {
            let what = describe(piece_type);
            return refuse(
                IllegalCode::NoSuchPiece,
                match (parts.file, parts.rank) {
                    (None, None) => format!("no {what} can move to {to}"),
                    _ => format!("no {what} can reach {to} {}: there is none {}", origin_from(g, parts), origin_phrase(g, parts)),
                },
            );
        }
        if self.piece_at(parts.to).is_some_and(|p| p.color == us) {
            return refuse(IllegalCode::PieceCannotMoveThere, format!("{to} is occupied by a {us} piece"));
        }
        let empty_target = self.piece_at(parts.to).is_none();
        if self.t.madrasi {
            let paralysed = self.paralysed(us);
            if let Some(&sq) =
                owners.iter().find(|&&sq| paralysed.has(sq) && self.reaches_on_empty_board(sq, parts.to, !empty_target, empty_target))
            {
                return Err(self.paralysis_refusal(sq));
            }
        }
        if owners.iter().any(|&sq| self.reaches_on_empty_board(sq, parts.to, !empty_target, empty_target)) {
            return refuse(IllegalCode::PathBlocked, format!("the way to {to} is blocked for the {}", describe(piece_type)));
        }
        if empty_target && owners.iter().any(|&sq| self.reaches_on_empty_board(sq, parts.to, true, false)) {
            return refuse(
                IllegalCode::PieceCannotMoveThere,
                format!("the {} can only capture on {to}, and there is nothing to capture there", describe(piece_type)),
            );
        }
        refuse(IllegalCode::PieceCannotMoveThere, format!("no {} can move to {to}", describe(piece_type)))
    }

    /// A drop written `N@e4` (or `@e4` for a piece written without a letter): the legal
    /// drop, or why there is none.
    fn explain_placement(&mut self, text: &str, letter: &str, square: &str, legal: &[Move]) -> Result<Move, MoveError> {
        let t = self.t.clone();
        let rules = &t.rules;
        let g = self.g();
        let unreadable = || refuse(IllegalCode::Unparsable, format!("cannot read `{text}` as a move"));
        let Some(to) = g.parse_square(square) else { return unreadable() };
        let pt = match letter.chars().collect::<Vec<_>>()[..] {
            [] => match rules.pieces.iter().position(|p| p.pawn) {
                Some(i) => PieceType::new(i as u8),
                None => return refuse(IllegalCode::Unparsable, format!("`{text}`: name the piece to drop, as in `N@{square}`")),
            },
            [c] | ['+', c] if c.is_ascii_alphabetic() => match rules.piece_by_move_symbol(Symbol { plus: letter.len() == 2, letter: c }) {
                Some(pt) => pt,
                None => return refuse(IllegalCode::Unparsable, format!("`{letter}` is not a piece of {}", rules.name)),
            },
            _ => return unreadable(),
        };
        let placing = |k: MoveKind| matches!(k, MoveKind::Drop | MoveKind::Buy | MoveKind::Upgrade);
        if let Some(m) = legal.iter().find(|m| placing(m.kind) && m.piece == pt && m.to == to) {
            return Ok(*m);
        }
        if let Some(refusal) = self.explain_purchase(text, pt, to) {
            return refusal;
        }
        self.explain_drop(text, pt, to)
    }

    /// Whether the piece on `from` could reach `to` if no other piece stood in the way,
    /// with a capturing move (`capture`) and/or a non-capturing one (`quiet`).
    fn reaches_on_empty_board(&self, from: Square, to: Square, capture: bool, quiet: bool) -> bool {
        let Some(p) = self.piece_at(from) else { return false };
        let t = &*self.t;
        let mob = t.mobility(p.color, p.kind);
        let here = B::bit(from);
        let wanted = |q: bool, c: bool| (quiet && q) || (capture && c);
        (quiet && mob.leap_quiet[from].has(to))
            || (capture && mob.leap_capture[from].has(to))
            || (wanted(true, true) && t.reach_over(&mob.plain, from, here).has(to))
            || mob.sliders.iter().any(|r| wanted(r.how.quiet, r.how.capture) && t.reach_over(&r.lines, from, here).has(to))
            || mob.specials.iter().any(|s| wanted(s.quiet, s.capture) && s.to[from].is_some_and(|(sq, _)| sq == to))
    }
}

fn origin_from(g: Geometry, parts: &SanParts) -> String {
    match (parts.file, parts.rank) {
        (Some(f), Some(r)) => format!("from {}", g.square_name(g.square(f, r))),
        (Some(f), None) => format!("from the {}-file", Geometry::file_char(f)),
        (None, Some(r)) => format!("from rank {}", r + 1),
        (None, None) => String::new(),
    }
}

fn origin_phrase(g: Geometry, parts: &SanParts) -> String {
    match (parts.file, parts.rank) {
        (Some(f), Some(r)) => format!("on {}", g.square_name(g.square(f, r))),
        (Some(f), None) => format!("on the {}-file", Geometry::file_char(f)),
        (None, Some(r)) => format!("on rank {}", r + 1),
        (None, None) => "can move there".to_string(),
    }
}

/// Splits SAN such as `Nbd2`, `exd6`, `e8=Q`, `R1xa3`, `Qh4e1` into its parts.
fn parse_san_parts(g: Geometry, s: &str) -> Option<SanParts> {
    let mut parts = SanParts::default();
    let mut rest = s;
    // The piece: a letter, or `+` and a letter for a promoted face without its own.
    let plus = rest.starts_with('+');
    if let Some(c) = rest[usize::from(plus)..].chars().next().filter(|c| c.is_ascii_uppercase()) {
        parts.piece = Some(Symbol { plus, letter: c });
        rest = &rest[1 + usize::from(plus)..];
    }
    // Promotion at the end: `=Q`, `Q`, `(Q)`, or `=+L` for a promoted face.
    let mut body = rest;
    if let Some(stripped) = body.strip_suffix(')') {
        let (b, p) = stripped.rsplit_once('(')?;
        parts.promotion = Some(Symbol { plus: false, letter: single_upper(p)? });
        body = b;
    } else if let Some(last) = body.chars().last().filter(|c| c.is_ascii_uppercase()) {
        body = &body[..body.len() - 1];
        let plus = body.ends_with("=+");
        body = body.strip_suffix("=+").or_else(|| body.strip_suffix('=')).unwrap_or(body);
        parts.promotion = Some(Symbol { plus, letter: last });
    }
    // Destination: the last file letter followed by digits.
    let digits = body.bytes().rev().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || body.len() < digits + 1 {
        return None;
    }
    let to_start = body.len() - digits - 1;
    if !body.as_bytes()[to_start].is_ascii_lowercase() {
        return None;
    }
    parts.to = g.parse_square(&body[to_start..])?;
    let mut prefix = &body[..to_start];
    if let Some(p) = prefix.strip_suffix('x').or_else(|| prefix.strip_suffix(':')) {
        parts.capture = true;
        prefix = p;
    }
    // Disambiguation: optional file, optional rank.
    let mut chars = prefix.chars().peekable();
    if let Some(&c) = chars.peek() {
        if c.is_ascii_lowercase() {
            let f = c as u8 - b'a';
            if f >= g.files {
                return None;
            }
            parts.file = Some(f);
            chars.next();
        }
    }
    let rank_text: String = chars.collect();
    if !rank_text.is_empty() {
        if !rank_text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let r: u8 = rank_text.parse().ok()?;
        if r == 0 || r > g.ranks {
            return None;
        }
        parts.rank = Some(r - 1);
    }
    if parts.piece.is_some_and(|p| p.letter == 'x') {
        return None;
    }
    Some(parts)
}

/// Whether `s` begins with two squares end to end (`e2e4…`, `a10b10…`): the shape every
/// long algebraic move has but a drop's (`N@e4`), a lift's (`Rh1^I`) and a rule
/// module's own.
fn two_squares(s: &str) -> bool {
    let mut rest = s.as_bytes();
    (0..2).all(|_| {
        let digits = rest.iter().skip(1).take_while(|b| b.is_ascii_digit()).count();
        let square = rest.first().is_some_and(u8::is_ascii_lowercase) && digits > 0;
        rest = rest.get(1 + digits..).unwrap_or_default();
        square
    })
}

fn single_upper(s: &str) -> Option<char> {
    let mut it = s.chars();
    match (it.next(), it.next()) {
        (Some(c), None) if c.is_ascii_uppercase() => Some(c),
        _ => None,
    }
}
