import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyFieldEdits, deleteAtPath, setAtPath, parsePath, EditError } from '../../../src/core/edit/editRaw';
import { editRecordInText } from '../../../src/core/edit/recordEdit';
import { parseRecordsText } from '../../../src/core/load/recordsFile';
import { parseJsonSpans } from '../../../src/core/jsonl/jsonSpans';

const SHARED = resolve(__dirname, '../../../../shared/data');
const SAMPLE = join(SHARED, 'intent-sample.records.jsonl');

// Python's json.dumps style (`, ` and `: `, ASCII escapes), as the real data is written.
const pyStr = (v: string) =>
  JSON.stringify(v).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const pyLine = (v: unknown): string => {
  if (typeof v === 'string') return pyStr(v);
  if (Array.isArray(v)) return `[${v.map(pyLine).join(', ')}]`;
  if (v && typeof v === 'object')
    return `{${Object.entries(v)
      .map(([k, x]) => `${pyStr(k)}: ${pyLine(x)}`)
      .join(', ')}}`;
  return JSON.stringify(v);
};

const recordArb = fc.record({
  task_id: fc.string({ minLength: 1 }),
  task: fc.constant('math'),
  shards: fc.constant([{ shard_id: 1, shard_text: 'goal' }]),
  zz_unknown: fc.jsonValue(),
  intent: fc.record({
    shard_id: fc.constant(1),
    requirement: fc.string(),
    original: fc.string(),
    revised: fc.string(),
    proposal: fc.string(),
    accept: fc.string(),
    reject: fc.string(),
    neutral: fc.tuple(fc.string(), fc.string()),
    single_turn: fc.record({ original: fc.string(), direct_revised: fc.string() }),
    reference: fc.record({ original: fc.integer(), revised: fc.integer() }),
    x_extra: fc.jsonValue(),
  }),
});

