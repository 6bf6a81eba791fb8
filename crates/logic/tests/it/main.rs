//! The integration tests of fdoku-logic, one module per subject, in one
//! test binary.
#![allow(clippy::unwrap_used)]

mod candidates;
mod cell_rules;
mod clue_and_house;
mod element_rules;
mod generate;
mod hint;
mod hodoku_scores;
mod logic_soundness;
mod reglib;
mod regression;
mod se_agreement;
mod se_chaining;
mod se_exclusion;
mod se_steps;
mod sukaku;
mod variant_chains;
mod variant_soundness;
mod variants;
