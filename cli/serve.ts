// `hintbench serve`: the built site with the sandbox's headers (what `npm start` runs), or as
// a plain static host would serve it, at the root or under a sub-path.
import { parseArgs } from 'node:util';
import { startServer } from './server.ts';
import { DIST, ensureBuilt } from './site.ts';

export async function serveCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string', default: process.env.PORT ?? '4173' },
      host: { type: 'string', default: '127.0.0.1' },
      'no-isolation': { type: 'boolean', default: false },
      plain: { type: 'boolean', default: false },
      base: { type: 'string', default: '/' },
    },
    strict: true,
  });
  if (values.plain && values['no-isolation']) throw new Error('choose one of --plain and --no-isolation');
  await ensureBuilt((line) => console.log(line));
  const isolated = !values['no-isolation'];
  const site = await startServer({ root: DIST, port: Number(values.port), host: values.host, isolated, plain: values.plain, base: values.base });
  const headers = values.plain
    ? 'none sent (the service worker adds them, then the page reloads once)'
    : isolated
      ? 'sent (cross-origin isolated)'
      : 'sent as unsafe-none (not isolated: deadline-only interrupts)';
  console.log(`hintbench is being served at ${site.url}`);
  console.log(`  COOP/COEP headers: ${headers} · press Ctrl+C to stop`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await site.close();
  return 0;
}
