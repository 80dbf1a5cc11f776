// Code revisions (Table 3): rename the entry-point function or method. The new name comes from the
// fixed rule of nameRule.ts; the contract (prompt signature, docstring examples, every identifier use)
// is renamed through the Python tree. Checks: the original name is stated in a shard, the new name is
// a valid identifier, no keyword or builtin, no other name of the task, the rename reached every use,
// and, when reference code exists (`canonical_solution`), each program passes under its own state and
// fails under the other with the project's code verifier in the sandbox. Without trust (or without
// reference code, or when the sandbox cannot run) that check falls back to the rename-applied check,
// as the paper does when no reference program is available, and says so in its evidence.
import type { BenchmarkRecord } from '../../schema/records';
import { shardText } from '../../schema/records';
import { verifyCode } from '../../verify/code/codeVerifier';
import { casesToRun } from '../../verify/code/ioTestCases';
import type { Candidate, CheckOutcome, ConstructContext, DomainConstructor } from '../constructTypes';
import { SourceConstructionError } from '../constructTypes';
import { isPythonIdentifier, nameCandidates, PYTHON_BUILTINS, PYTHON_KEYWORDS } from './nameRule';
import {
  definedFunctions,
  identifiersIn,
  nameOccurrences,
  parseErrorCount,
  renameCallable,
  signatureLine,
} from './pythonRename';

export const CODE_TARGET = 'func_name';

/** Check name → the short reason a failed check discards the candidate with (in check order). */
const REASONS: Readonly<Record<string, string>> = {
  'name-stated': 'name-not-stated',
  identifier: 'invalid-identifier',
  'not-keyword': 'keyword',
  'not-builtin': 'builtin',
  'name-free': 'name-in-use',
  'rename-applied': 'rename-incomplete',
  'reference-programs': 'reference-check-failed',
};

interface CodeTaskFacts {
  name: string;
  prompt: string;
  /** Every identifier the task uses (prompt, tests, reference code). */
  taskNames: Set<string>;
  statedIn: { shard_id: number; length: number; index: number } | undefined;
  referenceProgram: string | undefined;
  test: string | undefined;
  cases: ReturnType<typeof casesToRun>;
}

function entryPointOf(source: BenchmarkRecord, prompt: string): string {
  const named = source.metadata?.func_name;
  if (typeof named === 'string' && named.trim()) return named.trim();
  const defs = definedFunctions(prompt);
  const last = defs[defs.length - 1];
  if (!last)
    throw new SourceConstructionError(
      'no-entry-point',
      `${source.task_id}: no metadata.func_name and no def in the prompt`,
    );
  return last;
}

/** The first shard that states the name as a word (e.g. "Name the function `intersperse`." or the signature). */
function shardStating(source: BenchmarkRecord, name: string): CodeTaskFacts['statedIn'] {
  const word = new RegExp(`(^|[^A-Za-z0-9_])${name}(?![A-Za-z0-9_])`);
  for (let i = 0; i < source.shards.length; i++) {
    const s = source.shards[i]!;
    if (word.test(shardText(s))) return { shard_id: s.shard_id, length: shardText(s).length, index: i };
  }
  return undefined;
}

/** The reference program: `canonical_solution` alone when it defines the entry point, else prompt + body (HumanEval). */
function referenceProgramOf(source: BenchmarkRecord, prompt: string, name: string): string | undefined {
  const raw: unknown = (source as Record<string, unknown>)['canonical_solution'];
  if (typeof raw !== 'string' || !raw.trim()) return undefined;
  return definedFunctions(raw).includes(name) ? raw : prompt + raw;
}

function taskFacts(source: BenchmarkRecord): CodeTaskFacts {
  const prompt = source.prompt;
  if (typeof prompt !== 'string' || !prompt.trim())
    throw new SourceConstructionError('missing-prompt', `${source.task_id}: a code source needs \`prompt\``);
  const name = entryPointOf(source, prompt);
  if (!isPythonIdentifier(name))
    throw new SourceConstructionError(
      'bad-entry-point',
      `${source.task_id}: entry point \`${name}\` is not an identifier`,
    );
  if (!nameOccurrences(prompt, name).length)
    throw new SourceConstructionError(
      'entry-point-not-in-prompt',
      `${source.task_id}: the prompt never names \`${name}\``,
    );
  const referenceProgram = referenceProgramOf(source, prompt, name);
  const taskNames = new Set([
    ...identifiersIn(prompt),
    ...(source.test ? identifiersIn(source.test) : []),
    ...(referenceProgram ? identifiersIn(referenceProgram) : []),
  ]);
  return {
    name,
    prompt,
    taskNames,
    statedIn: shardStating(source, name),
    referenceProgram,
    test: source.test,
    cases: casesToRun(source.test, source.public_test_cases),
  };
}

