//! Reading the named inputs of a command: files, or stdin as `-`.

use std::io::Read;
use std::path::PathBuf;

/// The named texts to read (stdin when `files` is empty or names `-`); a
/// file that cannot be read is reported on stderr, sets `failed` and is
/// skipped, so the others are still processed.
pub fn read(files: &[PathBuf], failed: &mut bool) -> Vec<(String, String)> {
    let stdin = [PathBuf::from("-")];
    let files = if files.is_empty() { &stdin[..] } else { files };
    let mut inputs = Vec::new();
    for path in files {
        let (name, bytes) = if path.as_os_str() == "-" {
            let mut bytes = Vec::new();
            let read = std::io::stdin().read_to_end(&mut bytes);
            ("<stdin>".to_owned(), read.map(|_| bytes))
        } else {
            (path.display().to_string(), std::fs::read(path))
        };
        match bytes {
            // Bytes that are not UTF-8 become U+FFFD and are reported as bad characters.
            Ok(bytes) => inputs.push((name, String::from_utf8_lossy(&bytes).into_owned())),
            Err(e) => {
                eprintln!("fdoku: cannot read {name}: {e}");
                *failed = true;
            }
        }
    }
    inputs
}
