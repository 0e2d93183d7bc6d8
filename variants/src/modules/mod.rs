//! The rule modules the built-in rulesets name (see `chimera_engine::module`).

mod king_swap;
mod n_check;

use chimera_engine::module::ModuleRegistry;

/// Every built-in rule module.
pub fn registry() -> ModuleRegistry {
    ModuleRegistry::new()
        .with("king-swap", king_swap::DESCRIPTION, king_swap::build)
        .with("n-check", n_check::DESCRIPTION, n_check::build)
}
