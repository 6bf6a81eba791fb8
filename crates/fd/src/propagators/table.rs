//! The table (extensional) constraint: the variables take one of the listed tuples.
//!
//! Propagation keeps a value only while some still-possible tuple uses it
//! (generalised arc consistency). With tuples `(1,2) (2,3) (3,1)` and
//! `y ∈ {2, 3}`, the tuple `(3,1)` is gone, so `x` loses 3.
//!
//! When every variable's initial domain lies within a 64-value window, the
//! tuples are stored as bit positions in those windows: a run reads each
//! domain as one mask, tests a tuple with one shift per value, gathers the
//! supported values as masks, and keeps them with one mask operation per
//! variable, in buffers the propagator reuses. Tuples with a value outside
//! the initial domains are dropped then, and the bit positions are all the
//! propagator keeps (its from-scratch version reads the tuples back from
//! them). Wider domains take the from-scratch version, which lists the
//! supported values and intersects.
//! Two-variable tables usually compile to [`super::binary`] instead.

use crate::domain::Domain;
use crate::propagation::{Priority, PropCtx, PropResult, Propagator};
use crate::store::Events;
use crate::var::Var;

pub(crate) struct Table {
    vars: Vec<Var>,
    form: Form,
}

/// How a table holds its tuples.
enum Form {
    /// As bit positions, every initial domain fitting a 64-value window.
    Masked(Masked),
    /// As posted.
    Listed(Vec<Vec<i32>>),
}

/// The tuples as bit positions over each variable's window, and the buffers
/// of a run.
struct Masked {
    /// The value of bit 0 of each variable's window.
    bases: Vec<i32>,
    /// Tuple `t`'s bit positions are `bits[t * arity..(t + 1) * arity]`.
    bits: Vec<u8>,
    /// How many tuples `bits` holds.
    count: usize,
    domains: Vec<u64>,
    supported: Vec<u64>,
}

impl Table {
    /// A table over `vars` whose initial domains are `domains[var]`.
    pub(crate) fn new(vars: Vec<Var>, tuples: &[Vec<i32>], domains: &[Domain]) -> Self {
        let form = match Masked::new(&vars, tuples, domains) {
            Some(masked) => Form::Masked(masked),
            None => Form::Listed(tuples.to_vec()),
        };
        Table { vars, form }
    }
}

impl Masked {
    /// The masked form, when every domain fits a 64-value window.
    fn new(vars: &[Var], tuples: &[Vec<i32>], domains: &[Domain]) -> Option<Masked> {
        let bases: Vec<i32> = vars.iter().map(|v| domains[v.index()].min()).collect();
        let fits = vars
            .iter()
            .zip(&bases)
            .all(|(v, &base)| domains[v.index()].mask_from(base).is_some());
        if !fits {
            return None;
        }
        let mut bits = Vec::with_capacity(tuples.len() * vars.len());
        let mut count = 0;
        for tuple in tuples {
            let start = bits.len();
            for ((&value, var), &base) in tuple.iter().zip(vars).zip(&bases) {
                if !domains[var.index()].contains(value) {
                    break;
                }
                bits.push((i64::from(value) - i64::from(base)) as u8);
            }
            if bits.len() - start == vars.len() {
                count += 1;
            } else {
                bits.truncate(start);
            }
        }
        Some(Masked {
            bases,
            bits,
            count,
            domains: vec![0; vars.len()],
            supported: vec![0; vars.len()],
        })
    }

    /// The tuples held, as values (those of the posted tuples that lie in
    /// the initial domains).
    fn tuples(&self, arity: usize) -> Vec<Vec<i32>> {
        if arity == 0 {
            return vec![Vec::new(); self.count];
        }
        self.bits
            .chunks_exact(arity)
            .map(|tuple| {
                tuple
                    .iter()
                    .zip(&self.bases)
                    .map(|(&bit, &base)| base + i32::from(bit))
                    .collect()
            })
            .collect()
    }

