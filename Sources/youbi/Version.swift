/// Youbi's version, written here and nowhere else.
///
/// `--version` prints it; the Makefile reads it from this line for the man page and
/// the Debian package, and a test holds `CHANGELOG.md` to it.
let youbiVersion = "0.2.0"

/// What `--version` prints.
let version = "youbi \(youbiVersion)"
