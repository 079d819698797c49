//! Writes a large synthetic plugin, replicated from a real one, for
//! measuring speed and memory by hand:
//!
//!   cargo run --release -p esscribe --features bench-support \
//!       --example synthetic_plugin -- SEED.esm OUT.esm [MEGABYTES]

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (Some(seed), Some(out)) = (args.get(1), args.get(2)) else {
        eprintln!("usage: synthetic_plugin SEED.esm OUT.esm [MEGABYTES (default 250)]");
        std::process::exit(2);
    };
    let megabytes: usize = args.get(3).and_then(|m| m.parse().ok()).unwrap_or(250);
    let seed = std::fs::read(seed).expect("the seed plugin reads");
    let plugin = esscribe::plugin::synth::replicate(&seed, megabytes * 1_000_000)
        .expect("the seed plugin replicates");
    std::fs::write(out, &plugin.bytes).expect("the plugin writes");
    eprintln!(
        "{out}: {} bytes, {} records ({} compressed), {} groups",
        plugin.bytes.len(),
        plugin.records,
        plugin.compressed,
        plugin.groups
    );
}
