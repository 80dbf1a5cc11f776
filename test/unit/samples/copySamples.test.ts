// Open Sample Workspace…: the packaged samples land in a new folder under the one picked, never
// over what is there.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { copySamples, SAMPLE_FOLDER_NAME } from '../../../src/core/samples/copySamples';

const samples = resolve(__dirname, '../../../samples');
const made: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'intent-lens-copy-samples-'));
  made.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('copySamples', () => {
  it('copies records, logs and databases into <picked>/intent-lens-samples', () => {
    const parent = tempDir();
    const target = copySamples(samples, parent);
    expect(target).toBe(join(parent, SAMPLE_FOLDER_NAME));
    for (const rel of ['intent.records.jsonl', 'logs/math/model-a.jsonl', 'databases/sample_library/sample_library.sqlite']) {
      expect(readFileSync(join(target, rel))).toEqual(readFileSync(join(samples, rel)));
    }
  });

  it('picks a new name beside an existing copy and leaves that copy alone', () => {
    const parent = tempDir();
    mkdirSync(join(parent, SAMPLE_FOLDER_NAME));
    writeFileSync(join(parent, SAMPLE_FOLDER_NAME, 'mine.txt'), 'kept');
    const target = copySamples(samples, parent);
    expect(target).toBe(join(parent, `${SAMPLE_FOLDER_NAME}-2`));
    expect(readFileSync(join(parent, SAMPLE_FOLDER_NAME, 'mine.txt'), 'utf8')).toBe('kept');
    expect(existsSync(join(parent, SAMPLE_FOLDER_NAME, 'intent.records.jsonl'))).toBe(false);
  });

  it('leaves re-scores behind and refuses a folder without records', () => {
    const from = tempDir();
    writeFileSync(join(from, 'a.records.jsonl'), '{}\n');
    mkdirSync(join(from, '.intent-lens'));
    writeFileSync(join(from, '.intent-lens', 'rescored-verdicts.json'), '{}');
    const target = copySamples(from, tempDir());
    expect(existsSync(join(target, 'a.records.jsonl'))).toBe(true);
    expect(existsSync(join(target, '.intent-lens'))).toBe(false);
    expect(() => copySamples(tempDir(), tempDir())).toThrow(/no samples/);
  });
});
