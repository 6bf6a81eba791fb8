//! A FlatZinc model as read: variables, parameters resolved to their
//! values, constraints with their arguments, the solve item, the outputs.

use crate::error::Pos;

/// A FlatZinc variable: an index into [`FlatZinc::vars`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VarId(pub usize);

/// A set of integers as sorted, disjoint, non-adjacent inclusive ranges.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct IntSet(Vec<(i64, i64)>);

impl IntSet {
    /// The set of `lo..=hi` (empty when `lo > hi`).
    pub fn range(lo: i64, hi: i64) -> Self {
        Self::from_ranges(vec![(lo, hi)])
    }

    /// The set of the given values.
    pub fn from_values(values: impl IntoIterator<Item = i64>) -> Self {
        Self::from_ranges(values.into_iter().map(|v| (v, v)).collect())
    }

    fn from_ranges(mut ranges: Vec<(i64, i64)>) -> Self {
        ranges.retain(|&(lo, hi)| lo <= hi);
        ranges.sort_unstable();
        let mut merged: Vec<(i64, i64)> = Vec::with_capacity(ranges.len());
        for (lo, hi) in ranges {
            match merged.last_mut() {
                Some(last) if lo <= last.1.saturating_add(1) => last.1 = last.1.max(hi),
                _ => merged.push((lo, hi)),
            }
        }
        IntSet(merged)
    }

    /// The ranges, sorted.
    pub fn ranges(&self) -> &[(i64, i64)] {
        &self.0
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: i64) -> bool {
        self.0.iter().any(|&(lo, hi)| lo <= v && v <= hi)
    }

    /// The set written as FlatZinc writes it: `1..3` or `{1,3}`.
    pub fn to_fzn(&self) -> String {
        match self.0.as_slice() {
            [(lo, hi)] if lo != hi => format!("{lo}..{hi}"),
            [] => "{}".to_owned(),
            ranges => {
                let values: Vec<String> = ranges
                    .iter()
                    .flat_map(|&(lo, hi)| lo..=hi)
                    .map(|v| v.to_string())
                    .collect();
                format!("{{{}}}", values.join(","))
            }
        }
    }
}

/// A scalar: a constant or a variable.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer constant.
    Int(i64),
    /// A Boolean constant.
    Bool(bool),
    /// A constant set of integers.
    Set(IntSet),
    /// A variable.
    Var(VarId),
}

/// A constraint argument: a scalar or an array of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    /// A scalar.
    Value(Value),
    /// An array, in order.
    Array(Vec<Value>),
}

/// The type of a variable.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VarType {
    /// `var int`, with or without a domain.
    Int,
    /// `var bool`.
    Bool,
}

/// A variable declaration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VarDecl {
    /// Its name.
    pub name: String,
    /// Integer or Boolean.
    pub ty: VarType,
    /// Its declared domain (`None`: `var int` or `var bool`).
    pub domain: Option<IntSet>,
    /// What it is declared equal to (`var int: x = y;`).
    pub equals: Option<Value>,
    /// Whether MiniZinc introduced or defined it (`var_is_introduced`,
    /// `is_defined_var`) rather than it being a decision of the model.
    pub introduced: bool,
    /// Where it is declared.
    pub pos: Pos,
}

/// A constraint item: a builtin applied to arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintItem {
    /// The builtin's name, e.g. `int_lin_eq`.
    pub name: String,
    /// The arguments.
    pub args: Vec<Arg>,
    /// Where the item starts.
    pub pos: Pos,
}

/// An annotation, or an argument of one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Annotation {
    /// `name(args)`.
    Call(String, Vec<Annotation>),
    /// A bare name that is not a declared variable or parameter (e.g.
    /// `first_fail`).
    Name(String),
    /// A constant, a variable or an array of them.
    Arg(Arg),
    /// `[a, b]` of annotations.
    List(Vec<Annotation>),
    /// A string.
    Str(String),
    /// A float, as written (e.g. the base of `restart_geometric`).
    Float(String),
}

/// What the solve item asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Goal {
    /// Any solution (or all of them).
    Satisfy,
    /// The smallest value of the expression.
    Minimize(Value),
    /// The largest value of the expression.
    Maximize(Value),
}

/// The solve item.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solve {
    /// The goal.
    pub goal: Goal,
    /// Its annotations (search strategies).
    pub annotations: Vec<Annotation>,
    /// Where it is.
    pub pos: Pos,
}

/// A variable or array to print with each solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Output {
    /// `x = 3;`
    Var {
        /// The name printed.
        name: String,
        /// The variable (or constant) printed.
        value: Value,
    },
    /// `xs = array1d(1..3, [...]);`
    Array {
        /// The name printed.
        name: String,
        /// The index set of each dimension.
        dims: Vec<(i64, i64)>,
        /// The elements, in row-major order.
        values: Vec<Value>,
    },
}

/// A FlatZinc model.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FlatZinc {
    /// Every variable, in declaration order.
    pub vars: Vec<VarDecl>,
    /// Every constraint, in order.
    pub constraints: Vec<ConstraintItem>,
    /// The solve item.
    pub solve: Solve,
    /// What to print, in declaration order.
    pub outputs: Vec<Output>,
}
