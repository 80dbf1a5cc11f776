// The candidates view's state from a real construction (the math constructor on a sample source)
// and from a hand-made one with SQL evidence: order, selection, discarded reasons, evidence as
// text, the contract's schema, and the re-check of an edited value.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constructSource } from '../../../src/core/construct/construct';
import type { Candidate, SourceConstruction } from '../../../src/core/construct/constructTypes';
import type { BenchmarkRecord } from '../../../src/core/schema/records';
import { asText, candidatesState, recheckResult } from '../../../src/extension/construct/candidatesState';
import { CandidatesStateSchema, RecheckResultSchema } from '../../../src/shared/protocol/candidates';

/** The sample's muffin task without its intent block: a source task. */
function muffinSource(): BenchmarkRecord {
  const line = readFileSync(join(__dirname, '../../../samples/intent.records.jsonl'), 'utf8').split('\n')[0]!;
  const rec = JSON.parse(line) as BenchmarkRecord;
  delete rec.intent;
  return rec;
}

function candidate(over: Partial<Candidate>): Candidate {
  return {
    shard_id: 2,
    requirement: 'age threshold',
    original: 'age < 30',
    revised: 'age < 32',
    reference: { original: 'SELECT city FROM t WHERE age < 30', revised: 'SELECT city FROM t WHERE age < 32' },
    checks: { 'results-differ': { ok: true, evidence: '1 row → 2 rows' } },
    selected: false,
    target: 'WHERE age < 30',
    rank: { priority: 0, passageLength: 10, position: 1 },
    singleTurn: { original: 'o', direct_revised: 'd' },
    alternatives: [],
    ...over,
  };
}

describe('candidates view state', () => {
  it('lists a real construction in selection order with its checks, evidence and the selected one', async () => {
    const construction = await constructSource(muffinSource(), { verify: {} });
    const state = candidatesState(construction, { file: 'x.records.jsonl', trusted: true });
    expect(CandidatesStateSchema.safeParse(state).success).toBe(true);
    expect(state.candidates.length).toBe(construction.candidates.length);
    expect(state.selected).toBe(construction.selected);
    const sel = state.candidates.find((c) => c.selected)!;
    expect(sel.index).toBe(construction.selected);
    // Checks keep the domain's order and say why.
    expect(sel.checks.map((c) => c.name)).toEqual(Object.keys(construction.candidates[sel.index]!.checks));
    expect(sel.checks.every((c) => c.ok && c.evidence.length > 0)).toBe(true);
    // Math evidence: the original and the recomputed calculator chain.
    expect(sel.evidence?.kind).toBe('math-chain');
    // Rank order (Appendix A.1): priority, then the longer passage first.
    const ranks = state.candidates.map((c) => construction.candidates[c.index]!.rank);
    for (let i = 1; i < ranks.length; i++) {
      const [a, b] = [ranks[i - 1]!, ranks[i]!];
      expect(a.priority < b.priority || (a.priority === b.priority && a.passageLength >= b.passageLength)).toBe(true);
    }
  });

  it('re-checks an edited value: a valid one gets its recomputed reference, an invalid one its failed check', async () => {
    const source = muffinSource();
    const first = await constructSource(source, { verify: {} });
    const trays = first.candidates.find((c) => c.requirement === 'number of trays')!;
    const ok = recheckResult(
      await constructSource(source, { verify: {}, request: { target: trays.target, value: '7 trays' } }),
      { target: trays.target, value: '7 trays' },
    );
    expect(RecheckResultSchema.safeParse(ok).success).toBe(true);
    expect(ok.candidate).toMatchObject({ revised: '7 trays', reference: { original: '144', revised: '84' } });
    expect(ok.candidate!.discarded).toBeUndefined();
    // The same value as stated: both references equal, so the candidate is discarded.
    const same = recheckResult(
      await constructSource(source, { verify: {}, request: { target: trays.target, value: '12 trays' } }),
      { target: trays.target, value: '12 trays' },
    );
    expect(same.candidate === null || same.candidate.discarded !== undefined).toBe(true);
    expect(same.reason).toBeDefined();
  });

  it('carries SQL result tables as text, keeps the discard reason, and notes untrusted code checks', () => {
    const table = (rows: unknown[][]) => ({ columns: ['city', 'n'], rows, rowCount: rows.length });
    const construction: SourceConstruction = {
      task_id: 'db/1',
      domain: 'code',
      selected: 0,
      candidates: [
        candidate({
          selected: true,
          evidence: {
            kind: 'sql',
            original: table([['Bath', 1]]),
            revised: table([
              ['Bath', null],
              ['<b>Bristol</b>', 2],
            ]),
          },
        }),
        candidate({
          target: 'WHERE name = "x"',
          discarded: 'value-not-in-column',
          checks: { 'value-exists': { ok: false, evidence: 'no row has name = "x"' } },
        }),
      ],
    };
    const state = candidatesState(construction, { file: 'db.records.jsonl', trusted: false });
    expect(CandidatesStateSchema.safeParse(state).success).toBe(true);
    const [sel, gone] = state.candidates;
    expect(sel!.evidence).toEqual({
      kind: 'sql',
      original: table([['Bath', '1']]),
      revised: table([
        ['Bath', 'NULL'],
        ['<b>Bristol</b>', '2'],
      ]),
    });
    expect(gone).toMatchObject({ discarded: 'value-not-in-column', checks: [{ name: 'value-exists', ok: false }] });
    expect(state.notes.join(' ')).toMatch(/not trusted/);
    expect(candidatesState({ ...construction, domain: 'database' }, { file: 'f', trusted: false }).notes).toEqual([]);
  });

  it('writes references as text: strings as they are, structures as JSON, long ones cut', () => {
    expect(asText(150)).toBe('150');
    expect(asText('SELECT 1')).toBe('SELECT 1');
    expect(JSON.parse(asText([{ name: 'f', args: { h: 6 } }]))).toEqual([{ name: 'f', args: { h: 6 } }]);
    expect(asText('x'.repeat(7000))).toMatch(/… \(1000 more characters\)$/);
  });
});