/** The checks that need no execution, in REASONS order. */
function nameChecks(facts: CodeTaskFacts, revised: string): Record<string, CheckOutcome> {
  const { name, statedIn } = facts;
  const rename = renameCallable(facts.prompt, name, revised);
  const left = nameOccurrences(rename.code, name).length;
  const now = nameOccurrences(rename.code, revised).length;
  const addedErrors = parseErrorCount(rename.code) - parseErrorCount(facts.prompt);
  const renamedDef =
    signatureLine(rename.code, revised) !== undefined || signatureLine(facts.prompt, name) === undefined;
  return {
    'name-stated': statedIn
      ? { ok: true, evidence: `\`${name}\` is stated in shard ${statedIn.shard_id}` }
      : { ok: false, evidence: `no shard states \`${name}\`: the user never gives the name to revise` },
    identifier: isPythonIdentifier(revised)
      ? { ok: true, evidence: `\`${revised}\` is a valid Python identifier` }
      : { ok: false, evidence: `\`${revised}\` is not a Python identifier` },
    'not-keyword': PYTHON_KEYWORDS.has(revised)
      ? { ok: false, evidence: `\`${revised}\` is a Python keyword` }
      : { ok: true, evidence: 'not a Python keyword' },
    'not-builtin': PYTHON_BUILTINS.has(revised)
      ? { ok: false, evidence: `\`${revised}\` is a Python builtin` }
      : { ok: true, evidence: 'not a Python builtin' },
    'name-free': facts.taskNames.has(revised)
      ? { ok: false, evidence: `\`${revised}\` is already a name in the task (prompt, tests or reference code)` }
      : { ok: true, evidence: 'no other name of the task (parameters, other functions, imports, tests) is spelled so' },
    'rename-applied':
      left === 0 && now === rename.count && addedErrors <= 0 && renamedDef
        ? {
            ok: true,
            evidence: `${rename.count} occurrence(s) renamed in the prompt (signature, docstring examples, uses); \`${name}\` no longer appears as a name`,
          }
        : {
            ok: false,
            evidence: `after renaming, \`${name}\` appears ${left} time(s), \`${revised}\` ${now} of ${rename.count}${addedErrors > 0 ? `, ${addedErrors} new parse error(s)` : ''}${renamedDef ? '' : ', the def line was not renamed'}`,
          },
  };
}

interface ProgramOutcome {
  check: CheckOutcome;
  tests?: { original: string; revised: string };
}

