//! Rule features: each file owns one rule of the kernel, from its tables to its
//! notation. `position`, `movegen`, `notation` and `fen` dispatch to them.

pub(crate) mod claims;
pub(crate) mod end;
pub(crate) mod counting;
pub(crate) mod mate_rule;
pub(crate) mod material;
pub(crate) mod material_count;
pub(crate) mod extinction;
pub(crate) mod perpetual;
pub(crate) mod must_capture;
pub(crate) mod must_drop;
pub(crate) mod pass;
pub(crate) mod move_bans;
pub(crate) mod region_win;
pub(crate) mod castling;
pub(crate) mod economy;
pub(crate) mod lift;
pub(crate) mod drops;
pub(crate) mod flips;
pub(crate) mod circe;
pub(crate) mod andernach;
pub(crate) mod madrasi;
pub(crate) mod gating;
pub(crate) mod setup_drops;
pub(crate) mod promotion;
pub(crate) mod promotion_move;
pub(crate) mod en_passant;
pub(crate) mod initial_moves;
pub(crate) mod regions;
pub(crate) mod lines;
pub(crate) mod bikjang;
pub(crate) mod shuttle;
pub(crate) mod turns;
pub(crate) mod series;
pub(crate) mod petrify;
pub(crate) mod walls;
