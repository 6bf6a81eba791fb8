//! Progress bars on stderr, shown only when stderr is a terminal (never in
//! pipes, logs or CI).

use std::io::IsTerminal;

/// A bar of `len` steps drawn with `template` (indicatif's syntax), or a
/// hidden one when stderr is not a terminal.
pub fn bar(len: u64, template: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(len);
    if let Ok(style) = indicatif::ProgressStyle::with_template(template) {
        bar.set_style(style);
    }
    bar
}

/// A spinner with `message` and the time spent, for one long piece of work
/// (hidden when stderr is not a terminal). Finish it before printing.
pub fn spinner(message: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let spinner = indicatif::ProgressBar::new_spinner();
    if let Ok(style) = indicatif::ProgressStyle::with_template("{spinner} {msg} {elapsed}") {
        spinner.set_style(style);
    }
    spinner.set_message(message.to_owned());
    spinner.enable_steady_tick(std::time::Duration::from_millis(120));
    spinner
}