/** Each reference program passes under its own state and fails under the other (the project's code verifier). */
async function referencePrograms(
  facts: CodeTaskFacts,
  revised: string,
  renameOk: CheckOutcome,
  ctx: ConstructContext,
): Promise<ProgramOutcome> {
  const fallback = (why: string): ProgramOutcome => ({
    check: {
      ok: renameOk.ok,
      evidence: `not run: ${why}; judged by the rename-applied check instead (${renameOk.ok ? 'passed' : 'failed'})`,
    },
  });
  if (!facts.referenceProgram) return fallback('no reference code (canonical_solution)');
  if (!facts.test && !facts.cases.length) return fallback('the task has no tests');
  if (!ctx.verify.trusted) return fallback('untrusted');
  const name = facts.name;
  const programs = {
    original: facts.referenceProgram,
    revised: renameCallable(facts.referenceProgram, name, revised).code,
  };
  const states = {
    original: { entryPoint: name, forbiddenNames: [revised] },
    revised: { entryPoint: revised, forbiddenNames: [name] },
  };
  const opts = {
    trusted: true,
    ...(ctx.verify.python ? { python: ctx.verify.python } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  };
  const tests = { ...(facts.test ? { test: facts.test } : {}), ...(facts.cases.length ? { cases: facts.cases } : {}) };
  const lines: Record<'original' | 'revised', string> = { original: '', revised: '' };
  let ok = true;
  for (const own of ['original', 'revised'] as const) {
    const other = own === 'original' ? 'revised' : 'original';
    const mine = await verifyCode(programs[own], { ...states[own], ...tests }, opts);
    if (mine.is_correct === null) return fallback(mine.details.message);
    const theirs = await verifyCode(programs[own], { ...states[other], ...tests }, opts);
    const good = mine.is_correct === true && theirs.is_correct === false;
    ok &&= good;
    lines[own] =
      `${own} program: ${mine.is_correct ? 'passes' : 'fails'} under its own state (${mine.details.message}); ${theirs.is_correct === false ? 'fails' : 'does not fail'} under the ${other} (${theirs.details.message})`;
  }
  return { check: { ok, evidence: `${lines.original}. ${lines.revised}` }, tests: lines };
}

async function checkName(
  facts: CodeTaskFacts,
  revised: string,
  ctx: ConstructContext,
): Promise<ProgramOutcome & { checks: Record<string, CheckOutcome> }> {
  const checks = nameChecks(facts, revised);
  const failedEarly = Object.values(checks).some((c) => !c.ok);
  const programs = failedEarly
    ? { check: { ok: false, evidence: 'not run: an earlier check failed' } }
    : await referencePrograms(facts, revised, checks['rename-applied']!, ctx);
  checks['reference-programs'] = programs.check;
  return { ...programs, checks };
}

function firstFailure(checks: Record<string, CheckOutcome>): string | undefined {
  const failed = Object.keys(REASONS).find((k) => checks[k] && !checks[k].ok);
  return failed ? REASONS[failed] : undefined;
}

/** One candidate: `revised` checked, plus up to 3 verified alternatives from `others` (in order). */
async function buildCandidate(
  source: BenchmarkRecord,
  facts: CodeTaskFacts,
  revised: string,
  others: readonly string[],
  ctx: ConstructContext,
): Promise<Candidate> {
  const { name, statedIn } = facts;
  const main = await checkName(facts, revised, ctx);
  const alternatives: Candidate['alternatives'] = [];
  if (!firstFailure(main.checks)) {
    for (const other of others) {
      if (alternatives.length >= 3 || ctx.signal?.aborted) break;
      if (other === revised) continue;
      if (!firstFailure((await checkName(facts, other, ctx)).checks))
        alternatives.push({ revised: other, reference: other });
    }
  }
  const discarded = firstFailure(main.checks);
  const originalSignature = signatureLine(facts.prompt, name) ?? name;
  return {
    shard_id: statedIn?.shard_id ?? source.shards[0]!.shard_id,
    requirement: 'entry-point function name',
    original: name,
    revised,
    reference: { original: name, revised },
    checks: main.checks,
    ...(discarded ? { discarded } : {}),
    selected: false,
    target: CODE_TARGET,
    rank: { priority: 0, passageLength: statedIn?.length ?? 0, position: statedIn?.index ?? 0 },
    singleTurn: { original: facts.prompt, direct_revised: renameCallable(facts.prompt, name, revised).code },
    alternatives,
    evidence: {
      kind: 'code-rename',
      originalSignature,
      revisedSignature: signatureLine(renameCallable(facts.prompt, name, revised).code, revised) ?? revised,
      ...(main.tests ? { tests: main.tests } : {}),
    },
  };
}

async function enumerateCode(source: BenchmarkRecord, ctx: ConstructContext): Promise<Candidate[]> {
  if (!source.shards.length) throw new SourceConstructionError('no-shards', `${source.task_id}: no shards`);
  const facts = taskFacts(source);
  const names = nameCandidates(facts.name);
  // The rule's value: the first name that passes every check (the first name when none does).
  let chosen = names[0]!;
  for (const n of names) {
    if (!firstFailure(nameChecks(facts, n))) {
      chosen = n;
      break;
    }
  }
  const rest = names.slice(names.indexOf(chosen) + 1);
  const candidates = [await buildCandidate(source, facts, chosen, rest, ctx)];
  const asked = ctx.request;
  const wanted = asked?.target.trim();
  const named =
    wanted === CODE_TARGET ||
    wanted === facts.name ||
    (facts.statedIn !== undefined && wanted === String(facts.statedIn.shard_id));
  if (asked?.value !== undefined && asked.value !== chosen && named) {
    candidates.push(await buildCandidate(source, facts, asked.value, names, ctx));
  }
  return candidates;
}

export const codeConstructor: DomainConstructor = { domain: 'code', enumerate: enumerateCode };