    /// Keeps the values of `vars` that some live tuple uses; `None` when a
    /// domain has left its window (it cannot, as domains only shrink).
    fn run(&mut self, ctx: &mut PropCtx<'_>, vars: &[Var]) -> Option<PropResult> {
        for ((mask, &var), &base) in self.domains.iter_mut().zip(vars).zip(&self.bases) {
            *mask = ctx.dom(var).mask_from(base)?;
        }
        if vars.is_empty() {
            return Some(if self.count == 0 {
                Err(ctx.fail())
            } else {
                Ok(())
            });
        }
        self.supported.fill(0);
        for tuple in self.bits.chunks_exact(vars.len()) {
            let live = tuple
                .iter()
                .zip(&self.domains)
                .all(|(&bit, &mask)| mask >> bit & 1 == 1);
            if live {
                for (&bit, supported) in tuple.iter().zip(&mut self.supported) {
                    *supported |= 1 << bit;
                }
            }
        }
        for ((&var, &base), &supported) in vars.iter().zip(&self.bases).zip(&self.supported) {
            if let Err(conflict) = ctx.retain_mask(var, base, supported) {
                return Some(Err(conflict));
            }
        }
        Some(Ok(()))
    }
}

/// Keeps, of each variable's values, those that some tuple whose values are
/// all still in the domains uses (the plain meaning of a table).
pub(super) fn keep_supported(
    ctx: &mut PropCtx<'_>,
    vars: &[Var],
    tuples: &[Vec<i32>],
) -> PropResult {
    if tuples.is_empty() {
        return Err(ctx.fail());
    }
    let mut supported: Vec<Vec<i32>> = vec![Vec::new(); vars.len()];
    let live = tuples.iter().filter(|tuple| {
        tuple
            .iter()
            .zip(vars)
            .all(|(&value, &var)| ctx.dom(var).contains(value))
    });
    for tuple in live {
        for (values, &value) in supported.iter_mut().zip(tuple) {
            values.push(value);
        }
    }
    for (&var, values) in vars.iter().zip(supported) {
        ctx.intersect(var, &Domain::from_values(values))?;
    }
    Ok(())
}

impl Propagator for Table {
    fn subscriptions(&self) -> Vec<(Var, Events)> {
        self.vars.iter().map(|&v| (v, Events::DOMAIN)).collect()
    }

    fn priority(&self) -> Priority {
        Priority::Expensive
    }

    fn idempotent(&self) -> bool {
        true
    }

    fn propagate(&mut self, ctx: &mut PropCtx<'_>) -> PropResult {
        match &mut self.form {
            Form::Masked(masked) => match masked.run(ctx, &self.vars) {
                Some(result) => result,
                None => keep_supported(ctx, &self.vars, &masked.tuples(self.vars.len())),
            },
            Form::Listed(tuples) => keep_supported(ctx, &self.vars, tuples),
        }
    }

    fn propagate_from_scratch(&self, ctx: &mut PropCtx<'_>) -> PropResult {
        match &self.form {
            Form::Masked(masked) => {
                keep_supported(ctx, &self.vars, &masked.tuples(self.vars.len()))
            }
            Form::Listed(tuples) => keep_supported(ctx, &self.vars, tuples),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::propagation::testing::{after_one_run, domains};

    fn table(tuples: Vec<Vec<i32>>, before: &[&[i32]]) -> Table {
        let vars = (0..before.len() as u32).map(Var).collect();
        Table::new(vars, &tuples, &domains(before))
    }

    #[test]
    fn a_value_without_a_live_tuple_goes() {
        // Tuples (1,2) (2,3) (3,1) and y ∈ {2, 3}: (3,1) is gone, so x loses 3.
        let tuples = vec![vec![1, 2], vec![2, 3], vec![3, 1]];
        let before: &[&[i32]] = &[&[1, 2, 3], &[2, 3]];
        let mut table = table(tuples, before);
        let after = after_one_run(&mut table, before);
        assert_eq!(after.unwrap(), ["{1, 2}", "{2, 3}"]);
        // y ∈ {4}: no tuple is left.
        assert_eq!(after_one_run(&mut table, &[&[1, 2, 3], &[4]]), None);
    }

    #[test]
    fn wide_domains_and_empty_scopes_keep_the_plain_meaning() {
        // x ∈ {-100, 0, 100} spans more than 64 values: no masks.
        let tuples = vec![vec![-100, 1], vec![100, 2], vec![5, 1]];
        let before: &[&[i32]] = &[&[-100, 0, 100], &[1, 2]];
        let mut wide = table(tuples, before);
        assert!(matches!(wide.form, Form::Listed(_)));
        let after = after_one_run(&mut wide, before);
        assert_eq!(after.unwrap(), ["{-100, 100}", "{1, 2}"]);
        // A table over no variables holds when it lists the empty tuple.
        assert!(after_one_run(&mut table(vec![vec![]], &[]), &[]).is_some());
        assert!(after_one_run(&mut table(vec![], &[]), &[]).is_none());
    }
}
