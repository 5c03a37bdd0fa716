use clap::Parser;

fn main() -> anyhow::Result<()> {
    ayo::cli::run(ayo::cli::Cli::parse())
}
