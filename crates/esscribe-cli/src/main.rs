//! The esscribe command-line tool.

use clap::{Parser, Subcommand};
use std::process::ExitCode;

mod save;

#[derive(Debug, Parser)]
#[command(
    name = "esscribe",
    version,
    about = "Read, explain, edit and write Oblivion and Skyrim data files, losslessly"
)]
struct Cli {
    #[command(subcommand)]
    cmd: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Oblivion save games (.ess).
    Save {
        #[command(subcommand)]
        cmd: save::SaveCommand,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.cmd {
        Command::Save { cmd } => save::run(cmd),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
