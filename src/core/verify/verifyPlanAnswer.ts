// Scores an evolving-intent answer against its plan's anchor (FORMAT.md §3: "only the final answer
// is scored, against the anchor"). Builds the domain verifier's input from the anchor and the
// domain keys beside it, then calls the same domain verifiers as Intent-Eval records.
import type { EvolvingPlan } from '../schema/evolving';
import type { Domain } from '../schema/records';
import { IDENTIFIER, planReference, planString } from './planReference';
import { verifyMath } from './math/mathVerifier';
import { numbersIn } from './math/numbers';
import { verifyActions } from './actions/actionsVerifier';
import { verifyDatabase } from './database/databaseVerifier';
import { verifyCode } from './code/codeVerifier';
import { casesToRun } from './code/ioTestCases';
import { sharedSqlExecutor } from './verifyAnswer';
import { unscored, type VerifyOptions, type VerifyResult } from './verifyTypes';

/** Numbers the conversation states: an answer is rarely one of them (as `premiseNumbers` for records). */
export function planPremiseNumbers(plan: EvolvingPlan): number[] {
  const texts = [plan.anchor.question, planString(plan, 'question') ?? '', ...plan.turns.map((t) => t.user)];
  return [...new Set(texts.flatMap(numbersIn))];
}

/** Entry points of earlier intents (turn answers that are names): defining one instead fails. */
function supersededEntryPoints(plan: EvolvingPlan, entryPoint: string): string[] {
  const names = plan.turns
    .map((t) => t.answer)
    .filter((a): a is string => typeof a === 'string' && IDENTIFIER.test(a) && a !== entryPoint);
  return [...new Set(names)];
}

export { planReference };

/** The BFCL type name of a JSON value, for a schema inferred from the anchor's arguments. */
function jsonTypeName(v: unknown): string {
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'float';
  if (typeof v === 'string') return 'string';
  if (typeof v === 'boolean') return 'boolean';
  if (Array.isArray(v)) return 'array';
  return v && typeof v === 'object' ? 'dict' : 'any';
}

/**
 * The tool schemas for the actions checker: the plan's own (`function`, as in records) when it
 * describes the anchor function, else one inferred from the anchor's arguments, all required.
 */
function planToolSchemas(plan: EvolvingPlan): unknown[] {
  const given: unknown = plan.function;
  const schemas = Array.isArray(given) ? given : [];
  if (schemas.some((f) => f && typeof f === 'object' && (f as { name?: unknown }).name === plan.anchor.function))
    return schemas;
  const properties = Object.fromEntries(
    Object.entries(plan.anchor.args).map(([k, v]) => [
      k,
      Array.isArray(v) ? { type: 'array', items: { type: jsonTypeName(v[0]) } } : { type: jsonTypeName(v) },
    ]),
  );
  return [
    ...schemas,
    { name: plan.anchor.function, parameters: { type: 'dict', properties, required: Object.keys(properties) } },
  ];
}

export async function verifyPlanAnswer(
  plan: EvolvingPlan,
  responseText: string,
  opts: VerifyOptions = {},
): Promise<VerifyResult> {
  // `search` plans have no verifier; the details still need a Domain, as for unknown log tasks.
  const domain: Domain = plan.task === 'search' ? 'math' : plan.task;
  const reference = planReference(plan);
  if (reference === undefined)
    return unscored(
      domain,
      plan.task === 'search' ? 'search plans have no verifier' : `plan ${plan.task_id} has no usable anchor answer`,
    );
  switch (plan.task) {
    case 'math':
      return verifyMath(responseText, reference, planPremiseNumbers(plan));
    case 'database': {
      const dbId = planString(plan, 'db_id');
      return verifyDatabase(
        responseText,
        reference,
        {
          ...(dbId ? { dbId } : {}),
          ...(opts.databasesDir ? { databasesDir: opts.databasesDir } : {}),
          followLinks: opts.followDatabaseLinks === true,
        },
        opts.sql ?? sharedSqlExecutor(),
      );
    }
    case 'code': {
      const entryPoint = String(reference);
      const test = planString(plan, 'test');
      const cases = casesToRun(test, plan['public_test_cases']);
      return verifyCode(
        responseText,
        {
          entryPoint,
          forbiddenNames: supersededEntryPoints(plan, entryPoint),
          ...(test ? { test } : {}),
          ...(cases.length ? { cases } : {}),
        },
        {
          trusted: opts.trusted === true,
          ...(opts.python ? { python: opts.python } : {}),
          ...(opts.signal ? { signal: opts.signal } : {}),
        },
      );
    }
    case 'actions': {
      const testCategory = planString(plan, 'test_category');
      const language = planString(plan, 'language');
      return verifyActions(responseText, reference, {
        functions: planToolSchemas(plan),
        ...(testCategory ? { testCategory } : {}),
        ...(language ? { language } : {}),
        lenientFormat: opts.lenientActionsFormat === true,
      });
    }
    case 'search':
      return unscored(domain, 'search plans have no verifier');
  }
}
