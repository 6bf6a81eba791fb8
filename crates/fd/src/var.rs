//! The handles of a model: [`Var`] names a variable, [`ConstraintId`] a
//! posted constraint. Both are plain indices into their [`Model`](crate::Model),
//! shared by the constraint descriptions, the model, the propagators, the
//! trace and the checker.

use serde::{Deserialize, Serialize};

/// A decision variable of a [`Model`](crate::Model) (an index into it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Var(pub u32);

impl Var {
    /// The position of the variable in its model.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// A constraint posted in a [`Model`](crate::Model) (an index into it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct ConstraintId(pub u32);

impl ConstraintId {
    /// The position of the constraint in its model.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}
