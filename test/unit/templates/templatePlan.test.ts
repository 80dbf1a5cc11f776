// Issue 15.3 (core): Apply Templates plans per record: fields a person wrote are kept unless
// asked, the user's set is used, and filled sentences that read badly mark the record for review.
import { describe, expect, it } from 'vitest';
import { planTemplates, wordingProblems } from '../../../src/core/templates/templatePlan';
import {
  applyTemplates,
  fillTemplate,
  starterLibrary,
  type TemplateLibrary,
} from '../../../src/core/templates/templates';
import { applyFieldEdits } from '../../../src/core/edit/editRaw';
import { goodMathRecord } from '../checks/fixtures';
import type { BenchmarkRecord } from '../../../src/core/schema/records';

const lib: TemplateLibrary = {
  sets: [
    ...starterLibrary().sets,
    {
      id: 'terse',
      proposal: ['Use {revised}.'],
      accept: ['Yes.'],
      reject: ['No.'],
      neutral: [['Is the {requirement} I gave clear enough?', 'Any question about it?']],
    },
  ],
};

function record(edit?: (r: BenchmarkRecord) => void): BenchmarkRecord {
  const r = goodMathRecord();
  edit?.(r);
  return r;
}

describe('planTemplates', () => {
  it('keeps hand-written fields unless asked to replace them', () => {
    const rec = record();
    const plan = planTemplates(lib, rec, { setId: 'terse' })!;
    expect(plan.setId).toBe('terse');
    // The fixture's proposal and questions were written by a person; its accept/reject are the
    // starter set's own wording (template output), so those are replaced.
    expect(plan.keptWritten).toEqual(expect.arrayContaining(['intent.proposal', 'intent.neutral']));
    expect(plan.keptWritten).not.toContain('intent.reject');
    expect(plan.edits.some((e) => e.path.join('.') === 'intent.proposal')).toBe(false);
    const all = planTemplates(lib, rec, { setId: 'terse', replaceWritten: true })!;
    expect(all.keptWritten).toEqual([]);
    expect(all.edits.find((e) => e.path.join('.') === 'intent.proposal')).toEqual({
      path: ['intent', 'proposal'],
      value: 'Use 2 bags.',
    });
  });

  it('replaces text a template wrote, and blank fields, without asking', () => {
    const first = applyTemplates({ sets: [lib.sets[0]!] }, record())!;
    const templated = record((r) => {
      for (const e of first.edits) if ('value' in e && e.path[1] === 'proposal') r.intent!.proposal = e.value as string;
      r.intent!.accept = '';
    });
    const plan = planTemplates(lib, templated, { setId: 'terse' })!;
    const paths = plan.edits.map((e) => e.path.join('.'));
    expect(paths).toContain('intent.proposal');
    expect(paths).toContain('intent.accept');
    expect(plan.keptWritten).toContain('intent.neutral');
  });

  it('"Is the bandages left … clear enough?" is flagged and marks the record needs-work', () => {
    const rec = record((r) => {
      r.intent!.requirement = 'bandages left';
      r.intent!.neutral = ['', ''];
    });
    const plan = planTemplates(lib, rec, { setId: 'terse' })!;
    expect(plan.wording.join(' ')).toMatch(/Is the bandages.*singular verb with a plural noun/);
    const raw = applyFieldEdits(JSON.stringify(rec), plan.edits);
    expect((JSON.parse(raw) as BenchmarkRecord).intent!.review).toMatchObject({ status: 'needs-work' });
  });

  it('a set that reads fine leaves the review alone; nothing to change gives no edits', () => {
    const rec = record((r) => (r.intent!.neutral = ['', '']));
    const plan = planTemplates(lib, rec, { setId: 'terse' })!;
    expect(plan.wording).toEqual([]);
    expect(plan.edits.some((e) => e.path[1] === 'review')).toBe(false);
    const applied = JSON.parse(applyFieldEdits(JSON.stringify(rec), plan.edits)) as BenchmarkRecord;
    expect(planTemplates(lib, applied, { setId: 'terse' })!.edits.filter((e) => e.path[1] === 'neutral')).toEqual([]);
  });
});

describe('wordingProblems', () => {
  it('number agreement and articles', () => {
    expect(wordingProblems('Is the bandages left I gave clear enough?')).toHaveLength(1);
    expect(wordingProblems('Is the glass I gave clear enough?')).toEqual([]);
    expect(wordingProblems('Use a apple and an banana.')).toHaveLength(2);
    expect(wordingProblems('Use a unit, an hour and an apple.')).toEqual([]);
    expect(
      fillTemplate('Is the {requirement} right?', { requirement: 'number of bags', original: '4', revised: '2' }),
    ).toBe('Is the number of bags right?');
    expect(wordingProblems('Is the number of bags right?')).toEqual([]);
  });
});