describe('lossless field edits', () => {
  it('keeps the formatting, unknown fields and key order of the line', () => {
    const raw = '{"b": 1.50, "a": {"x": "caf\\u00e9", "y": [1,2]}, "c": true}';
    expect(setAtPath(raw, ['a', 'x'], 'tea')).toBe('{"b": 1.50, "a": {"x": "tea", "y": [1,2]}, "c": true}');
    expect(setAtPath(raw, ['a', 'z'], 'é')).toBe(
      '{"b": 1.50, "a": {"x": "caf\\u00e9", "y": [1,2], "z": "\\u00e9"}, "c": true}',
    );
    expect(setAtPath(raw, ['d', 'e'], 1)).toBe(
      '{"b": 1.50, "a": {"x": "caf\\u00e9", "y": [1,2]}, "c": true, "d": {"e": 1}}',
    );
    expect(setAtPath(raw, ['a', 'y', 2], 3)).toBe('{"b": 1.50, "a": {"x": "caf\\u00e9", "y": [1,2,3]}, "c": true}');
    expect(deleteAtPath(raw, ['a'])).toBe('{"b": 1.50, "c": true}');
    expect(deleteAtPath(raw, ['b'])).toBe('{"a": {"x": "caf\\u00e9", "y": [1,2]}, "c": true}');
    // Setting an equal value changes nothing, not even the number's spelling.
    expect(setAtPath(raw, ['b'], 1.5)).toBe(raw);
    expect(() => setAtPath(raw, ['a', 'y', 5], 1)).toThrow(EditError);
    expect(parsePath('intent.extra_proposals[1].reject')).toEqual(['intent', 'extra_proposals', 1, 'reject']);
  });

  it('property: an edit changes exactly the edited value, everything else is byte-identical', () => {
    const fields = ['proposal', 'accept', 'reject', 'requirement'] as const;
    fc.assert(
      fc.property(recordArb, fc.constantFrom(...fields), fc.string(), (rec, field, value) => {
        const raw = pyLine(rec);
        const edited = setAtPath(raw, ['intent', field], value);
        const parsed = JSON.parse(edited) as typeof rec;
        expect(parsed.intent[field]).toBe(value);
        expect({ ...parsed, intent: { ...parsed.intent, [field]: rec.intent[field] } }).toEqual(JSON.parse(raw));
        // Byte identity outside the value's span.
        const span = (
          parseJsonSpans(raw) as {
            type: 'object';
            members: Array<{
              key: string;
              value: { type: string; members?: Array<{ key: string; value: { start: number; end: number } }> };
            }>;
          }
        ).members
          .find((m) => m.key === 'intent')!
          .value.members!.find((m) => m.key === field)!.value;
        expect(edited.slice(0, span.start)).toBe(raw.slice(0, span.start));
        expect(edited.slice(edited.length - (raw.length - span.end))).toBe(raw.slice(span.end));
        // Editing back restores the exact original line.
        expect(setAtPath(edited, ['intent', field], rec.intent[field])).toBe(raw);
      }),
      { numRuns: 300 },
    );
  });

  it('property: in a file, only the edited record line changes; other lines (CRLF, blanks, bad lines) stay byte for byte', () => {
    fc.assert(
      fc.property(
        fc.array(recordArb, { minLength: 1, maxLength: 6 }),
        fc.nat(),
        fc.string(),
        fc.boolean(),
        (recs, pick, value, crlf) => {
          const unique = recs.map((r, i) => ({ ...r, task_id: `t${i}` }));
          const eol = crlf ? '\r\n' : '\n';
          const lines = unique.map(pyLine);
          lines.splice(1, 0, '', '{"not": "a record"}');
          const text = lines.join(eol) + eol;
          const target = unique[pick % unique.length]!;
          const r = editRecordInText('x.records.jsonl', text, target.task_id, [
            { path: ['intent', 'proposal'], value },
          ]);
          const before = text.split(eol);
          const after = r.text.split(eol);
          expect(after.length).toBe(before.length);
          before.forEach((l, i) => {
            if (i === r.line - 1) expect(JSON.parse(after[i]!).intent.proposal).toBe(value);
            else expect(after[i]).toBe(l);
          });
        },
      ),
      { numRuns: 150 },
    );
  });

  it('edits a record inside a pretty-printed .json array without touching the rest', () => {
    const text =
      '[\n  {"task_id": "a", "task": "math", "shards": [{"shard_id": 1, "shard_text": "g"}]},\n  {"task_id": "b", "task": "math", "shards": [{"shard_id": 1, "shard_text": "g"}], "note": 1}\n]\n';
    const r = editRecordInText('x.records.json', text, 'b', [{ path: ['note'], value: 2 }]);
    expect(r.text).toBe(text.replace('"note": 1', '"note": 2'));
  });

  it.skipIf(!existsSync(SAMPLE))(
    'real records: a no-op round trip is byte-identical and an edit touches one line only',
    () => {
      const text = readFileSync(SAMPLE, 'utf8');
      const file = parseRecordsText(SAMPLE, text);
      expect(file.items.length).toBeGreaterThan(0);
      for (const item of file.items) {
        // Re-setting every intent field to its own value is a no-op.
        const it = item.value.intent!;
        const same = applyFieldEdits(
          item.raw,
          Object.entries(it).map(([k, v]) => ({ path: ['intent', k], value: v })),
        );
        expect(same).toBe(item.raw);
        const r = editRecordInText(SAMPLE, text, item.value.task_id, [
          { path: ['intent', 'proposal'], value: `${it.proposal} (edited, naïve)` },
          {
            path: ['intent', 'review'],
            value: { status: 'approved', note: 'ok', by: 'me', at: '2026-11-29T00:00:00Z' },
          },
        ]);
        const a = text.split('\n');
        const b = r.text.split('\n');
        expect(b.length).toBe(a.length);
        a.forEach((l, i) => (i === item.line - 1 ? expect(b[i]).not.toBe(l) : expect(b[i]).toBe(l)));
        const reparsed = JSON.parse(b[item.line - 1]!);
        expect(Object.keys(reparsed)).toEqual(Object.keys(JSON.parse(item.raw)));
        expect(reparsed.intent.proposal).toBe(`${it.proposal} (edited, naïve)`);
        expect(reparsed.provenance).toEqual(JSON.parse(item.raw).provenance);
        // The real data is ASCII-escaped; the edit keeps it so.
        // eslint-disable-next-line no-control-regex -- the ASCII range starts at NUL
        expect(/[^\x00-\x7f]/.test(b[item.line - 1]!)).toBe(false);
      }
    },
  );
});
