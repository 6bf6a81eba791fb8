//! `fdoku`: the command line. Glue only: it parses flags, reads inputs,
//! calls the libraries and prints. See `fdoku --help`.

mod bench;
mod cli;
mod color;
mod convert;
mod error;
mod euler96;
mod explain;
mod features;
mod fzn;
mod generate;
mod grade;
mod inputs;
mod progress;
mod queens;
mod records;
mod run;
#[cfg(feature = "serve")]
mod serve;
mod solve;
mod study;
mod workers;

use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use clap::Parser;
use fdoku_models::queens::Queens;

use cli::{Cli, Command};
use error::BadInput;

fn main() -> ExitCode {
    let cli = Cli::parse();
    let cancel = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&cancel);
    // First Ctrl-C: stop the search and print what was found. Second: quit.
    let _ = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
    });
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match run(cli.command, &cancel, &mut out) {
        Ok(code) => ExitCode::from(code),
        Err(e) => {
            if is_broken_pipe(&e) {
                return ExitCode::SUCCESS;
            }
            let _ = out.flush();
            eprintln!("fdoku: {e:#}");
            ExitCode::from(if e.is::<BadInput>() { 2 } else { 1 })
        }
    }
}

fn run(command: Command, cancel: &Arc<AtomicBool>, out: &mut dyn Write) -> anyhow::Result<u8> {
    match command {
        Command::Solve(args) => solve::run(&args, cancel, out),
        Command::Bench(args) => bench::run(&args, out),
        Command::Generate(args) => generate::run(&args, cancel, out),
        Command::Grade(args) => grade::run(&args, cancel, out),
        Command::Explain(args) => explain::explain(&args, cancel, out),
        Command::Hint(args) => explain::hint(&args, cancel, out),
        #[cfg(feature = "serve")]
        Command::Serve(args) => serve::run(&args, cancel, out),
        #[cfg(not(feature = "serve"))]
        Command::Serve(args) => Err(no_server(&args).into()),
        Command::Study(cli::StudyCommand::Variants(args)) => study::variants(&args, out),
        Command::Study(cli::StudyCommand::Propagation(args)) => study::propagation(&args, out),
        Command::Convert(args) => convert::run(&args, out),
        Command::Euler96(args) => euler96::run(&args, out),
        Command::Queens(args) => {
            let queens = Queens::new(usize::from(args.n), args.alldiff);
            run::execute(&queens, &args.search, None, cancel, out)
        }
        Command::Color(args) => {
            let problem = color::ColorProblem::load(&args)?;
            run::execute(&problem, &args.search, None, cancel, out)
        }
        Command::Features(args) => {
            let problem = features::FeaturesProblem::load(&args)?;
            run::execute(&problem, &args.search, None, cancel, out)
        }
        Command::Fzn(args) => fzn::run(&args, cancel, out),
    }
}

/// The refusal of `fdoku serve` by a build without the server.
#[cfg(not(feature = "serve"))]
fn no_server(args: &cli::NoServerArgs) -> BadInput {
    let command = std::iter::once("serve")
        .chain(args.flags.iter().map(String::as_str))
        .collect::<Vec<_>>()
        .join(" ");
    BadInput(format!(
        "{command}: this fdoku was built without the server; \
         build it with the cargo feature `serve` (on by default)"
    ))
}

/// A reader that went away (`fdoku queens 12 --all | head`) is a normal end,
/// whether the write failed in plain text or inside the JSON writer.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|cause| {
        let kind = match cause.downcast_ref::<io::Error>() {
            Some(io) => Some(io.kind()),
            None => cause
                .downcast_ref::<serde_json::Error>()
                .and_then(serde_json::Error::io_error_kind),
        };
        kind == Some(io::ErrorKind::BrokenPipe)
    })
}
