use std::process::ExitCode;

use clap::Parser;

/// Errors are printed as one line of causes, never with a backtrace (whatever `RUST_BACKTRACE` says): they are
/// meant for operators, not for us.
fn main() -> ExitCode {
    match ayo::commands::run(ayo::commands::Cli::parse()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("Error: {}", ayo::commands::causes(&error));
            ExitCode::FAILURE
        }
    }
}
