// Open Sample Workspace… reloads the window on the copy, so what it did cannot be said in the window
// that picked the folder. The command leaves a note in the extension's global storage; the window
// that opens the copied folder takes it and says where the samples are.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const NOTE_FILE = 'samples-copied.json';

/** Notes that the samples were copied to `copied` (the command's last step before the window reloads). */
export function writeCopiedSamplesNote(storageDir: string, copied: string): void {
  mkdirSync(storageDir, { recursive: true });
  writeFileSync(join(storageDir, NOTE_FILE), JSON.stringify({ folder: copied }));
}

/**
 * The folder of the note when one of `openFolders` is it, and the note is removed (said once);
 * undefined when there is no note or it is about a folder this window has not opened.
 */
export function takeCopiedSamplesNote(storageDir: string, openFolders: readonly string[]): string | undefined {
  const file = join(storageDir, NOTE_FILE);
  let folder: unknown;
  try {
    folder = (JSON.parse(readFileSync(file, 'utf8')) as { folder?: unknown }).folder;
  } catch {
    return undefined;
  }
  if (typeof folder !== 'string') return undefined;
  const copied = resolve(folder);
  if (!openFolders.some((open) => resolve(open) === copied)) return undefined;
  rmSync(file, { force: true });
  return copied;
}
