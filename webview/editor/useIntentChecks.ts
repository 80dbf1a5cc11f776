// The revision editor's findings on the form as it is: the schema, the pure intent checks (the ones
// `validate` runs) and the host's database checks of the references, as issues and as the check list.
import { useEffect, useMemo, useState } from 'react';
import { BenchmarkRecordSchema, type BenchmarkRecord, type IntentBlock } from '../../src/core/schema/records';
import { checkIntent, type CheckIssue } from '../../src/core/checks/intentChecks';
import { formatFieldPath } from '../../src/core/jsonl/diagnostics';
import { describeZodIssue } from '../../src/core/load/zodIssueText';
import { listChecks, type DatabaseCheckState } from '../../src/core/checks/checkList';
import type { EditorActions, HostIssue } from './editorActions';

export type FormIssue = CheckIssue | HostIssue;

export function useIntentChecks(
  record: Record<string, unknown>,
  form: IntentBlock,
  baseIntent: IntentBlock,
  actions: EditorActions,
) {
  const [dbIssues, setDbIssues] = useState<HostIssue[]>([]);
  const [dbState, setDbState] = useState<DatabaseCheckState>({ ran: false, reason: 'running…' });

  const parsed = useMemo(() => BenchmarkRecordSchema.safeParse({ ...record, intent: form }), [record, form]);
  const rec: BenchmarkRecord | undefined = parsed.success ? parsed.data : undefined;
  const schemaIssues: HostIssue[] = useMemo(
    () =>
      parsed.success
        ? []
        : parsed.error.issues.map((i) => ({
            code: 'schema',
            severity: 'error' as const,
            message: describeZodIssue(i, { ...record, intent: form }),
            path: formatFieldPath(i.path),
          })),
    [parsed, record, form],
  );
  const issues: FormIssue[] = useMemo(
    () => (parsed.success ? [...checkIntent(parsed.data), ...dbIssues] : schemaIssues),
    [parsed, dbIssues, schemaIssues],
  );
  // Every check with its outcome: the list and its counts come from here.
  const checkRuns = useMemo(
    () =>
      listChecks(parsed.success ? parsed.data : undefined, issues, { database: dbState, schemaFindings: schemaIssues }),
    [parsed, issues, dbState, schemaIssues],
  );

  useEffect(() => {
    let live = true;
    void actions.checkReferences(baseIntent).then(
      (r) => {
        if (!live) return;
        setDbIssues(r.issues);
        setDbState(r.notRun ? { ran: false, reason: r.notRun } : { ran: true });
      },
      (e: unknown) =>
        live && setDbState({ ran: false, reason: `failed: ${e instanceof Error ? e.message : String(e)}` }),
    );
    return () => {
      live = false;
    };
  }, [baseIntent, actions]);

  return { rec, issues, checkRuns };
}
