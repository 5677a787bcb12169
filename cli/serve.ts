// `hintbench serve`: the built site with the sandbox's headers (what `npm start` runs).
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
    },
    strict: true,
  });
  await ensureBuilt((line) => console.log(line));
  const isolated = !values['no-isolation'];
  const site = await startServer({ root: DIST, port: Number(values.port), host: values.host, isolated });
  console.log(`hintbench is being served at ${site.url}`);
  console.log(`  cross-origin isolation: ${isolated ? 'on' : 'off'} · press Ctrl+C to stop`);
  await new Promise<void>((resolve) => {
    process.once('SIGINT', resolve);
    process.once('SIGTERM', resolve);
  });
  await site.close();
  return 0;
}
