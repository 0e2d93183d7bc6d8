//! The rule modules the built-in rulesets name (see `chimera_engine::module`).

mod atomic;
mod checkless;
mod chu_bare_king;
mod chu_lion;
mod king_swap;

use chimera_engine::module::ModuleRegistry;

/// Every built-in rule module.
pub fn registry() -> ModuleRegistry {
    ModuleRegistry::new()
        .with("atomic", atomic::DESCRIPTION, atomic::build)
        .with("checkless", checkless::DESCRIPTION, checkless::build)
        .with("chu-bare-king", chu_bare_king::DESCRIPTION, chu_bare_king::build)
        .with("chu-lion", chu_lion::DESCRIPTION, chu_lion::build)
        .with("king-swap", king_swap::DESCRIPTION, king_swap::build)
}
