//! The FlatZinc parser: items in order (predicates, parameters, variables,
//! constraints, the solve item), names resolved as they are declared.
//!
//! A parameter's name is replaced by its value and a variable array's by its
//! elements, so constraints hold only constants and variables. Float and set
//! variables, and float parameters, are refused with their position.

use std::collections::HashMap;

use crate::ast::{
    Annotation, Arg, ConstraintItem, FlatZinc, Goal, IntSet, Output, Solve, Value, VarDecl, VarId,
    VarType,
};
use crate::error::{Error, Pos};
use crate::lex::{Token, tokens};

/// Reads a FlatZinc model.
///
/// ```
/// let fzn = fdoku_fzn::parse("var 1..3: x :: output_var;\nconstraint int_ne(x, 2);\nsolve satisfy;\n").unwrap();
/// assert_eq!(fzn.vars.len(), 1);
/// assert_eq!(fzn.constraints[0].name, "int_ne");
/// let err = fdoku_fzn::parse("var 1..3: x\nsolve satisfy;").unwrap_err();
/// assert_eq!(err.to_string(), "line 2, column 1: expected ';', found 'solve'");
/// ```
pub fn parse(text: &str) -> Result<FlatZinc, Error> {
    let mut parser = Parser {
        tokens: tokens(text)?,
        at: 0,
        names: HashMap::new(),
        vars: Vec::new(),
        constraints: Vec::new(),
        outputs: Vec::new(),
    };
    loop {
        let (token, pos) = parser.peek();
        match token {
            Token::Ident(word) => match word.as_str() {
                "predicate" => parser.predicate()?,
                "var" => parser.var_decl()?,
                "array" => parser.array_decl()?,
                "constraint" => parser.constraint()?,
                "solve" => {
                    let solve = parser.solve()?;
                    parser.expect_end()?;
                    return Ok(FlatZinc {
                        vars: parser.vars,
                        constraints: parser.constraints,
                        solve,
                        outputs: parser.outputs,
                    });
                }
                _ => parser.par_decl()?,
            },
            Token::End => {
                return Err(Error::syntax(
                    pos,
                    "expected a solve item, found the end of the file",
                ));
            }
            _ => parser.par_decl()?,
        }
    }
}

/// What a declared name stands for.
#[derive(Clone)]
enum Symbol {
    Param(Arg),
    Var(VarId),
    VarArray(Vec<Value>),
}

/// A declared type: a parameter's or a variable's element type.
enum Type {
    Bool,
    Int(Option<IntSet>),
    SetOfInt,
}

struct Parser {
    tokens: Vec<(Token, Pos)>,
    at: usize,
    names: HashMap<String, Symbol>,
    vars: Vec<VarDecl>,
    constraints: Vec<ConstraintItem>,
    outputs: Vec<Output>,
}

impl Parser {
    fn peek(&self) -> (Token, Pos) {
        self.tokens[self.at].clone()
    }

    fn next(&mut self) -> (Token, Pos) {
        let token = self.peek();
        if token.0 != Token::End {
            self.at += 1;
        }
        token
    }

    fn unexpected<T>(&self, expected: &str) -> Result<T, Error> {
        let (token, pos) = self.peek();
        Err(Error::syntax(
            pos,
            format!("expected {expected}, found {}", token.describe()),
        ))
    }

    fn is(&self, punct: &'static str) -> bool {
        self.peek().0 == Token::Punct(punct)
    }

    fn is_word(&self, word: &str) -> bool {
        matches!(self.peek().0, Token::Ident(ref w) if w == word)
    }

    fn eat(&mut self, punct: &'static str) -> bool {
        let found = self.is(punct);
        if found {
            self.next();
        }
        found
    }

    fn expect(&mut self, punct: &'static str) -> Result<Pos, Error> {
        if self.is(punct) {
            Ok(self.next().1)
        } else {
            self.unexpected(&format!("'{punct}'"))
        }
    }

    fn expect_word(&mut self, word: &str) -> Result<Pos, Error> {
        if self.is_word(word) {
            Ok(self.next().1)
        } else {
            self.unexpected(&format!("'{word}'"))
        }
    }

    /// Items separated by commas up to `close` (the opening bracket read);
    /// a trailing comma is allowed, as MiniZinc writes none but accepts it.
    fn separated<T>(
        &mut self,
        close: &'static str,
        mut item: impl FnMut(&mut Self) -> Result<T, Error>,
    ) -> Result<Vec<T>, Error> {
        let mut items = Vec::new();
        while !self.eat(close) {
            items.push(item(self)?);
            if !self.is(close) {
                self.expect(",")?;
            }
        }
        Ok(items)
    }

