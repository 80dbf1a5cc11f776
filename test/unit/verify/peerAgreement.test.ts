// Agreement with the official evaluators on the packaged peer set (../shared/peer-eval; skipped
// when absent), as population estimates (lines weighted by `sample.weight`, see its README).
// Targets (issue 15): database, actions, code >= 99.9% against `peer`; math >= 97% against LiC's
// logged verdict where LiC graded the answer (docs/peer-agreement.md). Disagreements are printed
// by conv_id so a regression names its lines.
import { afterAll, describe, expect, test } from 'vitest';
import { verifyAnswer } from '../../../src/core/verify/verifyAnswer';
import { SqlExecutor } from '../../../src/core/verify/database/sqlExecutor';
import { testSqlAssets } from './sqlTestAssets';
import { agreement, hasPeerEval, peerDatabasesDir, peerLines, type PeerDomain, type PeerLine } from './peerEvalSet';
import type { VerifyOptions } from '../../../src/core/verify/verifyTypes';
import { formatCauseTable, licArtefact, mathCauseTable, mathDisagreementCause } from './peerMathCauses';

const sql = new SqlExecutor({ locate: testSqlAssets });
afterAll(() => sql.close());

async function scoreAll(domain: PeerDomain, opts: VerifyOptions, only?: (l: PeerLine) => boolean) {
  const lines = peerLines(domain).filter((l) => !only || only(l));
  const out: Array<{ line: PeerLine; ours: boolean | null; message: string }> = [];
  for (const line of lines) {
    const r = await verifyAnswer(line.record, 'original', line.response, opts);
    out.push({ line, ours: r.is_correct, message: `${r.extracted ?? ''} · ${r.details.message}`.slice(0, 300) });
  }
  return out;
}

function report(name: string, a: ReturnType<typeof agreement>): void {
  console.log(`${name}: ${(a.rate * 100).toFixed(2)}% (${a.disagreements.length} lines disagree)`);
  for (const d of a.disagreements.slice(0, 40))
    console.log(`  ${d.conv_id} ours=${d.ours} theirs=${d.theirs} ${d.message.replace(/\s+/g, ' ')}`);
}

describe.skipIf(!hasPeerEval)('peer-set agreement (population estimate)', () => {
  test('math: >= 97% with LiC logged verdicts where LiC graded the answer; all lines and causes reported', async () => {
    const results = await scoreAll('math', {});
    const all = agreement(results, (l) => l.lic);
    // LiC's verdict is an artefact, not a judgement of the answer, where its LLM extractor returned
    // nothing, or returned the gold number written differently (see peerMathCauses).
    const graded = agreement(results, (l) => (licArtefact(l) ? undefined : l.lic));
    console.log(
      `math vs LiC: all lines ${(all.rate * 100).toFixed(2)}%, LiC graded ${(graded.rate * 100).toFixed(2)}%`,
    );
    console.log(formatCauseTable(mathCauseTable(results)));
    for (const r of results) {
      const cause = mathDisagreementCause(r.line, r.ours);
      if (cause)
        console.log(
          `  ${cause} ${r.line.entry.conv_id} ours=${r.ours} lic=${r.line.lic} lic_exact=${JSON.stringify(r.line.licExact)} ${r.message.replace(/\s+/g, ' ')}`,
        );
    }
    expect(graded.rate).toBeGreaterThanOrEqual(0.985);
    // All lines: LiC's artefacts (66 empty extractions, 12 string compares of a population of
    // 2968) and its picks of a non-answer number cap this below 97%; docs/peer-agreement.md.
    expect(all.rate).toBeGreaterThanOrEqual(0.961);
  });

  test('actions: >= 99.9% with BFCL (default = the paper protocol)', async () => {
    const a = agreement(await scoreAll('actions', {}), (l) => l.peer);
    report('actions vs BFCL', a);
    expect(a.rate).toBeGreaterThanOrEqual(0.999);
  });

  // Small on purpose: it runs Python (one process per answer), and the code sandbox is being
  // rewritten elsewhere; this pins agreement through the public verifier API as it is.
  test('code: >= 99.9% with human-eval on a deterministic slice of the lines', async () => {
    // Every kept disagreement (weight 1) plus the agreeing lines of one task in 16, re-weighted by
    // 16 so the slice still estimates the population.
    const sampled = (l: PeerLine) => Number(/(\d+)$/.exec(l.record.task_id)?.[1] ?? 0) % 16 === 0;
    const slice = (l: PeerLine) => sampled(l) || l.weight === 1;
    const results = (await scoreAll('code', { trusted: true }, slice)).map((r) =>
      r.line.weight === 1 ? r : { ...r, line: { ...r.line, weight: r.line.weight * 16 } },
    );
    const a = agreement(results, (l) => l.peer);
    report('code vs human-eval (slice)', a);
    expect(a.rate).toBeGreaterThanOrEqual(0.999);
  }, 300_000);

  test('database: >= 99.9% with test-suite-sql-eval', async () => {
    const a = agreement(await scoreAll('database', { databasesDir: peerDatabasesDir(), sql }), (l) => l.peer);
    report('database vs test-suite', a);
    expect(a.rate).toBeGreaterThanOrEqual(0.999);
  }, 300_000);
});
