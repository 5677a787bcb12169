// `npx hintbench <command>`: the headless runner. Every command drives the built site
// in headless Chromium, so results match what the app computes.
import { execCommand } from './exec.ts';
import { importCommand } from './import.ts';
import { mergeCommand } from './merge.ts';
import { reportCommand } from './report.ts';
import { rescoreCommand } from './rescore.ts';
import { demoCommand, runCommand } from './run.ts';
import { serveCommand } from './serve.ts';
import { studyCommand } from './study.ts';
import { synthCommand } from './synth.ts';

const HELP = `hintbench: interactive evaluation of code models, in a browser sandbox

Usage:
  npx hintbench demo [--protocol ID] [--out results.json | --out DIR]
      A zero-key demo with simulated models only, no network. By default PAIR on the built-in
      demo subset with three simulated candidates (low, medium, high skill) and the rule-based
      feedback model; prints the leaderboard (Table III columns). --protocol runs another
      protocol's demo and prints its tables; a demo of several runs (talk: one per setting)
      prints them side by side, and --out then names a folder for their results files;
      --protocol interview runs the built-in multi-requirement tasks with three simulated
      interviewees and prints base vs guided scores per model and per category.
  npx hintbench run --config run.json --out results.json [--shard k/n]
                    [--record FILE.jsonl | --replay FILE.jsonl]
      A full run through the built site in headless Chromium. Keys come from the
      environment variables the config names (docs/formats.md). --record saves every
      provider answer in a cassette; --replay answers from one (no network, no key).
  npx hintbench report FILE [FILE …]
      The leaderboard and metric-wise ranks of each results file; for repeats, mean ± std
      and Kendall's τ between repeats; for several files, the settings side by side with τ
      of each ranking against the first file's. Interview runs: the base vs guided table,
      per category, the judge's agreement with the checks. A file scored by another version
      of a protocol's metrics says so under its table.
  npx hintbench rescore FILE [--out FILE] [--check]
      Recompute a results file's stored scores (leaderboard rows and per-item numbers) with
      this copy's metric code, print what changed per model and metric (old → new), and
      write them to --out (default: FILE itself, whole or not at all). --check writes
      nothing: exit 1 when the stored scores differ from a recomputation or were made by
      another metrics version, 0 when they agree.
  npx hintbench study --config study.json --out DIR
      The config's main setting and each of its "settings" (another protocol, other
      parameters — PAIR's α or β, Talk's setting —, other models in its roles, templates),
      run one after another in one page, one results file each in DIR, then the comparison
      tables of their protocol (Talk: TCA per setting and the rank change against static).
      Run again with the same --out, it keeps each setting whose file is a finished run of
      it and runs the rest.
  npx hintbench study --preset profile --out DIR
      The model profile (docs/studies/profile.json, keyless): three simulated models under
      PAIR, Talk static and code feedback, PrismBench and Interview, then each model's
      measures with intervals, its rank per protocol, the τ and footrule matrices between
      the protocols' rankings and the discordant pairs (docs/metrics.md, "Model profile").
  npx hintbench merge A.json B.json … --out FILE [--partial]
      Join the shards of a sharded run (all of them, unless --partial).
  Results files are read as JSON or JSONL, plain or gzip-compressed (.json.gz, .jsonl.gz:
  known by their first bytes). The --out FILE of run, demo, merge and rescore is written as
  JSONL for a .jsonl name, JSON otherwise, and gzip-compressed when the name ends in .gz.
  npx hintbench exec --dataset FILE --program buggy|reference --out FILE [options]
      Run each instance's buggy or reference program against all its tests in the
      Pyodide sandbox (headless Chromium) and write per-test outcomes as JSON.
      --time-limit MS   per-test limit for instances without timeLimitMs (default 2000)
      --no-isolation    serve without cross-origin isolation (no shared-memory interrupts)
      --rebuild         rebuild the site first even if dist/ looks current
  npx hintbench import --format apps|wbt|lcb|quixbugs|devai|pairbench SRC --out FILE.jsonl
      Convert a public dataset (a .json/.jsonl file, a folder, or a .zip) to hintbench's
      JSONL. Rejected rows are listed with their reasons.
  npx hintbench synth --dataset FILE --out FILE [--per-problem 3] [--max-pairs 40]
      Make code-improvement instances from problems with a reference and tests, by
      realistic mutation of the reference (run in the sandbox, headless Chromium).
  npx hintbench serve [--port 4173] [--host 127.0.0.1] [--no-isolation | --plain] [--base /PATH/]
      Serve the built site (as \`npm start\` does), with COOP/COEP headers by default.
      --no-isolation    send them as unsafe-none: no cross-origin isolation at all
      --plain           send none, as a plain static host: the service worker adds them
      --base /PATH/     serve the site under a sub-path, as a GitHub Pages project site

Formats: docs/formats.md. Chromium: /usr/bin/chromium when present, else Playwright's
browser, else set HINTBENCH_CHROMIUM.`;

const COMMANDS: Record<string, (args: string[]) => Promise<number>> = {
  demo: demoCommand,
  exec: execCommand,
  import: importCommand,
  merge: mergeCommand,
  report: reportCommand,
  rescore: rescoreCommand,
  run: runCommand,
  serve: serveCommand,
  study: studyCommand,
  synth: synthCommand,
};

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === '--help' || command === '-h' || command === 'help') {
    console.log(HELP);
    return command ? 0 : 2;
  }
  const run = COMMANDS[command];
  if (!run) {
    console.error(`hintbench: unknown command "${command}"\n\n${HELP}`);
    return 2;
  }
  return run(rest);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`hintbench: ${(err as Error)?.message ?? err}`);
    process.exit(1);
  },
);
