#!/usr/bin/env bash
# Prints every performance figure the README quotes, from one run:
# throughput from the criterion benches, peak memory of the CLI on the
# same synthetic plugin, and the machine and date they were taken on.
#
#   scripts/figures.sh [--quick]
#
# --quick shortens every criterion measurement (noisier figures). Needs the
# corpus beside the project (the synthetic plugin is replicated from
# Campfire.esm, the save figures read the corpus saves) and python3 (to read
# criterion's results and to measure peak memory).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)

timing=(--warm-up-time 2 --measurement-time 10)
[ "${1:-}" = "--quick" ] && timing=(--warm-up-time 1 --measurement-time 3)

seed="$root/../shared/corpus/skyrim-plugins/Campfire.esm"
[ -f "$seed" ] || { echo "figures.sh: needs $seed" >&2; exit 2; }

started=$(date +%s)
echo "== benches" >&2
cargo bench -q -p esscribe --features bench-support --bench plugin_walk -- "${timing[@]}" >&2
cargo bench -q -p esscribe --features bench-support --bench decode -- "${timing[@]}" >&2
cargo bench -q -p esscribe --features bench-support --bench tree -- "${timing[@]}" >&2
cargo bench -q -p esscribe --features bench-support --bench json -- "${timing[@]}" >&2
cargo bench -q -p esscribe --bench saves -- "${timing[@]}" >&2
cargo bench -q -p esscribe-peer-bench --bench peers -- "${timing[@]}" >&2

echo "== peak memory" >&2
cargo build -q --release -p esscribe-cli
cargo build -q --release -p esscribe --features bench-support --example synthetic_plugin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
target/release/examples/synthetic_plugin "$seed" "$work/big.esm" 250 2>&1 | sed 's/^/  /' >&2

python3 - "$root/target/criterion" "$work/big.esm" "$root/target/release/esscribe" "$started" <<'EOF'
import json, os, platform, resource, subprocess, sys, time
from pathlib import Path

crit, big, exe, started = Path(sys.argv[1]), sys.argv[2], sys.argv[3], int(sys.argv[4])

def model():
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"

print(f"Measured {time.strftime('%Y-%m-%d')} on {os.cpu_count()} cores of \"{model()}\", "
      f"{os.sysconf('SC_PAGE_SIZE') * os.sysconf('SC_PHYS_PAGES') / 2**30:.0f} GiB, {platform.system()}; "
      f"load average {os.getloadavg()[0]:.1f} at the end; MB = 10^6 bytes; criterion medians.\n")
print("| bench | median | throughput |")
print("| --- | --- | --- |")
for bench in sorted(crit.glob("*/*/new/benchmark.json")) + sorted(crit.glob("*/*/*/new/benchmark.json")):
    if bench.stat().st_mtime < started:
        continue  # from an earlier run
    b = json.loads(bench.read_text())
    est = json.loads((bench.parent / "estimates.json").read_text())
    median_ns = est["median"]["point_estimate"]
    tp = b.get("throughput") or {}
    nbytes = tp.get("Bytes") or tp.get("BytesDecimal")
    rate = f"{nbytes / median_ns * 1e3:,.0f} MB/s" if nbytes else ""
    shown = f"{median_ns / 1e6:,.1f} ms" if median_ns < 1e10 else f"{median_ns / 1e9:,.1f} s"
    print(f"| {b['full_id']} | {shown} | {rate} |")

size = os.path.getsize(big)
print(f"\nPeak resident memory on the same kind of plugin ({size / 1e6:.1f} MB):\n")
print("| command | time | peak memory | × file |")
print("| --- | --- | --- | --- |")
work = os.path.dirname(big)
tree, packed = os.path.join(work, "tree"), os.path.join(work, "packed.esm")
dumped, built = os.path.join(work, "big.json"), os.path.join(work, "built.esm")
with open(dumped, "wb") as f:
    subprocess.run([exe, "dump", "--json", big], stdout=f, check=True)
shown = {big: "big.esm", tree: "tree/", packed: "packed.esm", dumped: "big.json", built: "built.esm"}
for args in (["info", big], ["stats", big], ["dump", "--json", big], ["verify", big],
             ["build", dumped, "-o", built], ["unpack", big, tree], ["pack", tree, "-o", packed]):
    start = time.monotonic()
    # Each command runs in its own child of a fresh python, so that
    # RUSAGE_CHILDREN holds that command's peak alone.
    code = ("import resource,subprocess,sys;"
            "subprocess.run(sys.argv[1:],stdout=subprocess.DEVNULL,check=True);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, exe, *args], capture_output=True, text=True, check=True)
    took = time.monotonic() - start
    peak = int(out.stdout.strip()) * 1024  # ru_maxrss is in KiB on Linux
    print(f"| esscribe {' '.join(shown.get(a, a) for a in args)} | {took:.1f} s "
          f"| {peak / 1e6:,.0f} MB | {peak / size:.2f} |")
EOF
