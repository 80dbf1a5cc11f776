// Agreement with the official evaluators on the packaged peer set (../shared/peer-eval; skipped
// when absent), as population estimates (lines weighted by `sample.weight`, see its README).
// Targets (issue 15): database, actions, code >= 99.9% against `peer`; math >= 97% against LiC's
// logged verdict. Disagreements are printed by conv_id so a regression names its lines.
import { afterAll, describe, expect, test } from 'vitest';
import { verifyAnswer } from '../../../src/core/verify/verifyAnswer';
import { SqlExecutor } from '../../../src/core/verify/database/sqlExecutor';
import { testSqlAssets } from './sqlTestAssets';
import { agreement, hasPeerEval, peerDatabasesDir, peerLines, type PeerDomain, type PeerLine } from './peerEvalSet';
import type { VerifyOptions } from '../../../src/core/verify/verifyTypes';

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
  for (const d of a.disagreements.slice(0, 40)) console.log(`  ${d.conv_id} ours=${d.ours} theirs=${d.theirs} ${d.message.replace(/\s+/g, ' ')}`);
}

describe.skipIf(!hasPeerEval)('peer-set agreement (population estimate)', () => {
  test('math: >= 97% with LiC logged verdicts', async () => {
    const a = agreement(await scoreAll('math', {}), (l) => l.lic);
    report('math vs LiC', a);
    expect(a.rate).toBeGreaterThanOrEqual(0.97);
  });

  test('actions: >= 99.9% with BFCL (default = the paper protocol)', async () => {
    const a = agreement(await scoreAll('actions', {}), (l) => l.peer);
    report('actions vs BFCL', a);
    expect(a.rate).toBeGreaterThanOrEqual(0.999);
  });

  test('database: >= 99.9% with test-suite-sql-eval', async () => {
    const a = agreement(await scoreAll('database', { databasesDir: peerDatabasesDir(), sql }), (l) => l.peer);
    report('database vs test-suite', a);
    expect(a.rate).toBeGreaterThanOrEqual(0.999);
  }, 300_000);
});
