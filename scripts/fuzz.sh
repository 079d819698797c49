#!/usr/bin/env bash
# Fuzzes the readers and writers: seeds each target's corpus from the
# shared real-file corpus, then runs each target for SECONDS (default 60).
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]
#   targets: plugin_read plugin_round_trip save_read save_round_trip skyrim_save json_build json_edit
#            tree_hostile
#
# Needs a nightly toolchain (libFuzzer instrumentation is nightly-only) and
# cargo-fuzz:
#   rustup toolchain install nightly
#   cargo install cargo-fuzz
# Crashing inputs land in fuzz/artifacts/<target>/; minimise one with
#   cargo +nightly fuzz tmin <target> <file>
# and keep the small result as a regression test (a named test in
# crates/esscribe/tests/plugin_damage.rs, its bytes in
# crates/esscribe/tests/data/fuzz/ if they are not easily built in code,
# which this script also uses as seeds), never the corpus files.
set -euo pipefail

secs=${1:-60}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(plugin_read plugin_round_trip save_read save_round_trip skyrim_save json_build json_edit tree_hostile)

root=$(cd "$(dirname "$0")/.." && pwd)
seeds="$root/../shared/corpus"

if ! rustup toolchain list 2>/dev/null | grep -q '^nightly'; then
    echo "fuzz.sh: needs a nightly Rust toolchain (rustup toolchain install nightly)" >&2
    exit 2
fi
if ! cargo +nightly fuzz --version >/dev/null 2>&1; then
    echo "fuzz.sh: needs cargo-fuzz (cargo install cargo-fuzz)" >&2
    exit 2
fi

cd "$root/fuzz"
for t in "${targets[@]}"; do
    mkdir -p "corpus/$t"
    if [ -d "$seeds" ]; then
        # Copies, never links: the fuzzer writes into its corpus folder.
        case "$t" in
            save_*|skyrim_save) pattern=(-iname "*.ess") ;;
            # Their inputs are edit scripts, not files: they start from
            # nothing.
            json_edit|tree_hostile) pattern=(-false) ;;
            *) pattern=(-iname '*.esm' -o -iname '*.esp' -o -iname '*.esl') ;;
        esac
        find "$seeds" -type f \( "${pattern[@]}" \) -exec cp -n {} "corpus/$t/" \;
    else
        echo "fuzz.sh: no seeds at $seeds; starting from the regression inputs only" >&2
    fi
    # Small inputs that once crashed, kept as regression inputs, are seeds
    # too (the folder exists once the first one is kept).
    regressions="$root/crates/esscribe/tests/data/fuzz"
    if [ -d "$regressions" ]; then
        cp -n "$regressions"/* "corpus/$t/"
    fi
    echo "== $t for ${secs}s"
    cargo +nightly fuzz run -O "$t" "corpus/$t" -- \
        -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 -print_final_stats=1
done
