// "Compare With…": an explicit `{left, right}` pair opens at once; otherwise the first run (the
// argument's, the conversation view in front, or picked from a source's runs), then the run to
// compare it with: its Retained ↔ Revised sibling first, kept first while the user types.
import * as vscode from 'vscode';
import { basename } from 'node:path';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { readCompareTarget, readExplicitPair, type CompareTarget } from './compareArgs';
import { compareCandidates, counterpartOf, refLabel } from './comparePairs';
import { PickSession } from '../picks/pickSession';
import {
  frontConversation,
  knownConversation,
  openCompare,
  pickSessionFor,
  type CompareServices,
} from './compareServices';

const TITLE = 'Compare With…';

interface RunPick extends vscode.QuickPickItem {
  ref: ConversationRef;
}

function runPick(r: ConversationRef, sibling?: ConversationRef): RunPick {
  const note = r === sibling ? ` · its ${refLabel(r)} sibling` : '';
  return {
    label: `${refLabel(r)} · ${r.model}`,
    description: `${r.verdict}${note}`,
    detail: `${basename(r.file)}:${r.line} · ${r.conv_id}`,
    ref: r,
  };
}

async function pickSource(cs: CompareServices, picks: PickSession): Promise<string | undefined> {
  const ids = [...new Set(cs.services.data.conversations().map((r) => r.task_id))].sort();
  if (!ids.length) {
    void vscode.window.showInformationMessage('Intent Lens: no run logs in this workspace.');
    return undefined;
  }
  const pick = await picks.pick({ title: TITLE, placeholder: 'Source task', items: ids.map((id) => ({ label: id })) });
  return pick?.label;
}

/** The runs of a source the target narrows to (its instance, its model). */
function runsOf(cs: CompareServices, taskId: string, target: CompareTarget): ConversationRef[] {
  const inst = target.instance;
  const sameInstance = (r: ConversationRef) =>
    !inst ||
    (r.mode === inst.mode &&
      r.condition === inst.condition &&
      (r.path ?? undefined) === (inst.path ?? undefined) &&
      (r.k ?? 0) === (inst.k ?? 0));
  return cs.services.data
    .conversations()
    .filter((r) => r.task_id === taskId && sameInstance(r) && (!target.model || r.model === target.model));
}

/** The first run, picked from the target's source (or a picked source); undefined when the user closed a pick. */
async function pickFirstRun(
  cs: CompareServices,
  target: CompareTarget,
  session: { picks: PickSession | undefined },
): Promise<ConversationRef | undefined> {
  const taskId = target.taskId ?? (await pickSource(cs, (session.picks ??= await PickSession.start(TITLE))));
  if (!taskId) return undefined;
  const runs = runsOf(cs, taskId, target);
  if (runs.length === 0) return void vscode.window.showWarningMessage(`Intent Lens: no runs of ${taskId} to compare.`);
  const title = `${TITLE} (1/2): ${taskId}`;
  const pick = await (session.picks ??= await PickSession.start(title)).pick({
    title,
    placeholder: 'First conversation',
    items: runs.map((r) => runPick(r)),
  });
  return pick?.ref;
}

export async function compareWith(cs: CompareServices, arg: unknown): Promise<void> {
  const { data } = cs.services;
  const session = { picks: await pickSessionFor(arg, TITLE) };
  try {
    await data.ensureLoaded();
    const explicit = readExplicitPair(arg);
    if (explicit) return await openCompare(cs, explicit.left, explicit.right);
    // From the palette with a conversation view in front: compare that conversation.
    const target = readCompareTarget(arg ?? frontConversation(), knownConversation(cs));
    const first =
      (target.convId ? data.logs.get(target.convId) : undefined) ?? (await pickFirstRun(cs, target, session));
    if (!first) return;
    const refs = data.conversations();
    const candidates = compareCandidates(refs, first);
    const sibling = counterpartOf(refs, first);
    if (!candidates.length)
      return void vscode.window.showWarningMessage(`Intent Lens: ${first.task_id} has no other run to compare with.`);
    const title = `Compare ${refLabel(first)} · ${first.model} with…`;
    const placeholder = sibling
      ? `Its ${refLabel(sibling)} sibling first, then its other instances and other models`
      : 'Other instance of this source, or another model on the same instance';
    const picks = (session.picks ??= await PickSession.start(title));
    const second = await picks.pick({
      title,
      placeholder,
      items: candidates.map((r) => runPick(r, sibling)),
      keepOrder: true,
    });
    if (!second) return;
    picks.dispose();
    await openCompare(cs, first.conv_id, second.ref.conv_id);
  } finally {
    session.picks?.dispose();
  }
}
