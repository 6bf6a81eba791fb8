//! From a [`FlatZinc`] model to an engine [`Model`]: one engine variable per
//! FlatZinc variable (variables that must be equal — declared so, or by
//! `bool2int`, `int_eq` or `bool_eq` between two variables — share one
//! engine variable), one fixed engine variable per constant used where a
//! variable is expected, and each constraint item mapped by its builtin
//! (`int.rs` for integers and sets, `bool.rs` for Booleans, `globals.rs`
//! for the globals that fdoku's MiniZinc library keeps whole).
//!
//! `var int` without a domain ranges over ±[`UNBOUNDED`]. An unknown
//! builtin is an error naming it and its line.

mod bool;
mod globals;
mod int;

use std::collections::HashMap;

use fdoku_fd::{Constraint, Domain, LinearOp, Model, Var};

use crate::ast::{Arg, ConstraintItem, FlatZinc, Goal, IntSet, Value, VarType};
use crate::error::{Error, Pos};

/// The bound of a `var int` declared without a domain: ±2³⁰.
pub const UNBOUNDED: i32 = 1 << 30;

/// Most values a set with holes may hold (it is expanded value by value).
const SET_VALUE_LIMIT: i64 = 1 << 20;

/// The engine model of a FlatZinc model.
#[derive(Clone, Debug)]
pub struct Compiled {
    /// The engine model: the FlatZinc variables, constants and the
    /// auxiliary variables of decompositions.
    pub model: Model,
    /// The engine variable of each FlatZinc variable.
    pub vars: Vec<Var>,
    /// The objective variable, and whether it is minimised.
    pub objective: Option<(Var, bool)>,
}

/// Compiles `fzn` to an engine model.
pub fn compile(fzn: &FlatZinc) -> Result<Compiled, Error> {
    let mut builder = Builder {
        model: Model::new(),
        vars: Vec::with_capacity(fzn.vars.len()),
        constants: HashMap::new(),
    };
    let representative = aliases(fzn);
    for (i, decl) in fzn.vars.iter().enumerate() {
        let domain = match (decl.ty, &decl.domain) {
            (VarType::Bool, _) => Domain::range(0, 1),
            (VarType::Int, Some(set)) => domain_of(set, decl.pos)?,
            (VarType::Int, None) => Domain::range(-UNBOUNDED, UNBOUNDED),
        };
        let var = if representative[i] < i {
            // Equal to an earlier variable: share its engine variable.
            let var = builder.vars[representative[i]];
            builder.model.restrict(var, &domain);
            var
        } else {
            let var = builder.model.new_var_in(domain);
            builder.model.set_var_name(var, decl.name.clone());
            var
        };
        if let Some(value @ (Value::Int(_) | Value::Bool(_))) = &decl.equals {
            let constant = builder.var(value, decl.pos)?;
            builder.linear(&[(1, var), (-1, constant)], LinearOp::Eq, 0);
        }
        builder.vars.push(var);
    }
    for item in &fzn.constraints {
        builder.constraint(item)?;
    }
    let objective = match &fzn.solve.goal {
        Goal::Satisfy => None,
        Goal::Minimize(value) => Some((builder.var(value, fzn.solve.pos)?, true)),
        Goal::Maximize(value) => Some((builder.var(value, fzn.solve.pos)?, false)),
    };
    Ok(Compiled {
        model: builder.model,
        vars: builder.vars,
        objective,
    })
}

/// For each FlatZinc variable, the first variable it must equal: through
/// `var int: x = y;`, `bool2int(a, b)`, `int_eq(x, y)` and `bool_eq(a, b)`
/// between two variables (union–find, the smallest index as root). Such
/// variables share one engine variable, and those constraints hold by
/// construction.
fn aliases(fzn: &FlatZinc) -> Vec<usize> {
    let mut parent: Vec<usize> = (0..fzn.vars.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut join = |a: usize, b: usize| {
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra.max(rb)] = ra.min(rb);
    };
    for (i, decl) in fzn.vars.iter().enumerate() {
        if let Some(Value::Var(other)) = decl.equals {
            join(i, other.0);
        }
    }
    for item in &fzn.constraints {
        if let (
            "bool2int" | "int_eq" | "bool_eq",
            [Arg::Value(Value::Var(a)), Arg::Value(Value::Var(b))],
        ) = (item.name.as_str(), item.args.as_slice())
        {
            join(a.0, b.0);
        }
    }
    (0..parent.len()).map(|i| root(&mut parent, i)).collect()
}

/// The engine domain of a FlatZinc set.
pub(crate) fn domain_of(set: &IntSet, pos: Pos) -> Result<Domain, Error> {
    let narrow = |v: i64| {
        i32::try_from(v).map_err(|_| {
            Error::unsupported(pos, format!("the value {v} is outside the 32-bit integers"))
        })
    };
    match set.ranges() {
        [] => Ok(Domain::empty()),
        [(lo, hi)] => Ok(Domain::range(narrow(*lo)?, narrow(*hi)?)),
        ranges => {
            let size: i128 = ranges
                .iter()
                .map(|&(lo, hi)| i128::from(hi) - i128::from(lo) + 1)
                .sum();
            if size > i128::from(SET_VALUE_LIMIT) {
                return Err(Error::unsupported(
                    pos,
                    format!(
                        "a set of {size} values with holes is too large (at most {SET_VALUE_LIMIT})"
                    ),
                ));
            }
            let mut values = Vec::new();
            for &(lo, hi) in ranges {
                for v in lo..=hi {
                    values.push(narrow(v)?);
                }
            }
            Ok(Domain::from_values(values))
        }
    }
}

