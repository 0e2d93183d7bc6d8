//! The economy: coins, pieces bought from the stock and placed on the board, upgrades of
//! a piece in place, and the rule that upgrades open only after some purchases.
//!
//! This file owns the rule whole: the `[economy]` schema and compile step, the
//! purchases and upgrades generated, their effect on the board and the purse, the
//! `coins=` and `purchases=` FEN fields, and why a purchase or an upgrade is refused.

use indexmap::IndexMap;
use serde::Deserialize;
use toml::Spanned;

use crate::bitboard::Bitboard;
use crate::fen::error::{err, FenError, FenField};
use crate::movegen::{MoveSink, Safety};
use crate::moves::{Move, MoveKind};
use crate::position::Pos;
use crate::refusal::{plural, refuse, IllegalCode, MoveError};
use crate::rules::{Economy, PieceDef, ResetEvent, Upgrade};
use crate::ruleset::context::Context;
use crate::ruleset::error::RulesetError;
use crate::tables::Zobrist;
use crate::types::{ByColor, Color, Piece, PieceType, Square};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RawEconomy {
    coins: u16,
    #[serde(default)]
    purchases_before_upgrades: u8,
    #[serde(default)]
    buy: IndexMap<String, Spanned<u16>>,
    #[serde(default)]
    upgrades: Vec<Spanned<RawUpgrade>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawUpgrade {
    from: Spanned<String>,
    to: Vec<Spanned<String>>,
    cost: u16,
}

/// Compiles the `[economy]` table.
pub(crate) fn compile(e: &RawEconomy, cx: &Context, pieces: &[PieceDef]) -> Result<Economy, RulesetError> {
    let mut buy = Vec::new();
    for (name, price) in &e.buy {
        let pt = cx.type_named(name, price, &format!("economy.buy.{name}"))?;
        buy.push((pt, *price.get_ref()));
    }
    let mut upgrades = Vec::new();
    for (i, u) in e.upgrades.iter().enumerate() {
        let key = |k: &str| format!("economy.upgrades[{i}].{k}");
        let from = cx.type_of(&u.get_ref().from, &key("from"))?;
        for to_name in &u.get_ref().to {
            let to = cx.type_of(to_name, &key("to"))?;
            if pieces[from].royal || pieces[to].royal {
                return Err(cx.r.span(u, key("to"), "a royal piece can neither be upgraded nor be upgraded to"));
            }
            upgrades.push(Upgrade { from, to, cost: u.get_ref().cost });
        }
    }
    Ok(Economy { coins: e.coins, buy, upgrades, purchases_before_upgrades: e.purchases_before_upgrades })
}

impl<B: Bitboard> Pos<B> {
    /// Coins `c` has.
    pub fn coins(&self, c: Color) -> u16 {
        self.status.coins[c]
    }

    /// Purchases `c` has made (capped where the count stops mattering).
    pub fn purchases(&self, c: Color) -> u8 {
        self.status.purchases[c]
    }

    /// How many more of type `pt` `c` may bring onto the board (its stock).
    pub fn stock(&self, c: Color, pt: PieceType) -> u32 {
        match self.t.rules.piece(pt).limit {
            Some(n) => (n as u32).saturating_sub(self.pieces(c, pt).count()),
            None => u32::MAX,
        }
    }

    #[inline]
    pub(crate) fn generate_purchases<S: MoveSink>(&self, sink: &mut S, safety: &Safety<B>) {
        let t = &*self.t;
        let Some(economy) = &t.rules.economy else { return };
        let us = self.turn;
        let coins = self.status.coins[us];
        let empty = t.board & !self.occupied();
        // (Read once: `Safety`'s cell would make a read in the loop a load per square.)
        let exposes_nothing = safety.adding_exposes_nothing();
        for &(pt, price) in &economy.buy {
            if price > coins || self.stock(us, pt) == 0 {
                continue;
            }
            let targets = empty & t.mobility(us, pt).drop_zone & safety.evasions;
            for to in targets.squares() {
                let m = Move::new(to, to, MoveKind::Buy, pt);
                if exposes_nothing || self.is_safe_after(m, safety.royals) {
                    sink.push(m);
                }
            }
        }
        // An upgrade leaves every square as occupied as before: it is legal exactly when
        // no royal piece is attacked now (`safety` knows, unless every move is tested).
        if self.status.purchases[us] < economy.purchases_before_upgrades
            || safety.in_check
            || (!safety.adding_exposes_nothing() && self.is_check())
        {
            return;
        }
        for u in &economy.upgrades {
            if u.cost > coins || self.stock(us, u.to) == 0 {
                continue;
            }
            for sq in self.pieces(us, u.from).squares() {
                sink.push(Move::new(sq, sq, MoveKind::Upgrade, u.to));
            }
        }
    }

    /// Plays a purchase; whether it resets the move-rule counter.
    pub(crate) fn play_buy(&mut self, m: Move) -> bool {
        let tables = std::sync::Arc::clone(&self.t);
        let t = &*tables;
        let us = self.turn;
        let economy = t.rules.economy.as_ref().expect("a purchase needs an economy");
        let price = economy.buy.iter().find(|b| b.0 == m.piece).map_or(0, |b| b.1);
        self.pay(us, price);
        let n = self.status.purchases[us];
        if n < economy.purchases_before_upgrades {
            self.status.purchases[us] = n + 1;
            self.status.hash ^= Zobrist::purchases(us, n) ^ Zobrist::purchases(us, n + 1);
        }
        self.board.put(m.to, Piece { color: us, kind: m.piece });
        self.status.hash ^= t.piece_key(us, m.piece, m.to);
        t.resets & (1 << ResetEvent::Purchase as u8) != 0
    }

    /// Plays an upgrade; whether it resets the move-rule counter.
    pub(crate) fn play_upgrade(&mut self, m: Move) -> bool {
        let tables = std::sync::Arc::clone(&self.t);
        let t = &*tables;
        let us = self.turn;
        let old = self.board.take(m.to);
        let economy = t.rules.economy.as_ref().expect("an upgrade needs an economy");
        let cost = economy.upgrades.iter().find(|u| u.from == old.kind && u.to == m.piece).map_or(0, |u| u.cost);
        self.pay(us, cost);
        self.board.put(m.to, Piece { color: us, kind: m.piece });
        self.status.hash ^= t.piece_key(us, old.kind, m.to) ^ t.piece_key(us, m.piece, m.to);
        t.resets & (1 << ResetEvent::Upgrade as u8) != 0
    }

    /// Takes `amount` coins from `c`.
    #[inline]
    fn pay(&mut self, c: Color, amount: u16) {
        let before = self.status.coins[c];
        let after = before - amount;
        self.status.coins[c] = after;
        self.status.hash ^= Zobrist::coins(c, before) ^ Zobrist::coins(c, after);
    }

    /// Reads the `coins=` or `purchases=` FEN field (`None` if `key` is neither).
    pub(crate) fn read_economy_field(&mut self, key: &str, value: &str) -> Option<Result<(), FenError>> {
        if key != "coins" && key != "purchases" {
            return None;
        }
        let Some(economy) = &self.t.rules.economy else {
            return Some(err(FenField::Extra, "coins and purchases are only for variants with an economy"));
        };
        let pair = value.split_once('/').and_then(|(w, b)| Some((w.parse::<u16>().ok()?, b.parse::<u16>().ok()?)));
        let Some((w, b)) = pair else {
            return Some(err(FenField::Extra, format!("{key}: `{value}` is not two numbers like `20/19`")));
        };
        if key == "coins" {
            self.status.coins = ByColor::new(w, b);
        } else {
            let cap = economy.purchases_before_upgrades as u16;
            self.status.purchases = ByColor::new(w.min(cap) as u8, b.min(cap) as u8);
        }
        Some(Ok(()))
    }

    /// Appends the economy's FEN fields, if the variant has one.
    pub(crate) fn write_economy_fields(&self, s: &mut String) {
        if self.t.rules.economy.is_some() {
            s.push_str(&format!(
                " coins={}/{} purchases={}/{}",
                self.status.coins[Color::White],
                self.status.coins[Color::Black],
                self.status.purchases[Color::White],
                self.status.purchases[Color::Black]
            ));
        }
    }

    /// Why the piece on `sq` (of type `from`) cannot be upgraded to `to` here.
    pub(crate) fn explain_upgrade(
        &self,
        economy: &crate::rules::Economy,
        from: PieceType,
        to: PieceType,
        sq: Square,
    ) -> Result<Move, MoveError> {
        let rules = &self.t.rules;
        let us = self.turn;
        let (from_name, to_name) = (&rules.piece(from).name, &rules.piece(to).name);
        let square = self.t.geometry.square_name(sq);
        let Some(u) = economy.upgrades.iter().find(|u| u.from == from && u.to == to) else {
            return refuse(IllegalCode::NoSuchUpgrade, format!("the {from_name} on {square} cannot become a {to_name}"));
        };
        if self.purchases(us) < economy.purchases_before_upgrades {
            return refuse(
                IllegalCode::UpgradeLocked,
                format!(
                    "upgrades are allowed only after {} purchases; {us} has made {}",
                    economy.purchases_before_upgrades,
                    self.purchases(us)
                ),
            );
        }
        if self.coins(us) < u.cost {
            return refuse(
                IllegalCode::NotEnoughCoins,
                format!("upgrading to a {to_name} costs {} coin{}; {us} has {}", u.cost, plural(u.cost), self.coins(us)),
            );
        }
        if self.stock(us, to) == 0 {
            return refuse(IllegalCode::StockEmpty, format!("{us} has no {to_name} left in stock: all are on the board"));
        }
        refuse(IllegalCode::LeavesRoyalInCheck, "an upgrade cannot parry a check".to_string())
    }

    /// Why placing a `pt` on `to` (written `text`) by purchase or upgrade is refused;
    /// `None` if the variant has no economy or the text is no purchase or upgrade.
    pub(crate) fn explain_purchase(&self, text: &str, pt: PieceType, to: Square) -> Option<Result<Move, MoveError>> {
        let t = &*self.t;
        let rules = &t.rules;
        let us = self.turn;
        let square = t.geometry.square_name(to);
        let name = &rules.piece(pt).name;
        let economy = rules.economy.as_ref()?;
        if let Some(own) = self.piece_at(to).filter(|p| p.color == us) {
            return Some(self.explain_upgrade(economy, own.kind, pt, to));
        }
        if let Some(&(_, price)) = economy.buy.iter().find(|b| b.0 == pt).filter(|_| rules.drops.is_none()) {
            if self.piece_at(to).is_some() {
                return Some(refuse(IllegalCode::SquareOccupied, format!("cannot place a {name} on {square}: it is occupied")));
            }
            if self.coins(us) < price {
                return Some(refuse(
                    IllegalCode::NotEnoughCoins,
                    format!("a {name} costs {price} coin{}; {us} has {}", plural(price), self.coins(us)),
                ));
            }
            if self.stock(us, pt) == 0 {
                return Some(refuse(IllegalCode::StockEmpty, format!("{us} has no {name} left to buy: all are on the board")));
            }
            if !t.mobility(us, pt).drop_zone.has(to) {
                return Some(refuse(IllegalCode::DropZone, format!("a bought {name} cannot be placed on {square}")));
            }
            let royal = rules.pieces.iter().find(|p| p.royal).map_or("royal piece", |p| p.name.as_str());
            return Some(refuse(IllegalCode::LeavesRoyalInCheck, format!("`{text}` leaves the {royal} in check")));
        }
        None
    }
}
