// Which file an output path writes to. Every command that writes checks its output here against the
// files it reads (inputs are never modified): paths are compared by the file they name (device and
// inode, after following links), so a symbolic link or a hard link to an input is that input, and
// `./a/../x.jsonl` is `x.jsonl`. A path that does not exist yet is no existing input.
import { realpath, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import { CliError } from './cliTypes';

/** What a path names: the file's device and inode (links followed), or its real path where inodes are not kept. */
export type FileIdentity = { dev: bigint; ino: bigint } | { real: string };

/** The identity of the file a path names; undefined when there is none (missing, dangling link, unreadable). */
export async function fileIdentity(path: string): Promise<FileIdentity | undefined> {
  try {
    const st = await stat(path, { bigint: true });
    return st.ino !== 0n ? { dev: st.dev, ino: st.ino } : { real: await realpath(path) };
  } catch {
    return undefined;
  }
}

export function sameIdentity(a: FileIdentity | undefined, b: FileIdentity | undefined): boolean {
  if (!a || !b) return false;
  if ('real' in a || 'real' in b) return 'real' in a && 'real' in b && a.real === b.real;
  return a.dev === b.dev && a.ino === b.ino;
}

/** The first of `inputs` that is the file `out` names (the path given), if any. */
export async function inputNamedBy(out: string, inputs: Iterable<string>): Promise<string | undefined> {
  const target = await fileIdentity(out);
  if (!target) return undefined;
  for (const f of inputs) if (sameIdentity(target, await fileIdentity(f))) return f;
  return undefined;
}

/**
 * Throws when `out` (the value of `flag`) is, or links to, one of `inputs`: a write there would
 * change a file the command reads.
 */
export async function refuseOutputOverInputs(out: string, inputs: Iterable<string>, flag = '--out'): Promise<void> {
  const input = await inputNamedBy(out, inputs);
  if (input === undefined) return;
  const how = namesHow(out, input);
  throw new CliError(`${flag} ${out} ${how} the input ${input}: inputs are never modified (write to another file)`);
}

/** `is` when the two paths are the same text once resolved, else `links to`. */
export function namesHow(out: string, input: string): 'is' | 'links to' {
  return resolve(out) === resolve(input) ? 'is' : 'links to';
}
