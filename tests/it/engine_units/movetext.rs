//! Movetext (`engine/src/movetext/`): PGN's tokens, games, tags, annotations, the caps on
//! hostile input, and games cut into texts that read alone as in their file.

use chimera::movetext::{
    line_column, read, GameResult, GameText, GameTexts, Games, MovetextError, Place, ResultToken, Token, MAX_TAGS, MAX_VARIATION_DEPTH,
};
use chimera::testing::{set_max_game_bytes, set_texts_max_game_bytes, texts_captured_len, MAX_COMMENT_BYTES, MAX_LEXEME_BYTES};

fn moves(text: &str) -> Vec<String> {
    read(text).unwrap().iter().filter_map(Token::move_text).map(str::to_string).collect()
}

fn result(text: &str) -> Option<GameResult> {
    read(text).unwrap().iter().find_map(|t| match t {
        Token::Result(r) => Some(r.result),
        _ => None,
    })
}

#[test]
fn move_numbers_separate_glued_and_skipping() {
    assert_eq!(moves("1. e4 e5 2. Nf3 Nc6"), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(moves("1.e4 e5 2.Nf3 2...Nc6"), ["e4", "e5", "Nf3", "Nc6"]);
    assert_eq!(moves("1...e5 7. Nf3 12... Nc6"), ["e5", "Nf3", "Nc6"]);
    assert_eq!(moves("1. ... e5"), ["e5"]);
    assert_eq!(moves("1… e5 2…Nc6"), ["e5", "Nc6"]);
    assert_eq!(moves("1 e4 e5 2 Nf3"), ["e4", "e5", "Nf3"]);
    assert_eq!(moves("1.@d2 P@e4 2.B@e2+"), ["@d2", "P@e4", "B@e2+"]);
}

#[test]
fn plies_and_offsets() {
    let t = read("1. e4 {x} e5\n2.Nf3").unwrap();
    let m: Vec<(&str, usize, usize)> = t
        .iter()
        .map(|t| match t {
            Token::Move(m) => (m.text.as_str(), m.ply, m.place.offset),
            other => unreachable!("{other:?}"),
        })
        .collect();
    assert_eq!(m, [("e4", 1, 3), ("e5", 2, 10), ("Nf3", 3, 15)]);
}

#[test]
fn castling_is_a_move_not_a_result_or_number() {
    assert_eq!(moves("1. O-O 0-0 2. 0-0-0 O-O-O+ 3.0-0 3...0-0-0#"), ["O-O", "0-0", "0-0-0", "O-O-O+", "0-0", "0-0-0#"]);
    assert_eq!(result("1. 0-0 0-0"), None);
    assert_eq!(result("1. 0-0 0-1"), Some(GameResult::BlackWins));
}

#[test]
fn marks_stay_on_the_move() {
    assert_eq!(moves("1. e4! e5? 2. Qh5!? Nc6?? 3. Qxf7#"), ["e4!", "e5?", "Qh5!?", "Nc6??", "Qxf7#"]);
}

#[test]
fn long_algebraic_pocket_and_promotion_moves() {
    assert_eq!(moves("e2e4 e7e5 g1f3 1. e7e8q Rh1^I e8=Q+ e8(Q)"), ["e2e4", "e7e5", "g1f3", "e7e8q", "Rh1^I", "e8=Q+", "e8(Q)"]);
}

#[test]
fn comments_nags_and_escapes() {
    let text = "{opening\ncomment} 1. e4 $1 e5 $14 ; rest of line 2. Nf3\n2. Nf3{glued}Nc6;x\n% escaped line\n3. Bb5$2";
    assert_eq!(moves(text), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
}

/// The tokens of the first game with its annotations, written back compactly.
fn annotated(text: &str) -> Vec<String> {
    let mut games = Games::new(text.as_bytes()).with_annotations();
    games.next_game();
    std::iter::from_fn(|| games.next_token())
        .map(|t| match t {
            Ok(Token::Move(m)) => format!("{}@{}", m.text, m.ply),
            Ok(Token::Comment(c)) => format!("{{{}}}", c.text),
            Ok(Token::Nag(n)) => format!("${}", n.nag),
            Ok(Token::StartVariation(_)) => "(".into(),
            Ok(Token::EndVariation(_)) => ")".into(),
            Ok(Token::Result(r)) => r.text,
            Err(e) => format!("error {}:{} {}", e.line, e.column, e.message),
        })
        .collect()
}

#[test]
fn annotations_in_the_order_written() {
    let text = "[Event \"x\"]\n{before} [Site \"y\"]\n1. e4! {a} $14 e5 ( 1... c5?! 2. Nf3 (2. c3) ; line\n) 2. Nf3 $1 Nc6 ?? 1-0";
    assert_eq!(
        annotated(text),
        [
            "{before}", "e4@1", "$1", "{a}", "$14", "e5@2", "(", "c5@2", "$6", "Nf3@3", "(", "c3@3", ")", "{ line}", ")", "Nf3@3", "$1",
            "Nc6@4", "$4", "1-0"
        ]
    );
    // Checks stay on the move; the marks after them are NAGs.
    assert_eq!(annotated("1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7#!! 1-0")[6..], ["Qxf7#@7", "$3", "1-0"]);
    // A result inside a variation ends neither.
    assert_eq!(annotated("1. e4 (1. d4 1-0) e5 *"), ["e4@1", "(", "d4@1", ")", "e5@2", "*"]);
    // Without annotations nothing of this is given, and the marks stay on the move.
    assert_eq!(moves("1. e4! {a} (1. d4) e5!? *"), ["e4!", "e5!?"]);
}

#[test]
fn unbalanced_variations_are_errors() {
    assert_eq!(annotated("1. e4 (1. d4 e5 *").last().unwrap(), "error 1:7 unterminated variation: `(` without `)`");
    assert_eq!(annotated("1. e4 ) e5").last().unwrap(), "error 1:7 `)` without `(`");
    assert!(annotated("( 1. d4 ) 1. e4").last().unwrap().contains("a variation before the first move"));
    assert!(annotated("1. e4 $256").last().unwrap().contains("a NAG is from $0 to $255"));
    let deep = format!("1. e4 {} *", "(1. d4 ".repeat(MAX_VARIATION_DEPTH + 1));
    assert!(annotated(&deep).last().unwrap().contains("variations nested more than 100 deep"));
    let long = format!("1. e4 {{{}}} *", "x".repeat(MAX_COMMENT_BYTES + 1));
    assert!(annotated(&long).last().unwrap().contains("a comment longer than"));
}

#[test]
fn variations_are_skipped() {
    assert_eq!(moves("1. e4 (1. d4 d5 (1... Nf6) {a (comment}) e5"), ["e4", "e5"]);
    assert!(read("1. e4 (1. d4").is_err());
}

#[test]
fn tag_pairs_at_the_top() {
    let text = "[Event \"Casual [blitz] game\"]\n[White \"A \\\"B\\\" C\"]\n\n1. e4 e5 1/2-1/2\n";
    assert_eq!(moves(text), ["e4", "e5"]);
    assert_eq!(result(text), Some(GameResult::Draw));
    assert!(read("[Event \"x\"").is_err());
    let e = read("1. e4 [Event \"x\"]").unwrap_err();
    assert_eq!(e.offset, 6);
}

#[test]
fn en_passant_suffix_is_glued_away() {
    assert_eq!(moves("1. e4 a6 2. e5 d5 3. exd6 e.p. Qxd6 4. exd6e.p."), ["e4", "a6", "e5", "d5", "exd6", "Qxd6", "exd6e.p."]);
    let t = read("1. e4 e.p. e5").unwrap();
    assert_eq!(t.len(), 2);
    assert!(read("e.p. e4").is_err());
}

#[test]
fn result_tokens_end_the_game() {
    for (text, r) in [
        ("1. e4 1-0", GameResult::WhiteWins),
        ("1. e4 0-1", GameResult::BlackWins),
        ("1. e4 1/2-1/2", GameResult::Draw),
        ("1. e4 ½-½", GameResult::Draw),
        ("1. e4 *", GameResult::Unknown),
    ] {
        assert_eq!(result(text), Some(r), "{text}");
        assert_eq!(moves(text), ["e4"]);
    }
    let t = read("1. e4 1-0 [Event \"next\"] 1. d4").unwrap();
    assert_eq!(t.len(), 2);
    assert_eq!(
        t[1],
        Token::Result(ResultToken { result: GameResult::WhiteWins, text: "1-0".into(), place: Place { offset: 6, line: 1, column: 7 } })
    );
    assert_eq!(read("½-½").unwrap()[0].offset(), 0);
    assert_eq!(result("1. e4 e5"), None);
}

#[test]
fn unterminated_comment_is_an_error_with_its_offset() {
    let e = read("1. e4 {never closed\n e5").unwrap_err();
    assert_eq!(e.offset, 6);
    assert!(e.message.contains("unterminated comment"));
    assert_eq!(line_column("1. e4 {never closed\n e5", 6), (1, 7));
    assert_eq!(line_column("ab\ncd", 4), (2, 2));
    assert!(read("1. e4 } e5").is_err());
}

#[test]
fn empty_and_odd_input() {
    assert!(read("").unwrap().is_empty());
    assert!(read("  \n\t ").unwrap().is_empty());
    assert!(read("\u{feff}1. e4").unwrap().len() == 1);
    assert_eq!(moves("1. 2. 3."), Vec::<String>::new());
    // Non-ASCII is passed through to the move parser, not split mid-character.
    assert_eq!(moves("1. é4 Ж"), ["é4", "Ж"]);
}

/// A game as the tests see it: its number, first line, tags and move texts (or the error).
type Seen = (usize, usize, Vec<String>, Result<Vec<String>, String>);

fn games(text: &str) -> Vec<Seen> {
    let mut games = Games::new(text.as_bytes());
    let mut out = Vec::new();
    while let Some(g) = games.next_game() {
        let tags = g.tags.iter().map(|t| format!("{}={}", t.name, t.value)).collect();
        let moves: Result<Vec<String>, MovetextError> =
            std::iter::from_fn(|| games.next_token()).map(|t| t.map(|t| t.move_text().unwrap_or("|").to_string())).collect();
        out.push((g.number, g.place.line, tags, moves.map_err(|e| format!("{}:{}: {}", e.line, e.column, e.message))));
    }
    out
}

#[test]
fn every_game_of_a_file_with_its_tags() {
    let pgn = "[Event \"one\"]\n[White \"A \\\"B\\\"\"]\n\n1. e4 e5 1-0\n\n[Event \"two\"]\n[SetUp \"1\"]\n[FEN \"k7/8/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. Kb1 {x} *\n";
    let g = games(pgn);
    assert_eq!(g.len(), 2);
    assert_eq!(g[0], (1, 1, vec!["Event=one".into(), "White=A \"B\"".into()], Ok(vec!["e4".into(), "e5".into(), "|".into()])));
    assert_eq!(g[1].0, 2);
    assert_eq!(g[1].1, 6);
    assert_eq!(g[1].2[2], "FEN=k7/8/8/8/8/8/8/K7 w - - 0 1");
    assert_eq!(g[1].3, Ok(vec!["Kb1".into(), "|".into()]));
    // Untagged games, each from move 1, are games too.
    let g = games("1. e4 e5 1-0\n1. d4 0-1\n");
    assert_eq!(g.len(), 2);
    assert_eq!(g[1].3, Ok(vec!["d4".into(), "|".into()]));
    assert!(games("").is_empty());
    assert!(games("  {only a comment}\n").is_empty());
}

#[test]
fn moves_after_a_result_are_an_error_of_their_own_game() {
    let g = games("1. e4 e5 1-0 2. Nf3");
    assert_eq!(g.len(), 2);
    assert_eq!(g[1].3, Err("1:14: `2.` follows the result `1-0` of game 1: a new game begins with its tag pairs, or with move 1".into()));
}

#[test]
fn a_broken_game_is_skipped_to_the_next_tag_pair() {
    let pgn = "[Event \"a\"]\n1. e4 } e5 2. Nf3\n[Event \"b\"]\n1. d4 *";
    let g = games(pgn);
    assert_eq!(g.len(), 2);
    assert_eq!(g[0].3, Err("2:7: `}` without `{`".into()));
    assert_eq!((g[1].1, &g[1].3), (3, &Ok(vec!["d4".into(), "|".into()])));
    // A missing result: the tag pair that follows the moves begins the next game.
    let g = games("[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 *");
    assert_eq!(g[0].3, Err("3:1: a tag pair after the moves (is the result token of the game missing?)".into()));
    assert_eq!(g[1].2, vec!["Event=b".to_string()]);
    assert_eq!(g[1].3, Ok(vec!["d4".into(), "|".into()]));
    // Moves not asked for are skipped.
    let mut all = Games::new("[A \"1\"]\n1. e4 e5 *\n[A \"2\"]\n1. d4 *".as_bytes());
    assert_eq!(all.next_game().unwrap().tag("A"), Some("1"));
    assert_eq!(all.next_game().unwrap().tag("A"), Some("2"));
    assert!(all.next_game().is_none());
}

#[test]
fn a_tag_pair_with_an_unclosed_quote_costs_its_own_game() {
    // Issue 51: `[White "x]` read on across lines and swallowed the games after it.
    let pgn = "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n[White \"x]\n[Black \"y\"]\n\n1. e4 e5 *\n\n[Event \"c\"]\n1. d4 *\n";
    let g = games(pgn);
    assert_eq!(g.len(), 3);
    assert_eq!(g[1].2, vec!["Event=b".to_string(), "Black=y".to_string()]);
    assert_eq!(g[1].3, Err("5:1: unterminated tag pair: its value's `\"` is not closed on its line".into()));
    assert_eq!((g[2].0, g[2].1, &g[2].3), (3, 10, &Ok(vec!["d4".into(), "|".into()])));
}

#[test]
fn a_comment_left_open_ends_at_a_tag_line_after_a_blank_line() {
    let pgn = "[Event \"a\"]\n1. e4 { never closed\n2. Nf3 *\n\n[Event \"b\"]\n1. d4 (1. c4 *\n\n[Event \"c\"]\n1. c4 {x\n[y]} *\n";
    let g = games(pgn);
    assert_eq!(g.len(), 3);
    assert!(g[0].3.as_ref().unwrap_err().starts_with("2:7: unterminated comment"));
    assert!(g[1].3.as_ref().unwrap_err().starts_with("6:7: unterminated variation"));
    // A tag line with no blank line before it stays inside the comment.
    assert_eq!(g[2].3, Ok(vec!["c4".into(), "|".into()]));
}

/// Every game of `pgn` read from its cut text as it was read in the file.
fn texts_read_as_in_the_file(pgn: &[u8]) {
    let mut stream = Games::new(pgn);
    let texts: Vec<GameText> = GameTexts::new(pgn).collect();
    let mut n = 0;
    while let Some(start) = stream.next_game() {
        let text = &texts[n];
        let mut alone = text.games();
        assert_eq!(alone.next_game().as_ref(), Some(&start), "game {}", n + 1);
        let tokens: Vec<_> = std::iter::from_fn(|| stream.next_token()).collect();
        let again: Vec<_> = std::iter::from_fn(|| alone.next_token()).collect();
        assert_eq!(tokens, again, "game {}: {:?}", n + 1, String::from_utf8_lossy(&text.text));
        assert!(alone.next_game().is_none());
        n += 1;
    }
    assert_eq!(n, texts.len());
    // Each text is the file's at its place.
    for t in &texts {
        assert_eq!(&pgn[t.place.offset..t.place.offset + t.text.len()], &t.text[..]);
    }
}

#[test]
fn game_texts_read_alone_as_in_their_file() {
    for pgn in [
        &b"% header\n\n[Event \"a\"]\n1. e4 e5 1-0\n[Event \"b\"]\n1. d4 d5\n[Event \"c\"]\n1. c4 *"[..],
        b"1. e4 e5 1-0 2. Nf3 1. d4 *\n{trailing}\n",
        b"[White \"x]\n[Black \"y\"]\n1. e4 } e5 *\n[Event \"d\"]\n1. \xff e4 *\n[Event \"e\"] 1. e4 { open\n\n[Event \"f\"]\n*",
        b"\xef\xbb\xbf[A \"1\"]\n1. e4 ; c\n(1. d4) $1 e5 *\n\n1-0 }\n[B \"2\"]\n\n",
        b"",
    ] {
        texts_read_as_in_the_file(pgn);
    }
}

/// A game of endless moves, then a comment of endless text, then a good game.
fn endless(n: usize) -> Vec<u8> {
    let mut pgn = b"[Event \"a\"]\n".to_vec();
    for i in 1..=n {
        pgn.extend(format!("{i}. Nf3 Nf6 {}. Ng1 Ng8 ", i + 1).bytes());
    }
    pgn.extend(b"\n[Event \"b\"]\n{");
    pgn.extend("é".repeat(n * 10).bytes());
    pgn.extend(b"}\n1. e4 *\n[Event \"c\"]\n1. d4 *\n");
    pgn
}

#[test]
fn a_game_past_the_cap_is_an_error_and_reading_goes_on() {
    let pgn = endless(10_000);
    let mut games = Games::new(&pgn[..]);
    set_max_game_bytes(&mut games, 1000);
    let mut seen = Vec::new();
    while let Some(start) = games.next_game() {
        let tokens: Vec<_> = std::iter::from_fn(|| games.next_token()).collect();
        let error = tokens.iter().find_map(|t| t.as_ref().err()).map(|e| e.message.clone());
        seen.push((start.tag("Event").map(str::to_string), tokens.len(), error));
    }
    let cap = "a game longer than 1000 bytes (the most one game may be): read on from the next game";
    assert_eq!(seen[0].2.as_deref(), Some(cap));
    assert_eq!(seen[1].2.as_deref(), Some(cap), "a comment is bounded too");
    assert_eq!(seen[2], (Some("c".to_string()), 2, None));
}

#[test]
fn a_game_past_the_cap_is_cut_to_its_first_bytes_and_reads_alone_alike() {
    let pgn = endless(10_000);
    let mut texts = GameTexts::new(&pgn[..]);
    set_texts_max_game_bytes(&mut texts, 1000);
    let mut stream = Games::new(&pgn[..]);
    set_max_game_bytes(&mut stream, 1000);
    let mut n = 0;
    while let Some(text) = texts.next() {
        assert!(text.text.len() <= 1003, "game {}: {} bytes kept", text.number, text.text.len());
        // Nothing skipped is held: the capture keeps a game's head and the lexeme at hand.
        let held = texts_captured_len(&texts);
        assert!(held < 3000, "{held} bytes held after game {}", text.number);
        let start = stream.next_game().unwrap();
        let mut alone = text.games();
        set_max_game_bytes(&mut alone, 1000);
        assert_eq!(alone.next_game().as_ref(), Some(&start));
        let tokens: Vec<_> = std::iter::from_fn(|| stream.next_token()).collect();
        let again: Vec<_> = std::iter::from_fn(|| alone.next_token()).collect();
        assert_eq!(tokens, again, "game {}", text.number);
        n += 1;
    }
    assert_eq!(n, 3);
}

#[test]
fn places_are_lines_and_columns_in_characters() {
    let t = read("½-½").unwrap();
    assert_eq!(t[0].place(), Place { offset: 0, line: 1, column: 1 });
    let t = read("{é}\n 12…Nf6").unwrap();
    assert_eq!(t[0].place(), Place { offset: 11, line: 2, column: 5 });
}

#[test]
fn hostile_bytes_are_errors_not_memory() {
    let bad = Games::new(&b"1. e4 \xff e5"[..]).next_token();
    assert!(bad.is_none(), "no game was started");
    let mut g = Games::new(&b"1. e4 \xff e5"[..]);
    g.next_game();
    assert_eq!(g.next_token().unwrap().unwrap().move_text(), Some("e4"));
    let e = g.next_token().unwrap().unwrap_err();
    assert_eq!((e.column, e.message.as_str()), (7, "not UTF-8 text"));
    let long = "a".repeat(MAX_LEXEME_BYTES);
    let e = read(&format!("1. {long}")).unwrap_err();
    assert_eq!((e.column, e.message.as_str()), (4, "a word longer than 4096 bytes"));
    assert!(read("[Event]").is_err());
    let tags: String = (0..=MAX_TAGS).map(|i| format!("[T{i} \"\"]\n")).collect();
    let e = read(&tags).unwrap_err();
    assert_eq!(e.message, format!("more than {MAX_TAGS} tag pairs"));
}

/// A word ends at white space (as `char::is_whitespace` has it), and at no other ASCII
/// character but the brackets and marks that begin something else: the bulk of a word is
/// read a byte at a time, with a test of its own.
#[test]
fn ascii_white_space_alone_ends_a_word() {
    for b in (0u8..128).filter(|b| !b"{};()[]%#\"$".contains(b)) {
        let c = char::from(b);
        let text = format!("e4{c}e5 *");
        let words = read(&text).map(|tokens| tokens.iter().filter_map(Token::move_text).map(str::to_string).collect::<Vec<_>>());
        if c.is_whitespace() {
            assert_eq!(words.unwrap(), ["e4", "e5"], "{b:#04x}");
        } else if let Ok(words) = words {
            assert_eq!(words, [format!("e4{c}e5")], "{b:#04x}");
        }
    }
}
