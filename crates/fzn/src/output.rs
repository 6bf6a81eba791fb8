//! Solutions as MiniZinc reads them: `x = 3;`, `b = true;`,
//! `xs = array1d(1..3, [1, 2, 3]);`, `m = array2d(1..2, 1..2, [...]);`,
//! each solution closed by `----------`.

use std::io::{self, Write};

use crate::ast::{FlatZinc, Output, Value, VarType};

/// Prints the outputs of `fzn` under `values` (one per FlatZinc variable).
pub(crate) fn solution(fzn: &FlatZinc, values: &[i64], out: &mut dyn Write) -> io::Result<()> {
    let show = |value: &Value| match value {
        Value::Int(c) => c.to_string(),
        Value::Bool(b) => b.to_string(),
        Value::Set(set) => set.to_fzn(),
        Value::Var(id) => match fzn.vars[id.0].ty {
            VarType::Bool => (values[id.0] == 1).to_string(),
            VarType::Int => values[id.0].to_string(),
        },
    };
    for output in &fzn.outputs {
        match output {
            Output::Var { name, value } => writeln!(out, "{name} = {};", show(value))?,
            Output::Array { name, dims, values } => {
                let ranges: Vec<String> = dims
                    .iter()
                    .map(|(lo, hi)| format!("{lo}..{hi}, "))
                    .collect();
                let elements: Vec<String> = values.iter().map(show).collect();
                writeln!(
                    out,
                    "{name} = array{}d({}[{}]);",
                    dims.len(),
                    ranges.concat(),
                    elements.join(", ")
                )?;
            }
        }
    }
    writeln!(out, "----------")
}
