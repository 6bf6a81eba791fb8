//! The search annotations of the solve item, as an engine [`SearchConfig`].
//!
//! `int_search`/`bool_search(vars, variable choice, value choice, _)` is
//! one search phase; `seq_search` of them gives phases searched in order:
//! each labels its own variables by its own choices until they are all
//! fixed, then the next takes over. Variable choices: `input_order`,
//! `first_fail` (smallest domain), `dom_w_deg`; any other is taken as
//! `input_order`. Value choices: `indomain_min` and `indomain` try the
//! smallest value first, `indomain_max` the largest, `indomain_random` a
//! seeded random one (each branching `x = v` / `x ≠ v`); `indomain_split`
//! bisects the domain, lower half first, and `indomain_reverse_split` upper
//! half first; any other tries the smallest value first. Variables in no
//! phase are labelled after the phases, in model order, by the first
//! phase's value choice. Without annotations, or with free search, the
//! engine's default (dom/wdeg, smallest value) labels the model's decisions
//! — the variables MiniZinc neither introduced nor defined, and the printed
//! ones — then the rest. A satisfaction search enumerates solutions that
//! differ on the decisions and the phases' variables: the rest, MiniZinc's
//! auxiliary variables, take the first values that complete them.
//!
//! Restarts: `restart_constant(scale)`, `restart_linear(scale)`,
//! `restart_luby(scale)`, `restart_geometric(base, scale)` and
//! `restart_none` on the solve item choose the engine's [`Restarts`];
//! without one, free search restarts by [`FREE_SEARCH_RESTARTS`] and an
//! annotated search does not. Free search also branches on the variable of
//! the last conflict again (last-conflict reasoning); an annotated search
//! follows its own variable choice. `--restart` and `--last-conflict`
//! override these defaults.

use fdoku_fd::{Restarts, SearchConfig, SearchPhase, ValOrder, Var, VarOrder};

use crate::ast::{Annotation, Arg, FlatZinc, Output, Value};
use crate::options::Options;

/// How free search restarts unless told otherwise (chosen by measurement on
/// the benchmark selection, docs/performance.md).
pub(crate) const FREE_SEARCH_RESTARTS: Restarts = Restarts::Luby { scale: 250 };

/// The search of the solve item's annotations and of `options` (`-f`,
/// `-r`, `--restart`, `--last-conflict`); `vars` maps FlatZinc variables to
/// engine variables.
pub(crate) fn config(fzn: &FlatZinc, vars: &[Var], options: &Options) -> SearchConfig {
    let config = annotated(fzn, vars, options.free, options.seed);
    let free = config.phases.is_empty();
    let annotated_restarts = if options.free {
        None
    } else {
        restarts(&fzn.solve.annotations)
    };
    let default_restarts = if free {
        FREE_SEARCH_RESTARTS
    } else {
        Restarts::None
    };
    SearchConfig {
        restarts: options
            .restarts
            .or(annotated_restarts)
            .unwrap_or(default_restarts),
        last_conflict: options.last_conflict.unwrap_or(free),
        ..config
    }
}

/// The search phases of the annotations (none when `free`).
fn annotated(fzn: &FlatZinc, vars: &[Var], free: bool, seed: u64) -> SearchConfig {
    // By default the model's own decisions come first: the variables
    // MiniZinc neither introduced nor defined, and those it prints.
    let mut decisions: Vec<Var> = Vec::new();
    let mut taken = vec![false; vars.iter().map(|v| v.0 as usize + 1).max().unwrap_or(0)];
    let mut take = |var: Var| {
        if !std::mem::replace(&mut taken[var.0 as usize], true) {
            decisions.push(var);
        }
    };
    for (decl, &var) in fzn.vars.iter().zip(vars) {
        if !decl.introduced {
            take(var);
        }
    }
    for output in &fzn.outputs {
        let values = match output {
            Output::Var { value, .. } => std::slice::from_ref(value),
            Output::Array { values, .. } => values,
        };
        for value in values {
            if let Value::Var(id) = value {
                take(vars[id.0]);
            }
        }
    }
    let mut config = SearchConfig {
        seed,
        branch_on: Some(decisions),
        ..SearchConfig::default()
    };
    if free {
        return config;
    }
    let mut phases = Vec::new();
    for annotation in &fzn.solve.annotations {
        collect(annotation, &mut phases);
    }
    let phases: Vec<SearchPhase> = phases
        .iter()
        .map(|(values, var_choice, val_choice)| SearchPhase {
            vars: values
                .iter()
                .filter_map(|value| match value {
                    Value::Var(id) => Some(vars[id.0]),
                    _ => None,
                })
                .collect(),
            var_order: match var_choice.as_str() {
                "first_fail" => VarOrder::SmallestDomain,
                "dom_w_deg" => VarOrder::DomWdeg,
                _ => VarOrder::Input,
            },
            val_order: match val_choice.as_str() {
                "indomain_max" => ValOrder::Max,
                "indomain_split" => ValOrder::Split,
                "indomain_reverse_split" => ValOrder::ReverseSplit,
                "indomain_random" => ValOrder::Random,
                _ => ValOrder::Min,
            },
        })
        .collect();
    let Some(first) = phases.first() else {
        return config;
    };
    // After the phases, the rest in model order.
    config.var_order = VarOrder::Input;
    config.val_order = first.val_order;
    config.branch_on = Some(Vec::new());
    config.phases = phases;
    config
}

/// The phases `(variables, variable choice, value choice)` of one annotation.
fn collect(annotation: &Annotation, phases: &mut Vec<(Vec<Value>, String, String)>) {
    let Annotation::Call(name, args) = annotation else {
        return;
    };
    match (name.as_str(), args.as_slice()) {
        ("seq_search", [Annotation::List(inner)]) => {
            for a in inner {
                collect(a, phases);
            }
        }
        ("seq_search", [single]) => collect(single, phases),
        (
            "int_search" | "bool_search",
            [
                vars,
                Annotation::Name(var_choice),
                Annotation::Name(val_choice),
                ..,
            ],
        ) => {
            let values = match vars {
                Annotation::Arg(Arg::Array(values)) => values.clone(),
                Annotation::Arg(Arg::Value(value)) => vec![value.clone()],
                _ => Vec::new(),
            };
            phases.push((values, var_choice.clone(), val_choice.clone()));
        }
        _ => {}
    }
}

/// The restart annotation of the solve item, if any.
fn restarts(annotations: &[Annotation]) -> Option<Restarts> {
    let int = |a: &Annotation| match a {
        Annotation::Arg(Arg::Value(Value::Int(n))) => u64::try_from(*n).ok(),
        _ => None,
    };
    let float = |a: &Annotation| match a {
        Annotation::Float(literal) => literal.parse::<f64>().ok(),
        Annotation::Arg(Arg::Value(Value::Int(n))) => Some(*n as f64),
        _ => None,
    };
    annotations.iter().find_map(|annotation| match annotation {
        Annotation::Name(name) if name == "restart_none" => Some(Restarts::None),
        Annotation::Call(name, args) => match (name.as_str(), args.as_slice()) {
            ("restart_constant", [scale]) => Some(Restarts::Constant { scale: int(scale)? }),
            ("restart_linear", [scale]) => Some(Restarts::Linear { scale: int(scale)? }),
            ("restart_luby", [scale]) => Some(Restarts::Luby { scale: int(scale)? }),
            ("restart_geometric", [base, scale]) => Some(Restarts::Geometric {
                base: float(base)?,
                scale: int(scale)?,
            }),
            _ => None,
        },
        _ => None,
    })
}
