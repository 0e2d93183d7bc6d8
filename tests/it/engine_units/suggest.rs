//! "Did you mean" (`engine/src/ruleset/suggest.rs`).

use chimera::ruleset::suggest::{closest, with_suggestion};

#[test]
fn near_words_are_suggested_far_ones_not() {
    assert_eq!(closest("lose", ["win", "loss", "draw"]), Some("loss"));
    assert_eq!(closest("stalemat", ["checkmate", "stalemate"]), Some("stalemate"));
    assert_eq!(closest("Royal", ["letter", "royal"]), Some("royal"));
    assert_eq!(closest("victory", ["win", "loss", "draw"]), None);
    assert_eq!(closest("ab", ["abc"]), None);
}

#[test]
fn serde_messages_get_the_suggestion() {
    assert_eq!(
        with_suggestion("unknown variant `lose`, expected one of `win`, `loss`, `draw`"),
        "unknown variant `lose`, expected one of `win`, `loss`, `draw`: did you mean `loss`?"
    );
    assert_eq!(
        with_suggestion("unknown field `bettza`, expected `betza` or `letter`"),
        "unknown field `bettza`, expected `betza` or `letter`: did you mean `betza`?"
    );
    assert_eq!(with_suggestion("invalid type: string \"x\", expected u8"), "invalid type: string \"x\", expected u8");
}
