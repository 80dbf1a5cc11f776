// The dispatcher: scores a response against the ACTIVE reference of an instance (or of an active
// task), with the domain verifier of the record.
import type { BenchmarkRecord } from '../schema/records';
import { activeTaskOf, referenceFor, type ActiveTask, type InstanceSpec } from '../render/instances';
import { askedNoun, verifyMath } from './math/mathVerifier';
import { numbersIn } from './math/numbers';
import { shardText } from '../schema/records';
import { verifyActions } from './actions/actionsVerifier';
import { verifyDatabase } from './database/databaseVerifier';
import { SqlExecutor } from './database/sqlExecutor';
import { verifyCode } from './code/codeVerifier';
import { casesToRun } from './code/ioTestCases';
import { unscored, type VerifyOptions, type VerifyResult } from './verifyTypes';

export type { VerifyOptions, VerifyResult, VerifyDetails } from './verifyTypes';

export function activeOf(specOrActive: InstanceSpec | ActiveTask): ActiveTask {
  return typeof specOrActive === 'string' ? specOrActive : activeTaskOf(specOrActive);
}

/** Numbers the task states (question, shards, both requirement values): the answer is rarely one of them. */
export function premiseNumbers(record: BenchmarkRecord): number[] {
  const texts = [record.question ?? '', ...record.shards.map(shardText)];
  const it = record.intent;
  if (it)
    texts.push(
      it.original,
      it.revised,
      it.single_turn.original,
      it.single_turn.direct_revised,
      ...(it.extra_proposals ?? []).map((p) => p.revised),
    );
  return [...new Set(texts.flatMap(numbersIn))];
}

let sharedSql: SqlExecutor | undefined;
/** One executor (and so one database cache) for callers that do not bring their own. */
export function sharedSqlExecutor(): SqlExecutor {
  return (sharedSql ??= new SqlExecutor());
}

export async function verifyAnswer(
  record: BenchmarkRecord,
  specOrActive: InstanceSpec | ActiveTask,
  responseText: string,
  opts: VerifyOptions = {},
): Promise<VerifyResult> {
  const active = activeOf(specOrActive);
  const reference = referenceFor(record, active);
  if (reference === undefined) return unscored(record.task, `record ${record.task_id} has no ${active} reference`);
  switch (record.task) {
    case 'math':
      return verifyMath(
        responseText,
        reference,
        premiseNumbers(record),
        askedNoun([record.question ?? '', ...record.shards.map(shardText)].join('\n')),
      );
    case 'actions':
      return verifyActions(responseText, reference, {
        functions: record.function ?? [],
        ...(record.test_category ? { testCategory: record.test_category } : {}),
        ...(record.language ? { language: record.language } : {}),
        lenientFormat: opts.lenientActionsFormat === true,
      });
    case 'database':
      return verifyDatabase(
        responseText,
        reference,
        {
          ...(record.db_id ? { dbId: record.db_id } : {}),
          ...(opts.databasesDir ? { databasesDir: opts.databasesDir } : {}),
          followLinks: opts.followDatabaseLinks === true,
        },
        opts.sql ?? sharedSqlExecutor(),
      );
    case 'code': {
      if (typeof reference !== 'string') return unscored('code', 'the active reference is not an entry-point name');
      const other = record.intent ? referenceFor(record, active === 'revised' ? 'original' : 'revised') : undefined;
      const forbidden = typeof other === 'string' && other !== reference ? [other] : [];
      const cases = casesToRun(record.test, record.public_test_cases);
      return verifyCode(
        responseText,
        {
          entryPoint: reference,
          forbiddenNames: forbidden,
          ...(record.test ? { test: record.test } : {}),
          ...(cases.length ? { cases } : {}),
        },
        {
          trusted: opts.trusted === true,
          ...(opts.python ? { python: opts.python } : {}),
          ...(opts.signal ? { signal: opts.signal } : {}),
        },
      );
    }
  }
}