    fn expect_end(&mut self) -> Result<(), Error> {
        match self.peek().0 {
            Token::End => Ok(()),
            _ => self.unexpected("the end of the file after the solve item"),
        }
    }

    fn ident(&mut self) -> Result<(String, Pos), Error> {
        match self.peek() {
            (Token::Ident(name), pos) => {
                self.next();
                Ok((name, pos))
            }
            _ => self.unexpected("a name"),
        }
    }

    fn int(&mut self) -> Result<i64, Error> {
        match self.peek().0 {
            Token::Int(v) => {
                self.next();
                Ok(v)
            }
            _ => self.unexpected("an integer"),
        }
    }

    /// `predicate name(...);` — skipped: it declares a builtin's signature.
    fn predicate(&mut self) -> Result<(), Error> {
        self.next();
        let mut depth = 0usize;
        loop {
            match self.next() {
                (Token::Punct("("), _) => depth += 1,
                (Token::Punct(")"), _) => depth = depth.saturating_sub(1),
                (Token::Punct(";"), _) if depth == 0 => return Ok(()),
                (Token::End, pos) => {
                    return Err(Error::syntax(pos, "expected ';' to end the predicate item"));
                }
                _ => {}
            }
        }
    }

    /// The element type after `var` or of a parameter.
    fn base_type(&mut self, var: bool) -> Result<Type, Error> {
        let (token, pos) = self.peek();
        let kind = if var { "variables" } else { "parameters" };
        match token {
            Token::Ident(w) if w == "bool" => {
                self.next();
                Ok(Type::Bool)
            }
            Token::Ident(w) if w == "int" => {
                self.next();
                Ok(Type::Int(None))
            }
            Token::Ident(w) if w == "float" => Err(Error::unsupported(
                pos,
                format!("float {kind} are not supported"),
            )),
            Token::Float(_) => Err(Error::unsupported(
                pos,
                format!("float {kind} are not supported"),
            )),
            Token::Ident(w) if w == "set" => {
                if var {
                    return Err(Error::unsupported(pos, "set variables are not supported"));
                }
                self.next();
                self.expect_word("of")?;
                self.expect_word("int")?;
                Ok(Type::SetOfInt)
            }
            Token::Int(_) | Token::Punct("{") => Ok(Type::Int(Some(self.set_literal()?))),
            _ => self.unexpected("a type (bool, int, a range or a set)"),
        }
    }

    /// `lo..hi` or `{a, b, ...}`.
    fn set_literal(&mut self) -> Result<IntSet, Error> {
        if self.eat("{") {
            let values = self.separated("}", Self::int)?;
            return Ok(IntSet::from_values(values));
        }
        let lo = self.int()?;
        self.expect("..")?;
        let hi = self.int()?;
        Ok(IntSet::range(lo, hi))
    }

    /// `[1..n]` or `[int]` after `array`; the length when given.
    fn index_set(&mut self) -> Result<Option<(i64, i64)>, Error> {
        self.expect("[")?;
        let range = if self.is_word("int") {
            self.next();
            None
        } else {
            let lo = self.int()?;
            self.expect("..")?;
            Some((lo, self.int()?))
        };
        self.expect("]")?;
        Ok(range)
    }

    fn declare(&mut self, name: String, pos: Pos, symbol: Symbol) -> Result<(), Error> {
        if self.names.insert(name.clone(), symbol).is_some() {
            return Err(Error::invalid(pos, format!("'{name}' is declared twice")));
        }
        Ok(())
    }

    /// `type: name = value;`
    fn par_decl(&mut self) -> Result<(), Error> {
        let ty = self.base_type(false)?;
        self.expect(":")?;
        let (name, pos) = self.ident()?;
        self.annotations()?;
        self.expect("=")?;
        let value = self.expr()?;
        self.expect(";")?;
        let Arg::Value(value) = value else {
            return Err(Error::invalid(
                pos,
                format!("'{name}' is a scalar parameter but its value is an array"),
            ));
        };
        check_param_type(&ty, &value, &name, pos)?;
        self.declare(name, pos, Symbol::Param(Arg::Value(value)))
    }

