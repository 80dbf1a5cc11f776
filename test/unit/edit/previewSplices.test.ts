// Apply Templates' preview shows one small replacement per field (issue 15.3): each alone leaves
// valid JSON with only that field changed, and all together give exactly the full edit.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { applyFieldEdits, type FieldEdit } from '../../../src/core/edit/editRaw';
import { fieldSplices, minimalSplice, type TextSplice } from '../../../src/core/edit/previewSplices';

const raw = JSON.stringify({
  task_id: 't/1',
  intent: {
    proposal: 'Hmm, can we go with 2 bags?',
    accept: 'Yes, go with that.',
    reject: 'No, keep it.',
    review: { status: 'pending', note: 'awaiting', by: 'x', at: '2026' },
  },
})
  .replace(/,"/g, ', "')
  .replace(/":/g, '": ');

const splice = (text: string, sp: TextSplice) => text.slice(0, sp.start) + sp.text + text.slice(sp.end);
const spliceAll = (text: string, sps: TextSplice[]) => [...sps].reverse().reduce(splice, text);

describe('minimalSplice', () => {
  it('leaves out the common prefix and suffix', () => {
    expect(minimalSplice('"a": "old", "b"', '"a": "new!", "b"')).toEqual({ start: 6, end: 9, text: 'new!' });
    expect(minimalSplice('same', 'same')).toBeUndefined();
    expect(minimalSplice('ab', 'aXb')).toEqual({ start: 1, end: 1, text: 'X' });
  });

  it('never splits a surrogate pair', () => {
    // 😀 = \ud83d\ude00, 😃 = \ud83d\ude03: they share the high surrogate.
    const sp = minimalSplice('x😀y', 'x😃y')!;
    expect(sp).toEqual({ start: 1, end: 3, text: '😃' });
    const tail = minimalSplice('a😀', 'b😀')!;
    expect(tail).toEqual({ start: 0, end: 1, text: 'b' });
  });

  it('turns any string into any other', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        const sp = minimalSplice(a, b);
        expect(sp ? splice(a, sp) : a).toBe(b);
      }),
    );
  });
});

describe('fieldSplices', () => {
  const edits: FieldEdit[] = [
    { path: ['intent', 'proposal'], value: 'Use 2 bags.' },
    { path: ['intent', 'reject'], value: 'No.' },
    { path: ['intent', 'review', 'status'], value: 'needs-work' },
    { path: ['intent', 'review', 'note'], value: 'check the wording' },
  ];

  it('one replacement per field, each small and valid JSON on its own, all together the full edit', () => {
    const sps = fieldSplices(raw, edits);
    // proposal, reject, and the review block as one decision.
    expect(sps).toHaveLength(3);
    expect(sps[0]).toEqual({ start: raw.indexOf('Hmm'), end: raw.indexOf('", "accept'), text: 'Use 2 bags.' });
    for (const sp of sps) {
      expect(sp.end - sp.start).toBeLessThan(40);
      expect(() => JSON.parse(splice(raw, sp))).not.toThrow();
    }
    expect(JSON.parse(splice(raw, sps[1]!)).intent).toMatchObject({
      proposal: 'Hmm, can we go with 2 bags?',
      reject: 'No.',
    });
    expect(JSON.parse(splice(raw, sps[2]!)).intent.review).toEqual({
      status: 'needs-work',
      note: 'check the wording',
      by: 'x',
      at: '2026',
    });
    expect(spliceAll(raw, sps)).toBe(applyFieldEdits(raw, edits));
  });

  it('atomic: one replacement covering every change, from the first changed character to the last', () => {
    const sps = fieldSplices(raw, edits, { atomic: true });
    expect(sps).toHaveLength(1);
    expect(sps[0]!.start).toBe(raw.indexOf('Hmm'));
    expect(spliceAll(raw, sps)).toBe(applyFieldEdits(raw, edits));
  });

  it('new keys inserted at one place fall back to one replacement (two insertions there have no order)', () => {
    const add: FieldEdit[] = [
      { path: ['intent', 'connector'], value: 'One more thing:' },
      { path: ['intent', 'zz_new'], value: 1 },
    ];
    const sps = fieldSplices(raw, add);
    expect(sps).toHaveLength(1);
    expect(spliceAll(raw, sps)).toBe(applyFieldEdits(raw, add));
  });

  it('nothing to change: no replacements', () => {
    expect(fieldSplices(raw, [{ path: ['intent', 'accept'], value: 'Yes, go with that.' }])).toEqual([]);
  });
});
