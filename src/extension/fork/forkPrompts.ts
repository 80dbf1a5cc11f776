// The fork commands' questions: which edit (only those that apply at the turn), the new wording
// (remembered as typed), the assistant model, a provider when none is configured, the preview before
// any call, and the refusal in an untrusted workspace.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { RunLogEntry } from '../../core/schema/runlog';
import type { BenchmarkRecord } from '../../core/schema/records';
import { describeEdit, planFork, type ForkEdit } from '../../core/fork/forkPlan';
import { forkPreview } from '../../core/fork/forkPreview';
import { readProviderConfigs } from '../runner/providerSettings';
import { addProviderFlow } from '../runner/addProvider';

/** The edits a fork can make, as the quick pick offers them. */
const EDIT_CHOICES: Array<{ kind: ForkEdit['kind']; label: string; detail: string }> = [
  {
    kind: 'replace-user',
    label: 'Replace this message…',
    detail: 'Type a new wording; it carries the same shard or event',
  },
  {
    kind: 'drop-user',
    label: 'Drop this message',
    detail: 'A dropped shard is revealed later by the simulator; a dropped event is gone',
  },
  {
    kind: 'drop-proposal',
    label: 'Drop the proposal and its decision',
    detail: 'As if the change had never been proposed',
  },
  {
    kind: 'flip-decision',
    label: 'Flip the decision (reject ↔ accept)',
    detail: 'Retained becomes Revised and is scored against the other reference',
  },
  {
    kind: 'shard-first',
    label: 'Reveal the next shard before this event',
    detail: 'The next unrevealed shard goes in verbatim, then the event',
  },
];

/** True (with a warning offering to manage trust) in an untrusted workspace: forks call providers. */
export function refuseUntrusted(): boolean {
  if (vscode.workspace.isTrusted) return false;
  void vscode.window
    .showWarningMessage(
      'Intent Lens does not call model providers in an untrusted workspace. Trust the workspace to fork conversations.',
      'Manage Workspace Trust',
    )
    .then((c) => {
      if (c) void vscode.commands.executeCommand('workbench.trust.manage');
    });
  return true;
}

/** The new wording, remembered as it is typed. */
function askMessage(title: string, value: string, remember?: (text: string) => void): Promise<string | undefined> {
  return new Promise((resolve) => {
    const box = vscode.window.createInputBox();
    Object.assign(box, { title, value, prompt: 'The user message to send instead', ignoreFocusOut: true });
    let accepted: string | undefined;
    box.onDidChangeValue((v) => {
      box.validationMessage = v.trim() === '' ? 'the message is empty' : undefined;
      if (v.trim()) remember?.(v);
    });
    box.onDidAccept(() => {
      if (box.value.trim() === '') return;
      accepted = box.value;
      box.hide();
    });
    box.onDidHide(() => {
      box.dispose();
      resolve(accepted);
    });
    box.show();
  });
}

/** Asks for the edit; only edits that apply at this turn are offered (`turn` undefined: a batch). */
export async function pickEdit(
  title: string,
  applies: (edit: ForkEdit) => string | undefined,
  currentText?: string,
  remember?: (text: string) => void,
): Promise<ForkEdit | undefined> {
  const items = EDIT_CHOICES.map((c) => {
    const probe: ForkEdit = c.kind === 'replace-user' ? { kind: c.kind, text: currentText ?? 'x' } : { kind: c.kind };
    const why = applies(probe);
    return { label: c.label, detail: why ? `Not here: ${why}` : c.detail, edit: c.kind, ok: !why };
  });
  const pick = await vscode.window.showQuickPick(
    items.filter((i) => i.ok),
    { title, placeHolder: 'What to change' },
  );
  if (!pick) return undefined;
  if (pick.edit !== 'replace-user') return { kind: pick.edit };
  const text = await askMessage(`${title}: new message`, currentText ?? '', remember);
  return text === undefined ? undefined : { kind: 'replace-user', text };
}
/** The assistant model: 'logged' (each parent's) or the provider's; asked only when they differ. */
export async function pickModel(
  title: string,
  loggedModel: string | undefined,
  providerModel: string,
): Promise<'logged' | string | undefined> {
  if (!loggedModel || loggedModel === providerModel) return loggedModel ? 'logged' : providerModel;
  const pick = await vscode.window.showQuickPick(
    [
      { label: loggedModel, description: 'the logged assistant model', value: 'logged' },
      { label: providerModel, description: "the provider's model", value: providerModel },
    ],
    { title, placeHolder: 'Assistant model' },
  );
  return pick?.value;
}

/** True when a provider is configured, or the user added one now (Add Provider…). */
export async function ensureProvider(services: ExtensionServices): Promise<boolean> {
  if (readProviderConfigs().providers.length) return true;
  const add = 'Add Provider…';
  const settings = 'Open Settings';
  const choice = await vscode.window.showInformationMessage(
    'Intent Lens: a fork continues the conversation with a model provider, and none is configured.',
    {
      modal: true,
      detail:
        'Add one now (kind, base URL, model, API key): the fork goes on after it. The key goes to VS Code SecretStorage, never into settings.',
    },
    add,
    settings,
  );
  if (choice === settings)
    await vscode.commands.executeCommand('workbench.action.openSettings', 'intentLens.providers');
  return (
    choice === add && (await addProviderFlow(services.context.secrets, 'A fork needs a model provider.')) !== undefined
  );
}

/** The preview before any call: the turns kept as logged, the edit, and who runs the rest. */
export async function confirmFork(
  parent: RunLogEntry,
  record: BenchmarkRecord,
  edit: ForkEdit,
  turn: number,
  runner: string,
): Promise<boolean> {
  const plan = planFork(record, parent, edit, turn);
  const detail = forkPreview(parent, plan, edit, `${runner} answers and the simulator plays the user`).join('\n');
  const what = describeEdit({ turn, edit: edit.kind, ...(edit.kind === 'replace-user' ? { text: edit.text } : {}) });
  const go = await vscode.window.showInformationMessage(
    `Intent Lens: fork ${parent.task_id} (${what}) and continue with ${runner}?`,
    { modal: true, detail },
    'Fork',
  );
  return go === 'Fork';
}