    /// `var type: name :: annotations (= value)?;`
    fn var_decl(&mut self) -> Result<(), Error> {
        self.next();
        let ty = self.base_type(true)?;
        self.expect(":")?;
        let (name, pos) = self.ident()?;
        let annotations = self.annotations()?;
        let equals = if self.eat("=") {
            match self.expr()? {
                Arg::Value(v) => Some(v),
                Arg::Array(_) => {
                    return Err(Error::invalid(
                        pos,
                        format!("'{name}' is a variable but is set to an array"),
                    ));
                }
            }
        } else {
            None
        };
        self.expect(";")?;
        let (ty, domain) = match ty {
            Type::Bool => (VarType::Bool, None),
            Type::Int(domain) => (VarType::Int, domain),
            Type::SetOfInt => {
                return Err(Error::unsupported(pos, "set variables are not supported"));
            }
        };
        let id = VarId(self.vars.len());
        self.vars.push(VarDecl {
            name: name.clone(),
            ty,
            domain,
            equals,
            introduced: has_call(&annotations, "var_is_introduced")
                || has_call(&annotations, "is_defined_var"),
            pos,
        });
        if has_call(&annotations, "output_var") {
            self.outputs.push(Output::Var {
                name: name.clone(),
                value: Value::Var(id),
            });
        }
        self.declare(name, pos, Symbol::Var(id))
    }

    /// `array [1..n] of (var)? type: name :: annotations = [...];`
    fn array_decl(&mut self) -> Result<(), Error> {
        self.next();
        let range = self.index_set()?;
        self.expect_word("of")?;
        let var = self.is_word("var");
        if var {
            self.next();
        }
        let ty = self.base_type(var)?;
        self.expect(":")?;
        let (name, pos) = self.ident()?;
        let annotations = self.annotations()?;
        self.expect("=")?;
        let elements = match self.expr()? {
            Arg::Array(values) => values,
            Arg::Value(_) => {
                return Err(Error::invalid(
                    pos,
                    format!("'{name}' is an array but its value is not"),
                ));
            }
        };
        self.expect(";")?;
        if let Some((lo, hi)) = range
            && (i128::from(hi) - i128::from(lo) + 1).max(0) != elements.len() as i128
        {
            return Err(Error::invalid(
                pos,
                format!(
                    "'{name}' has index set {lo}..{hi} but {} elements",
                    elements.len()
                ),
            ));
        }
        for value in &elements {
            if !var || !matches!(value, Value::Var(_)) {
                check_param_type(&ty, value, &name, pos)?;
            }
        }
        if let Some(dims) = output_dims(&annotations, pos)? {
            self.outputs.push(Output::Array {
                name: name.clone(),
                dims,
                values: elements.clone(),
            });
        }
        let symbol = if var {
            Symbol::VarArray(elements)
        } else {
            Symbol::Param(Arg::Array(elements))
        };
        self.declare(name, pos, symbol)
    }

    /// `constraint name(args) :: annotations;`
    fn constraint(&mut self) -> Result<(), Error> {
        let pos = self.next().1;
        let (name, _) = self.ident()?;
        self.expect("(")?;
        let args = self.separated(")", Self::expr)?;
        self.annotations()?;
        self.expect(";")?;
        self.constraints.push(ConstraintItem { name, args, pos });
        Ok(())
    }

    /// `solve :: annotations satisfy|minimize e|maximize e;`
    fn solve(&mut self) -> Result<Solve, Error> {
        let pos = self.next().1;
        let annotations = self.annotations()?;
        let goal = if self.is_word("satisfy") {
            self.next();
            Goal::Satisfy
        } else if self.is_word("minimize") || self.is_word("maximize") {
            let minimize = self.is_word("minimize");
            let at = self.next().1;
            let Arg::Value(objective) = self.expr()? else {
                return Err(Error::invalid(
                    at,
                    "the objective must be an integer variable or constant, not an array",
                ));
            };
            if minimize {
                Goal::Minimize(objective)
            } else {
                Goal::Maximize(objective)
            }
        } else {
            return self.unexpected("'satisfy', 'minimize' or 'maximize'");
        };
        self.expect(";")?;
        Ok(Solve {
            goal,
            annotations,
            pos,
        })
    }

    /// `:: a :: b(...)` (possibly none).
    fn annotations(&mut self) -> Result<Vec<Annotation>, Error> {
        let mut out = Vec::new();
        while self.eat("::") {
            out.push(self.annotation()?);
        }
        Ok(out)
    }

    fn annotation(&mut self) -> Result<Annotation, Error> {
        match self.peek().0 {
            Token::Ident(name) if self.tokens[self.at + 1].0 == Token::Punct("(") => {
                self.next();
                self.next();
                let args = self.separated(")", Self::annotation)?;
                Ok(Annotation::Call(name, args))
            }
            Token::Ident(name)
                if !self.names.contains_key(&name) && name != "true" && name != "false" =>
            {
                self.next();
                Ok(Annotation::Name(name))
            }
            Token::Str(text) => {
                self.next();
                Ok(Annotation::Str(text))
            }
            Token::Float(literal) => {
                self.next();
                Ok(Annotation::Float(literal))
            }
            Token::Punct("[") => {
                // A list of annotations, or an array of values.
                self.next();
                let items = self.separated("]", Self::annotation)?;
                let values: Option<Vec<Value>> = items
                    .iter()
                    .map(|a| match a {
                        Annotation::Arg(Arg::Value(v)) => Some(v.clone()),
                        _ => None,
                    })
                    .collect();
                match values {
                    Some(values) if !items.is_empty() => Ok(Annotation::Arg(Arg::Array(values))),
                    _ => Ok(Annotation::List(items)),
                }
            }
            _ => Ok(Annotation::Arg(self.expr()?)),
        }
    }

