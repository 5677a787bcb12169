#!/usr/bin/env bash
# One part of a sweep: `hintbench run` on a config, written into an output folder.
#   HINTBENCH_CONFIG  the run's config (default /config/run.json)
#   HINTBENCH_OUT     the folder the results file is written to (default /out)
#   HINTBENCH_SHARD   "k/n": run part k of n, written as part-k-of-n.json; or else
#   JOB_COMPLETION_INDEX (0-based, set by a Kubernetes Indexed Job) with HINTBENCH_SHARDS = n.
# Without either, the whole run is written as results.json. Join the parts with
# `hintbench merge <out>/part-*-of-n.json --out results.json`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
config="${HINTBENCH_CONFIG:-/config/run.json}"
out="${HINTBENCH_OUT:-/out}"

shard="${HINTBENCH_SHARD:-}"
if [ -z "$shard" ] && [ -n "${JOB_COMPLETION_INDEX:-}" ]; then
  shard="$((JOB_COMPLETION_INDEX + 1))/${HINTBENCH_SHARDS:?set HINTBENCH_SHARDS to the number of shards (the number of completions of the Job)}"
fi

mkdir -p "$out"
if [ -z "$shard" ]; then
  exec node "$root/cli/hintbench.js" run --config "$config" --out "$out/results.json"
fi
exec node "$root/cli/hintbench.js" run --config "$config" --out "$out/part-${shard%/*}-of-${shard#*/}.json" --shard "$shard"
