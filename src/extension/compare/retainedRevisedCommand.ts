// "Compare Retained ↔ Revised": on a source (`{taskId, model?}`) or a run (`{convId}`); from the
// palette, the open conversation's (or the tree's selected item's) source first, only sources with
// a pair listed; a model pick only when several models have the pair.
import * as vscode from 'vscode';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { INTERNAL_COMMANDS } from '../commandIds';
import { readCommandTarget } from '../commandTarget';
import { readCompareTarget } from './compareArgs';
import { pairSourceChoices, retainedRevisedPairs, type PairContext, type RetainedRevisedPair } from './comparePairs';
import { PickSession } from '../picks/pickSession';
import {
  frontConversation,
  knownConversation,
  openCompare,
  pickSessionFor,
  type CompareServices,
} from './compareServices';

const TITLE = 'Compare Retained ↔ Revised';

/** What the palette's command starts from: the conversation view in front, else the Sources tree's selected item. */
async function paletteContext(): Promise<PairContext> {
  const convId = frontConversation();
  if (convId) return { convId };
  const selected = readCommandTarget(await vscode.commands.executeCommand<unknown>(INTERNAL_COMMANDS.treeSelection));
  return {
    ...(selected.convId ? { convId: selected.convId } : {}),
    ...(selected.taskId ? { taskId: selected.taskId } : {}),
    ...(selected.model ? { model: selected.model } : {}),
  };
}

interface PairSource {
  taskId: string;
  basis?: ConversationRef;
  model?: string;
}

/** From the palette: the sources with a pair, the open conversation's (or selected item's) first. */
async function pickPairSource(cs: CompareServices, picks: PickSession): Promise<PairSource | undefined> {
  const { data } = cs.services;
  const context = await paletteContext();
  const basis = context.convId ? data.logs.get(context.convId) : undefined;
  const choices = pairSourceChoices(data.conversations(), context, basis);
  if (!choices.length) {
    void vscode.window.showInformationMessage(
      'Intent Lens: no source has both a Retained and a Revised run of one model.',
    );
    return undefined;
  }
  const what = basis ? 'the open conversation' : 'the selected item';
  const items = choices.map((c) => ({
    label: c.taskId,
    description: c.isDefault
      ? `${what} · ${basis?.model ?? context.model ?? c.models.join(', ')}`
      : `${c.models.length} model${c.models.length === 1 ? '' : 's'} with a pair`,
    choice: c,
  }));
  const placeholder = 'Source task (only sources with a Retained and a Revised run of one model)';
  const pick = await picks.pick({ title: TITLE, placeholder, items, keepOrder: true });
  if (!pick) return undefined;
  if (!pick.choice.isDefault) return { taskId: pick.choice.taskId };
  return {
    taskId: pick.choice.taskId,
    ...(basis ? { basis } : {}),
    ...(context.model ? { model: context.model } : {}),
  };
}

/** The source's pairs: the basis run's own slot and model (else its model's plain pair), or a model's, or all. */
function pairsOf(
  cs: CompareServices,
  { taskId, basis, model }: PairSource,
): { pairs: RetainedRevisedPair<ConversationRef>[]; what: string } {
  const refs = cs.services.data.conversations();
  if (basis) {
    const own = retainedRevisedPairs(refs, taskId, { basis });
    // The open conversation is on neither side (Original, Neutral…): its model's plain pair.
    return {
      pairs: own.length ? own : retainedRevisedPairs(refs, taskId, { model: basis.model }),
      what: `${taskId} (${basis.model})`,
    };
  }
  return {
    pairs: retainedRevisedPairs(refs, taskId, model ? { model } : {}),
    what: model ? `${taskId} (${model})` : taskId,
  };
}

export async function compareRetainedRevised(cs: CompareServices, arg: unknown): Promise<void> {
  const { data } = cs.services;
  let picks = await pickSessionFor(arg, TITLE);
  try {
    await data.ensureLoaded();
    const target = readCompareTarget(arg, knownConversation(cs));
    const basis = target.convId ? data.logs.get(target.convId) : undefined;
    if (target.convId && !basis)
      return void vscode.window.showErrorMessage(`Intent Lens: conversation ${target.convId} is not in the workspace.`);
    const taskId = basis?.task_id ?? target.taskId;
    const source = taskId
      ? { taskId, ...(basis ? { basis } : {}), ...(target.model ? { model: target.model } : {}) }
      : await pickPairSource(cs, (picks ??= await PickSession.start(TITLE)));
    if (!source) return;
    const { pairs, what } = pairsOf(cs, source);
    if (!pairs.length)
      return void vscode.window.showWarningMessage(
        `Intent Lens: no model has both a Retained and a Revised run of ${what}.`,
      );
    let chosen = pairs[0]!;
    if (pairs.length > 1) {
      const title = `${TITLE}: ${what}`;
      const items = pairs.map((p) => ({
        label: p.model,
        description: `Retained ${p.retained.verdict} · Revised ${p.revised.verdict}`,
        pair: p,
      }));
      const pick = await (picks ??= await PickSession.start(title)).pick({ title, placeholder: 'Model', items });
      if (!pick) return;
      chosen = pick.pair;
    }
    picks?.dispose();
    await openCompare(cs, chosen.retained.conv_id, chosen.revised.conv_id);
  } finally {
    picks?.dispose();
  }
}
