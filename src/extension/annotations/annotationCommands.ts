// The annotation commands: Annotate Turn… (a note or label on a conversation, a turn or one of
// its highlighted spans), Override Verdict… (a human verdict with a required reason) and Review
// Next Unannotated (the next failure of the Sources tree's filter with no annotation yet). Each
// takes its answers from the argument when given (links, tests), else asks with prompts that keep the
// keyboard focus (picks/focusKeptPrompts): these commands run from the conversation and compare views'
// keys and buttons, and VS Code gives such a page the focus back late after a prompt closes, which
// closed the next prompt (seen in clean-clone and CI e2e runs under load; Escape still closes them).
import * as vscode from 'vscode';
import { pickKeepingFocus, inputKeepingFocus } from '../picks/focusKeptPrompts';
import { z } from 'zod';
import { addEvent, type NewAnnotation } from '../../core/annotations/annotationWriter';
import type { AnnotationBasis, AnnotationSpan } from '../../core/annotations/annotationTypes';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { describeVerdict } from '../../core/workspace/verdicts';
import type { ExtensionServices } from '../services';
import { COMMANDS, INTERNAL_COMMANDS } from '../commandIds';
import { ConversationPanel } from '../conversation/conversationPanel';
import type { AnnotationStore } from './annotationStore';
import { annotationTarget, type AnnotationTarget as Target } from './annotationTarget';
import { setting } from '../settings/settings';
import { verdictLabel } from '../../shared/verdicts';

/** Answers a caller may give instead of the prompts. */
const AnswersSchema = z
  .object({
    kind: z.enum(['note', 'label']),
    value: z.string().min(1),
    verdict: z.enum(['correct', 'incorrect']),
    reason: z.string(),
    by: z.string().min(1),
    span: z.object({
      start: z.number().int().nonnegative(),
      end: z.number().int().nonnegative(),
      text: z.string().optional(),
    }),
    /** Text selected in the conversation view: located in the turn's replies as the span. */
    selection: z.string().min(1),
  })
  .partial();
type Answers = z.infer<typeof AnswersSchema>;

function answersOf(arg: unknown): Answers {
  const r = AnswersSchema.safeParse(arg);
  return r.success ? r.data : {};
}

/** The name on what this window writes: the setting, else `$INTENT_LENS_REVIEWER`, else the user. */
export function annotator(): string {
  const name = setting('annotations.annotator');
  return name || process.env.INTENT_LENS_REVIEWER || process.env.USER || 'unknown';
}

function basisOf(services: ExtensionServices, ref: ConversationRef): AnnotationBasis {
  const p = services.data.currentVerdict(ref, 'machine').provenance;
  return {
    verdict_source: p.source,
    ...(p.source === 'rescored' ? { verifier_version: p.verifier } : {}),
    log_file: ref.file,
    log_line: ref.line,
  };
}

async function pickTurn(target: Target): Promise<number | undefined | 'cancel'> {
  if (target.turn !== undefined) return target.turn;
  const turns = target.turns?.length ?? 0;
  const items = [
    { label: 'Whole conversation', turn: undefined as number | undefined },
    ...Array.from({ length: turns }, (_, i) => ({ label: `U${i + 1}`, turn: i + 1 })),
  ];
  if (items.length === 1) return undefined;
  const picked = await pickKeepingFocus(items, { title: 'Annotate: which turn?' });
  return picked ? picked.turn : 'cancel';
}

/** A span of the turn's replies: the selected text, or one of its highlighted (inactive) spans. */
async function pickSpan(
  target: Target,
  turn: number | undefined,
  answers: Answers,
): Promise<AnnotationSpan | undefined | 'cancel'> {
  if (answers.span) return answers.span;
  const replies = turn !== undefined ? (target.turns?.[turn - 1]?.replies ?? []) : [];
  if (answers.selection) {
    for (const r of replies) {
      const at = r.text.indexOf(answers.selection);
      if (at >= 0) return { start: at, end: at + answers.selection.length, text: answers.selection };
    }
  }
  const spans = replies.flatMap((r) =>
    r.spans.map((s) => ({
      label: s.value,
      description: s.describe,
      span: { start: s.start, end: s.end, text: s.value },
    })),
  );
  if (!spans.length || answers.kind) return undefined;
  const picked = await pickKeepingFocus(
    [{ label: 'The whole turn', description: '', span: undefined as AnnotationSpan | undefined }, ...spans],
    { title: 'Annotate: on a highlighted span?' },
  );
  return picked ? picked.span : 'cancel';
}

