// The runner's scorer backed by the domain verifiers (src/core/verify): the final response
// against the instance's active reference, with the options of core/verify/verifySettings.ts.
import { verifyAnswer, type VerifyOptions } from '../verify/verifyAnswer';
import type { ScoreFinal } from './runTypes';

export function verifierScorer(
  opts: Pick<
    VerifyOptions,
    'databasesDir' | 'followDatabaseLinks' | 'trusted' | 'python' | 'sql' | 'lenientActionsFormat'
  > = {},
): ScoreFinal {
  return async (record, spec, text) => {
    const r = await verifyAnswer(record, spec, text, opts);
    return { is_correct: r.is_correct, extracted: r.extracted, details: r.details };
  };
}
