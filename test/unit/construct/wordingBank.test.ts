import { describe, it, expect } from 'vitest';
import { WORDING_BANK } from '../../../src/core/construct/wording/wordingBank';
import { renderIntentBlock } from '../../../src/core/construct/wording/renderIntent';
import { lintTemplateSet } from '../../../src/core/templates/templates';
import { checkIntent } from '../../../src/core/checks/intentChecks';
import { DOMAINS } from '../../../src/core/schema/records';
import type { Candidate } from '../../../src/core/construct/constructTypes';
import { mathSource } from './constructFixtures';

function candidate(over: Partial<Candidate> = {}): Candidate {
  return {
    shard_id: 2,
    requirement: 'number of boxes',
    original: '6 boxes',
    revised: '3 boxes',
    reference: { original: 18, revised: 9 },
    checks: {},
    selected: true,
    target: 'shard 2: 6 boxes',
    rank: { priority: 0, passageLength: 1, position: 0 },
    singleTurn: {
      original: mathSource().question!,
      direct_revised: mathSource().question!.replace('6 boxes', '3 boxes'),
    },
    alternatives: [
      { revised: '12 boxes', reference: 36 },
      { revised: '7 boxes', reference: 21 },
    ],
    ...over,
  };
}

describe('wording bank', () => {
  it('passes the template lint for every domain and has several variants of each field', () => {
    for (const d of DOMAINS) {
      const set = WORDING_BANK[d];
      expect(lintTemplateSet(set), d).toEqual([]);
      for (const field of ['proposal', 'accept', 'reject', 'neutral', 'connector'] as const)
        expect(set[field].length, `${d}.${field}`).toBeGreaterThanOrEqual(4);
    }
  });
  it('picks wording by a stable rule on the task id, and different ids get different wording', () => {
    const a = renderIntentBlock(mathSource(), candidate());
    expect(renderIntentBlock(mathSource(), candidate())).toEqual(a);
    const proposals = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map(
        (id) => renderIntentBlock(mathSource({ task_id: `w/${id}` }), candidate()).proposal,
      ),
    );
    expect(proposals.size).toBeGreaterThan(2);
  });
  it('renders blocks with no template-check error for many ids, extras from the alternatives', () => {
    for (let i = 0; i < 40; i++) {
      const src = mathSource({ task_id: `w/${i}` });
      const block = renderIntentBlock(src, candidate());
      expect(
        checkIntent({ ...src, intent: block }).filter((x) => x.severity !== 'info'),
        src.task_id,
      ).toEqual([]);
      expect(block.extra_proposals!.map((p) => p.revised)).toEqual(['12 boxes', '7 boxes']);
      expect(block.extra_neutral).toHaveLength(2);
      expect(new Set([block.proposal, ...block.extra_proposals!.map((p) => p.proposal)]).size).toBe(3);
    }
  });
});
