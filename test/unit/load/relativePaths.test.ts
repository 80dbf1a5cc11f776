// Problems never show absolute paths: inside a workspace folder a path is made relative, outside
// it only its last two segments are shown; slashes inside words are left alone.
import { describe, expect, it } from 'vitest';
import { withRelativePaths } from '../../../src/core/jsonl/relativePaths';

describe('withRelativePaths', () => {
  const roots = ['/home/ana/bench', '/home/ana/bench/sub'];
  it('makes workspace paths relative (the deepest root first)', () => {
    expect(withRelativePaths('conv_id `c1` already used at /home/ana/bench/logs/a.jsonl:12', roots)).toBe(
      'conv_id `c1` already used at logs/a.jsonl:12',
    );
    expect(withRelativePaths("ENOENT: no such file, open '/home/ana/bench/sub/x.jsonl'", roots)).toBe(
      "ENOENT: no such file, open 'x.jsonl'",
    );
    expect(withRelativePaths('database "shop" not found in /home/ana/bench/databases, /tmp/other/dbs', roots)).toBe(
      'database "shop" not found in databases, …/other/dbs',
    );
  });
  it('hides absolute paths outside the workspace, keeps words with slashes', () => {
    expect(withRelativePaths('could not be indexed: /var/lib/x/y/log.jsonl is gone', roots)).toBe(
      'could not be indexed: …/y/log.jsonl is gone',
    );
    expect(withRelativePaths('speed in km/h and 1/2 of a/b at http://example.com/x', roots)).toBe(
      'speed in km/h and 1/2 of a/b at http://example.com/x',
    );
    expect(withRelativePaths('C:\\Users\\ana\\bench\\r.records.jsonl broke', ['C:\\Users\\ana\\bench'])).toBe(
      'r.records.jsonl broke',
    );
  });
  it('leaves messages without paths as they are', () => {
    expect(withRelativePaths('`turn` must be a number, found the text "3"', roots)).toBe(
      '`turn` must be a number, found the text "3"',
    );
  });
});