/// The state of a compilation, and the helpers the builtins use.
pub(crate) struct Builder {
    pub(crate) model: Model,
    vars: Vec<Var>,
    constants: HashMap<i64, Var>,
}

/// The arguments of one constraint item, read with its position.
pub(crate) struct Args<'a> {
    item: &'a ConstraintItem,
}

impl Args<'_> {
    fn error(&self, message: String) -> Error {
        Error::invalid(self.item.pos, format!("{}: {message}", self.item.name))
    }

    pub(crate) fn pos(&self) -> Pos {
        self.item.pos
    }

    /// Argument `i` (0-based), which must exist.
    pub(crate) fn arg(&self, i: usize) -> Result<&Arg, Error> {
        self.item
            .args
            .get(i)
            .ok_or_else(|| self.error(format!("expected at least {} arguments", i + 1)))
    }

    /// Argument `i` as a scalar.
    pub(crate) fn value(&self, i: usize) -> Result<&Value, Error> {
        match self.arg(i)? {
            Arg::Value(v) => Ok(v),
            Arg::Array(_) => {
                Err(self.error(format!("argument {} must be a scalar, not an array", i + 1)))
            }
        }
    }

    /// Argument `i` as an array.
    pub(crate) fn array(&self, i: usize) -> Result<&[Value], Error> {
        match self.arg(i)? {
            Arg::Array(values) => Ok(values),
            Arg::Value(_) => Err(self.error(format!("argument {} must be an array", i + 1))),
        }
    }

    /// Argument `i` as an integer constant.
    pub(crate) fn int(&self, i: usize) -> Result<i64, Error> {
        match self.value(i)? {
            Value::Int(v) => Ok(*v),
            _ => Err(self.error(format!("argument {} must be an integer constant", i + 1))),
        }
    }

    /// Argument `i` as an array of integer constants.
    pub(crate) fn ints(&self, i: usize) -> Result<Vec<i64>, Error> {
        self.array(i)?
            .iter()
            .map(|v| match v {
                Value::Int(c) => Ok(*c),
                _ => Err(self.error(format!(
                    "argument {} must be an array of integer constants",
                    i + 1
                ))),
            })
            .collect()
    }

    /// Argument `i` as a constant set.
    pub(crate) fn set(&self, i: usize) -> Result<&IntSet, Error> {
        match self.value(i)? {
            Value::Set(set) => Ok(set),
            _ => Err(self.error(format!("argument {} must be a constant set", i + 1))),
        }
    }

    /// Arguments `i` (coefficients) and `i + 1` (variables) as terms.
    pub(crate) fn terms(&self, b: &mut Builder, i: usize) -> Result<Vec<(i64, Var)>, Error> {
        let coefficients = self.ints(i)?;
        let vars = b.vars(self.array(i + 1)?, self.pos())?;
        if coefficients.len() != vars.len() {
            return Err(self.error(format!(
                "{} coefficients for {} variables",
                coefficients.len(),
                vars.len()
            )));
        }
        Ok(coefficients.into_iter().zip(vars).collect())
    }

    /// Fails unless there are exactly `n` arguments.
    pub(crate) fn count(&self, n: usize) -> Result<(), Error> {
        if self.item.args.len() == n {
            Ok(())
        } else {
            Err(self.error(format!(
                "expected {n} arguments, found {}",
                self.item.args.len()
            )))
        }
    }
}

impl Builder {
    fn constraint(&mut self, item: &ConstraintItem) -> Result<(), Error> {
        let args = Args { item };
        let name = item.name.as_str();
        if int::post(self, name, &args)?
            || bool::post(self, name, &args)?
            || globals::post(self, name, &args)?
        {
            return Ok(());
        }
        Err(Error::unsupported(
            item.pos,
            format!("unknown builtin '{name}' (not supported by fdoku)"),
        ))
    }

    /// The engine variable of a scalar: a FlatZinc variable, or a fixed
    /// variable for a constant.
    pub(crate) fn var(&mut self, value: &Value, pos: Pos) -> Result<Var, Error> {
        match value {
            Value::Var(id) => Ok(self.vars[id.0]),
            Value::Int(c) => self.constant(*c, pos),
            Value::Bool(b) => self.constant(i64::from(*b), pos),
            Value::Set(_) => Err(Error::invalid(pos, "a set where a variable was expected")),
        }
    }

    /// The engine variables of an array.
    pub(crate) fn vars(&mut self, values: &[Value], pos: Pos) -> Result<Vec<Var>, Error> {
        values.iter().map(|v| self.var(v, pos)).collect()
    }

    fn constant(&mut self, c: i64, pos: Pos) -> Result<Var, Error> {
        if let Some(&var) = self.constants.get(&c) {
            return Ok(var);
        }
        let v = i32::try_from(c).map_err(|_| {
            Error::unsupported(pos, format!("the value {c} is outside the 32-bit integers"))
        })?;
        let var = self.model.new_var(v, v);
        self.constants.insert(c, var);
        Ok(var)
    }

    /// A new auxiliary variable over `lo..=hi`.
    pub(crate) fn aux(&mut self, lo: i32, hi: i32) -> Var {
        self.model.new_var(lo, hi)
    }

    pub(crate) fn post(&mut self, constraint: Constraint) {
        self.model.post(constraint);
    }

    pub(crate) fn linear(&mut self, terms: &[(i64, Var)], op: LinearOp, rhs: i64) {
        self.model.linear(terms, op, rhs);
    }

    /// A constraint that always fails.
    pub(crate) fn fail(&mut self) {
        self.post(Constraint::Clause {
            pos: Vec::new(),
            neg: Vec::new(),
        });
    }

    /// The initial domain of an engine variable.
    pub(crate) fn domain(&self, var: Var) -> &Domain {
        self.model.domain(var)
    }
}
