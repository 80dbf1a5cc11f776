// Open Sample Workspace… says where it copied the samples in the window it opens: the note it leaves
// is taken (and removed) only by a window that has the copied folder open.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeCopiedSamplesNote, writeCopiedSamplesNote } from '../../../src/core/samples/copiedSamplesNote';

const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-samples-note-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the copied-samples note', () => {
  it('is taken once by the window that opened the copied folder', () => {
    const storage = join(tempDir(), 'global-storage');
    const copied = join(tempDir(), 'intent-lens-samples');
    writeCopiedSamplesNote(storage, copied);
    expect(takeCopiedSamplesNote(storage, ['/elsewhere', `${copied}/`])).toBe(copied);
    expect(readdirSync(storage)).toEqual([]);
    expect(takeCopiedSamplesNote(storage, [copied])).toBeUndefined();
  });

  it('stays for the window that will open the copy when another window starts first', () => {
    const storage = tempDir();
    const copied = join(tempDir(), 'intent-lens-samples');
    writeCopiedSamplesNote(storage, copied);
    expect(takeCopiedSamplesNote(storage, [tempDir()])).toBeUndefined();
    expect(takeCopiedSamplesNote(storage, [copied])).toBe(copied);
  });

  it('is nothing when missing or unreadable', () => {
    const storage = tempDir();
    expect(takeCopiedSamplesNote(storage, [storage])).toBeUndefined();
    writeFileSync(join(storage, 'samples-copied.json'), '{"folder": 3}');
    expect(takeCopiedSamplesNote(storage, [storage])).toBeUndefined();
    writeFileSync(join(storage, 'samples-copied.json'), 'not json');
    expect(takeCopiedSamplesNote(storage, [storage])).toBeUndefined();
    expect(existsSync(join(storage, 'samples-copied.json'))).toBe(true);
  });
});
