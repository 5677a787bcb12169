// For `npm run bench:scale` where /usr/bin/time is missing: run the CLI in this process and, on
// exit, write its peak memory (max RSS, kB) to the file named first. Usage:
//   node --import tsx bench/scale-rss.ts RSS_FILE cli/hintbench.js COMMAND ARGS…
import { writeFileSync } from 'node:fs';

const [rssFile, cli, ...args] = process.argv.slice(2);
process.on('exit', () => writeFileSync(rssFile!, `${process.resourceUsage().maxRSS}\n`));
process.argv = [process.argv[0]!, cli!, ...args];
await import(cli!);