async function pickNoteOrLabel(
  store: AnnotationStore,
  answers: Answers,
): Promise<Pick<NewAnnotation, 'kind' | 'value'> | undefined> {
  if (answers.kind && answers.value) return { kind: answers.kind, value: answers.value };
  const items = [
    ...store.labels().map((l) => ({ label: l, description: 'label', isNote: false })),
    { label: 'Note…', description: 'free text', isNote: true },
  ];
  const picked = await pickKeepingFocus(items, {
    title: 'Annotate: a label, or a note',
  });
  if (!picked) return undefined;
  if (!picked.isNote) return { kind: 'label', value: picked.label };
  const note = await inputKeepingFocus({
    title: 'Annotate: note',
    validateInput: (v) => (v.trim() ? undefined : 'a note needs a text'),
  });
  return note?.trim() ? { kind: 'note', value: note.trim() } : undefined;
}

export async function annotate(
  services: ExtensionServices,
  store: AnnotationStore,
  arg: unknown,
): Promise<string | undefined> {
  const target = await annotationTarget(services, arg);
  if (!target)
    return void vscode.window.showWarningMessage(
      'Intent Lens: open a conversation (or pick a run in the Sources tree) to annotate it.',
    );
  const answers = answersOf(arg);
  const turn = await pickTurn(target);
  if (turn === 'cancel') return undefined;
  const span = await pickSpan(target, turn, answers);
  if (span === 'cancel') return undefined;
  const what = await pickNoteOrLabel(store, answers);
  if (!what) return undefined;
  const event = addEvent({
    conv_id: target.ref.conv_id,
    ...(turn !== undefined ? { turn } : {}),
    ...(span ? { span } : {}),
    ...what,
    ...(answers.reason ? { reason: answers.reason } : {}),
    by: answers.by ?? annotator(),
    basis: basisOf(services, target.ref),
  });
  await store.append([event]);
  return event.event === 'add' ? event.annotation.id : undefined;
}

export async function overrideVerdict(
  services: ExtensionServices,
  store: AnnotationStore,
  arg: unknown,
): Promise<string | undefined> {
  const target = await annotationTarget(services, arg);
  if (!target)
    return void vscode.window.showWarningMessage(
      'Intent Lens: open a conversation (or pick a run in the Sources tree) to override its verdict.',
    );
  const answers = answersOf(arg);
  const current = services.data.currentVerdict(target.ref);
  let verdict = answers.verdict;
  if (!verdict) {
    const picked = await pickKeepingFocus(
      [
        { label: verdictLabel('correct'), verdict: 'correct' as const },
        { label: verdictLabel('incorrect'), verdict: 'incorrect' as const },
      ],
      { title: `Override Verdict (now ${describeVerdict(current)})` },
    );
    verdict = picked?.verdict;
  }
  if (!verdict) return undefined;
  const reason =
    answers.reason?.trim() ||
    (
      await inputKeepingFocus({
        title: `Override Verdict: ${verdict} — why? (required)`,
        validateInput: (v) => (v.trim() ? undefined : 'a verdict override needs a reason'),
      })
    )?.trim();
  if (!reason) return undefined;
  const event = addEvent({
    conv_id: target.ref.conv_id,
    kind: 'verdict',
    value: verdict,
    reason,
    by: answers.by ?? annotator(),
    basis: basisOf(services, target.ref),
  });
  await store.append([event]);
  return event.event === 'add' ? event.annotation.id : undefined;
}

/**
 * Opens the next failure without annotations among the Sources tree's filtered conversations (all
 * when nothing is filtered), after the one the active view shows, in log order, wrapping around.
 */
export async function reviewNextUnannotated(services: ExtensionServices): Promise<string | undefined> {
  await services.data.ensureLoaded();
  const scope = await vscode.commands.executeCommand<{ convIds: string[] } | undefined>(
    INTERNAL_COMMANDS.treeFilteredConversations,
  );
  const inScope = scope ? new Set(scope.convIds) : undefined;
  const queue = services.data
    .conversationsWithCurrentVerdicts()
    .filter(
      (r) =>
        (!inScope || inScope.has(r.conv_id)) &&
        r.verdict === 'incorrect' &&
        services.data.annotations.count(r.conv_id) === 0,
    )
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  if (!queue.length)
    return void vscode.window.showInformationMessage(
      'Intent Lens: no unannotated failures left in the current filter.',
    );
  const at = ConversationPanel.active && services.data.logs.get(ConversationPanel.active.convId);
  const next =
    (at && queue.find((r) => r.file.localeCompare(at.file) > 0 || (r.file === at.file && r.line > at.line))) ??
    queue[0]!;
  await vscode.commands.executeCommand(COMMANDS.openConversation, { convId: next.conv_id });
  return next.conv_id;
}
