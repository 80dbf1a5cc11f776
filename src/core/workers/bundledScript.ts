// Where a worker thread's bundled script is: beside dist/cli.js and dist/extension.js in the
// bundle, in dist/ of a dev tree (tests and scripts run from the sources).
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The path of `dist/<name>` near this module, or undefined when the build has not made it. */
export function findBundledScript(name: string): string | undefined {
  const here = typeof __dirname === 'string' ? __dirname : process.cwd();
  const dirs = [here];
  for (let d = here, i = 0; i < 6; i++, d = dirname(d)) dirs.push(join(d, 'dist'));
  return dirs.map((d) => join(d, name)).find((p) => existsSync(p));
}