    /// A constant, a name, `a[i]`, a set or an array literal.
    fn expr(&mut self) -> Result<Arg, Error> {
        let (token, pos) = self.peek();
        match token {
            Token::Punct("[") => {
                self.next();
                let values = self.separated("]", |p| match p.expr()? {
                    Arg::Value(v) => Ok(v),
                    Arg::Array(_) => Err(Error::invalid(pos, "arrays cannot be nested")),
                })?;
                Ok(Arg::Array(values))
            }
            Token::Punct("{") => Ok(Arg::Value(Value::Set(self.set_literal()?))),
            Token::Int(v) => {
                if self.tokens[self.at + 1].0 == Token::Punct("..") {
                    return Ok(Arg::Value(Value::Set(self.set_literal()?)));
                }
                self.next();
                Ok(Arg::Value(Value::Int(v)))
            }
            Token::Float(_) => Err(Error::unsupported(pos, "float values are not supported")),
            Token::Ident(word) if word == "true" || word == "false" => {
                self.next();
                Ok(Arg::Value(Value::Bool(word == "true")))
            }
            Token::Ident(name) => {
                self.next();
                let Some(symbol) = self.names.get(&name).cloned() else {
                    return Err(Error::invalid(pos, format!("'{name}' is not declared")));
                };
                let arg = match symbol {
                    Symbol::Param(arg) => arg,
                    Symbol::Var(id) => Arg::Value(Value::Var(id)),
                    Symbol::VarArray(values) => Arg::Array(values),
                };
                if self.eat("[") {
                    let index = self.int()?;
                    self.expect("]")?;
                    let Arg::Array(values) = arg else {
                        return Err(Error::invalid(pos, format!("'{name}' is not an array")));
                    };
                    let element = usize::try_from(index - 1).ok().and_then(|i| values.get(i));
                    return match element {
                        Some(v) => Ok(Arg::Value(v.clone())),
                        None => Err(Error::invalid(
                            pos,
                            format!("index {index} is outside '{name}' (1..{})", values.len()),
                        )),
                    };
                }
                Ok(arg)
            }
            _ => self.unexpected("a value (a number, true, false, a set, a name or an array)"),
        }
    }
}

/// Whether a parameter's value fits its declared type.
fn check_param_type(ty: &Type, value: &Value, name: &str, pos: Pos) -> Result<(), Error> {
    let fits = match (ty, value) {
        (Type::Bool, Value::Bool(_)) | (Type::SetOfInt, Value::Set(_)) => true,
        (Type::Int(None), Value::Int(_)) => true,
        (Type::Int(Some(domain)), Value::Int(v)) => domain.contains(*v),
        _ => false,
    };
    if fits {
        Ok(())
    } else {
        Err(Error::invalid(
            pos,
            format!("the value of '{name}' does not fit its declared type"),
        ))
    }
}

fn has_call(annotations: &[Annotation], name: &str) -> bool {
    annotations.iter().any(|a| match a {
        Annotation::Name(n) => n == name,
        Annotation::Call(n, _) => n == name,
        _ => false,
    })
}

/// The dimensions of `output_array([1..a, 1..b])`, when present.
fn output_dims(annotations: &[Annotation], pos: Pos) -> Result<Option<Vec<(i64, i64)>>, Error> {
    for annotation in annotations {
        if let Annotation::Call(name, args) = annotation
            && name == "output_array"
        {
            let Some(Annotation::Arg(Arg::Array(sets))) = args.first() else {
                return Err(Error::invalid(
                    pos,
                    "output_array expects an array of index sets",
                ));
            };
            let dims = sets
                .iter()
                .map(|s| match s {
                    Value::Set(set) => match set.ranges() {
                        [(lo, hi)] => Some((*lo, *hi)),
                        [] => Some((1, 0)),
                        _ => None,
                    },
                    _ => None,
                })
                .collect::<Option<Vec<_>>>()
                .ok_or_else(|| Error::invalid(pos, "output_array expects ranges such as 1..3"))?;
            return Ok(Some(dims));
        }
    }
    Ok(None)
}
