// The Samples table's compact columns: packing and unpacking give back the same values at every
// width and length (base64 padding 0, 1, 2), bitmaps hold exactly the rows set (edges of a byte and
// of the table), and a column of the wrong length or with an index out of range is refused.
import { describe, expect, it } from 'vitest';
import { bitsLengthOk, fromBase64, packBits, packDict, packUints, packedLengthOk, toBase64, unpackBits, unpackDict, unpackUints } from '../../../src/shared/protocol/packedColumns';
import { SamplesStateSchema, SamplesVisibleSchema } from '../../../src/shared/protocol/samples';
import { buildSamplesTable } from '../../../src/extension/samples/buildSamplesState';
import { SourceTreeModel } from '../../../src/extension/tree/sourceTreeModel';
import type { ConversationRef } from '../../../src/core/load/runLogIndex';

describe('packed columns', () => {
  it('base64 matches Node and round-trips every padding', () => {
    for (const n of [0, 1, 2, 3, 4, 5, 255, 256, 3 * 8192 + 1]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + 11) & 255);
      expect(toBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'));
      expect([...fromBase64(toBase64(bytes))]).toEqual([...bytes]);
    }
    expect(() => fromBase64('ab!d')).toThrow(/not base64/);
    expect(() => fromBase64('abc')).toThrow(/multiple of 4/);
  });

  it('packs integers in the narrowest width and unpacks them', () => {
    const cases: Array<[number[], number]> = [[[], 1], [[0, 255, 7], 1], [[256, 0, 65535], 2], [[65536, 1, 2 ** 32 - 1], 4]];
    for (const [values, width] of cases) {
      const p = packUints(values);
      expect(p.width).toBe(width);
      expect(packedLengthOk(p, values.length)).toBe(true);
      expect(packedLengthOk(p, values.length + 1)).toBe(false);
      expect([...unpackUints(p, values.length)]).toEqual(values);
    }
    expect(() => unpackUints(packUints([1, 2, 3]), 2)).toThrow(/expected 2/);
  });

  it('keeps strings as a dictionary with absent values as 0', () => {
    const values = ['b', undefined, 'a', 'b', '', 'a'];
    const d = packDict(values.length, (i) => values[i]);
    expect(d.values).toEqual(['b', 'a', '']);
    expect([...unpackDict(d, values.length)]).toEqual([1, 0, 2, 1, 3, 2]);
    expect(() => unpackDict({ values: ['x'], index: packUints([0, 2]) }, 2)).toThrow(/out of range/);
  });

  it('holds exactly the rows set in a bitmap, at the edges of bytes and of the table', () => {
    for (const count of [0, 1, 7, 8, 9, 16, 100_001]) {
      const rows = [...new Set([0, 7, 8, count - 2, count - 1].filter((r) => r >= 0 && r < count))].sort((a, b) => a - b);
      const bits = packBits(count, rows);
      expect(bitsLengthOk(bits, count)).toBe(true);
      expect([...unpackBits(bits, count)]).toEqual(rows);
    }
    const every = Array.from({ length: 1000 }, (_, i) => i);
    expect([...unpackBits(packBits(1000, every), 1000)]).toEqual(every);
    expect(() => unpackBits(packBits(9, [1]), 17)).toThrow(/bytes for 17 rows/);
  });
});

describe('Samples state contract', () => {
  const convs: ConversationRef[] = Array.from({ length: 20 }, (_, i) => ({ file: `/ws/logs/m${i % 3}.jsonl`, line: i + 1, offset: 0, length: 1, conv_id: `id-${i}`, task: 'math', task_id: `math/${i % 5}`, model: `m${i % 3}`, mode: 'multi', condition: 'original', verdict: 'correct', turns: i }));
  const { state } = buildSamplesTable(new SourceTreeModel({ records: new Map(), conversations: convs }), new SourceTreeModel({ records: new Map(), conversations: convs }, { models: ['m1'] }));

  it('accepts a built state and refuses one whose columns or bitmap do not fit its rows', () => {
    expect(SamplesStateSchema.safeParse(state).success).toBe(true);
    expect(state.visibleCount).toBe(convs.filter((c) => c.model === 'm1').length);
    expect(SamplesStateSchema.safeParse({ ...state, count: 21 }).success).toBe(false);
    expect(SamplesStateSchema.safeParse({ ...state, columns: { ...state.columns, turns: packUints([1, 2]) } }).success).toBe(false);
    expect(SamplesStateSchema.safeParse({ ...state, columns: { ...state.columns, taskId: { ...state.columns.taskId, index: packUints([1]) } } }).success).toBe(false);
    // Conversation ids are not inlined: the page asks for them by row.
    expect(JSON.stringify(state)).not.toContain('id-3');
    expect(SamplesStateSchema.safeParse({ ...state, visible: packBits(30, []) }).success).toBe(false);
    expect(SamplesVisibleSchema.safeParse({ count: 20, visible: packBits(20, [1]), visibleCount: 1, filters: {}, description: '' }).success).toBe(true);
    expect(SamplesVisibleSchema.safeParse({ count: 20, visible: packBits(40, [1]), visibleCount: 1, filters: {}, description: '' }).success).toBe(false);
  });
});
