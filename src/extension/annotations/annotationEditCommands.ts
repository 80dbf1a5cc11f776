// Edit Annotation… and Retract Annotation… (issue #39): pick one of a conversation's current
// annotations in a quick pick, then write an `edit` event (its new label, note text, or verdict
// and reason) or, once confirmed, a `retract` event, through the store's locked append. The
// sidecars are never rewritten: every view reads the folded events (an edit shows its new value,
// a retracted annotation is gone). Answers may come in the argument (links, tests).
import * as vscode from 'vscode';
import { pickKeepingFocus, inputKeepingFocus } from '../picks/focusKeptPrompts';
import { z } from 'zod';
import { editEvent, retractEvent, type AnnotationChanges } from '../../core/annotations/annotationWriter';
import type { CurrentAnnotation } from '../../core/annotations/annotationTypes';
import { readCommandTarget } from '../commandTarget';
import { ConversationPanel } from '../conversation/conversationPanel';
import { verdictLabel } from '../../shared/verdicts';
import type { ExtensionServices } from '../services';
import type { AnnotationStore } from './annotationStore';
import { annotator } from './annotationCommands';

const EditAnswersSchema = z
  .object({
    /** The annotation to edit or retract (else picked). */
    id: z.string().min(1),
    value: z.string().min(1),
    reason: z.string(),
    by: z.string().min(1),
    /** Retract without asking (a caller that asked already). */
    confirmed: z.boolean(),
  })
  .partial();
type EditAnswers = z.infer<typeof EditAnswersSchema>;

/** `U3 “$120” · label leaked-inactive — why · ann, 2026-12-04`: what a pick row says. */
export function describeAnnotation(a: CurrentAnnotation): string {
  const where = a.turn !== undefined ? `U${a.turn}${a.span?.text ? ` “${a.span.text}”` : ''}` : 'conversation';
  const what =
    a.kind === 'verdict' ? `verdict ${a.value}` : a.kind === 'label' ? `label ${a.value}` : `note: ${a.value}`;
  return `${where} · ${what}${a.reason ? ` — ${a.reason}` : ''}`;
}

/** The conversation the command is about (argument, else the active conversation view) and the chosen annotation. */
async function pickAnnotation(
  services: ExtensionServices,
  arg: unknown,
  answers: EditAnswers,
  verb: 'Edit' | 'Retract',
): Promise<CurrentAnnotation | undefined> {
  if (answers.id) {
    const found = services.data.annotations.all().find((a) => a.id === answers.id);
    if (!found) void vscode.window.showWarningMessage(`Intent Lens: no annotation ${answers.id} (retracted?).`);
    return found;
  }
  const convId = readCommandTarget(arg).convId ?? ConversationPanel.active?.convId;
  if (!convId)
    return void vscode.window.showWarningMessage(
      `Intent Lens: open a conversation to ${verb.toLowerCase()} its annotations.`,
    );
  const list = services.data.annotations.forConversation(convId);
  if (!list.length)
    return void vscode.window.showInformationMessage(
      `Intent Lens: ${convId} has no annotations to ${verb.toLowerCase()}.`,
    );
  const picked = await pickKeepingFocus(
    list.map((a) => ({ label: describeAnnotation(a), description: `${a.by}, ${a.updated_at.slice(0, 10)}`, a })),
    { title: `${verb} Annotation: which one?` },
  );
  return picked?.a;
}

async function askReason(title: string, value: string | undefined, required: boolean): Promise<string | undefined> {
  const reason = await inputKeepingFocus({
    title,
    value: value ?? '',
    validateInput: (v) => (required && !v.trim() ? 'a verdict override needs a reason' : undefined),
  });
  return reason === undefined ? undefined : reason.trim();
}

/** The changes for `a`: its new label, note text, or verdict and reason (undefined: cancelled). */
async function askChanges(
  store: AnnotationStore,
  a: CurrentAnnotation,
  answers: EditAnswers,
): Promise<AnnotationChanges | undefined> {
  if (answers.value !== undefined || answers.reason !== undefined)
    return {
      ...(answers.value !== undefined ? { value: answers.value } : {}),
      ...(answers.reason !== undefined ? { reason: answers.reason } : {}),
    };
  if (a.kind === 'note') {
    const note = await inputKeepingFocus({
      title: 'Edit Annotation: note',
      value: a.value,
      validateInput: (v) => (v.trim() ? undefined : 'a note needs a text'),
    });
    return note?.trim() ? { value: note.trim() } : undefined;
  }
  const options = a.kind === 'label' ? store.labels() : (['correct', 'incorrect'] as const).map((v) => v as string);
  const picked = await pickKeepingFocus(
    options.map((o) => ({
      label: a.kind === 'verdict' ? verdictLabel(o as 'correct' | 'incorrect') : o,
      value: o,
      description: o === a.value ? 'now' : '',
    })),
    { title: `Edit Annotation: ${a.kind === 'label' ? 'label' : 'verdict'}` },
  );
  if (!picked) return undefined;
  const reason = await askReason(
    `Edit Annotation: reason${a.kind === 'verdict' ? ' (required)' : ' (optional)'}`,
    a.reason,
    a.kind === 'verdict',
  );
  if (reason === undefined) return undefined;
  return { value: picked.value, ...(reason || a.reason !== undefined ? { reason } : {}) };
}

/** The answers a test or a link passed with the command, and the annotation it is about (asked when not given). */
async function answersAndAnnotation(services: ExtensionServices, arg: unknown, verb: 'Edit' | 'Retract') {
  const parsed = EditAnswersSchema.safeParse(arg);
  const answers = parsed.success ? parsed.data : {};
  return { answers, a: await pickAnnotation(services, arg, answers, verb) };
}

export async function editAnnotation(
  services: ExtensionServices,
  store: AnnotationStore,
  arg: unknown,
): Promise<string | undefined> {
  const { answers, a } = await answersAndAnnotation(services, arg, 'Edit');
  if (!a) return undefined;
  const changes = await askChanges(store, a, answers);
  if (!changes) return undefined;
  if (a.kind === 'verdict' && changes.reason !== undefined && !changes.reason.trim())
    throw new Error('a verdict override needs a reason');
  // The schema refuses a verdict value other than correct / incorrect only on add: check it here too.
  if (a.kind === 'verdict' && changes.value !== undefined && !['correct', 'incorrect'].includes(changes.value))
    throw new Error(`a verdict is correct or incorrect, not ${changes.value}`);
  await store.append([editEvent(a.id, answers.by ?? annotator(), changes)]);
  return a.id;
}

export async function retractAnnotation(
  services: ExtensionServices,
  store: AnnotationStore,
  arg: unknown,
): Promise<string | undefined> {
  const { answers, a } = await answersAndAnnotation(services, arg, 'Retract');
  if (!a) return undefined;
  if (!answers.confirmed) {
    const ok = await vscode.window.showWarningMessage(
      `Retract the annotation ${describeAnnotation(a)}?`,
      {
        modal: true,
        detail: 'Every view stops showing it. The sidecar keeps it with a retraction line (it is never deleted).',
      },
      'Retract',
    );
    if (ok !== 'Retract') return undefined;
  }
  await store.append([retractEvent(a.id, answers.by ?? annotator(), answers.reason)]);
  return a.id;
}
