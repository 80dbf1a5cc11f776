// The Sources tree's filter commands (Filter Sources… and one per filter), as a command table. They
// set the shared filter store, so the Samples table, the status bar and Search see the same filter.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { SourcesTreeProvider } from '../tree/sourcesTreeProvider';
import {
  describeFilters,
  hasActiveFilters,
  shortModel,
  type ReviewFilter,
  type TreeFilters,
} from '../tree/sourceTreeModel';
import { VERDICTS, verdictLabel } from '../../shared/verdicts';
import { REVIEW_STATUSES } from '../../core/schema/records';
import { COMMANDS } from '../commandIds';
import { FILTER_CONDITIONS, conditionName, instanceColumnLabel } from './columnFilters';
import { groupInstanceLabels } from '../../shared/instanceGroups';
import type { FeatureCommand } from '../commandTable';

/** What the filter commands work on: the extension's services and the tree whose filters they set. */
export interface FilterServices {
  services: ExtensionServices;
  provider: SourcesTreeProvider;
}

const setFilters = (s: FilterServices, f: TreeFilters) => s.services.treeFilters.set(f);

/** A multi-select quick pick with the current choice pre-selected; undefined when cancelled. */
async function pickMany<T extends string>(
  title: string,
  options: Array<{ value: T; label: string; description?: string }>,
  current: readonly T[] | undefined,
): Promise<T[] | undefined> {
  const picks = await vscode.window.showQuickPick(
    options.map((o) => ({
      label: o.label,
      description: o.description,
      value: o.value,
      picked: current?.includes(o.value) ?? false,
    })),
    { title, canPickMany: true, placeHolder: 'Select none to clear this filter' },
  );
  return picks?.map((p) => p.value);
}

async function filterDomain(s: FilterServices): Promise<void> {
  const domains = s.provider.model.domains();
  const picked = await pickMany(
    'Filter by domain',
    domains.map((d) => ({ value: d, label: d })),
    s.provider.filters.domains,
  );
  if (picked) await setFilters(s, { ...s.provider.filters, domains: picked });
}

async function filterModel(s: FilterServices): Promise<void> {
  const models = s.provider.model.models();
  if (!models.length)
    return void vscode.window.showInformationMessage(
      'Intent Lens: no run logs loaded, so there are no models to filter by.',
    );
  const picked = await pickMany(
    'Filter by model',
    models.map((m) => ({ value: m, label: shortModel(m), description: m })),
    s.provider.filters.models,
  );
  if (picked) await setFilters(s, { ...s.provider.filters, models: picked });
}

async function filterVerdict(s: FilterServices): Promise<void> {
  const options = VERDICTS.map((value) => ({ value, label: verdictLabel(value) }));
  const picked = await pickMany('Filter runs by verdict', options, s.provider.filters.verdicts);
  if (picked) await setFilters(s, { ...s.provider.filters, verdicts: picked });
}

async function filterCondition(s: FilterServices): Promise<void> {
  const present = new Set(s.services.data.conversations().map((c) => c.condition));
  const options = FILTER_CONDITIONS.filter((c) => present.has(c)).map((c) => ({
    value: c as string,
    label: conditionName(c),
    description: c === 'direct' ? 'single-turn S_Dir' : undefined,
  }));
  const picked = await pickMany(
    'Filter runs by condition (any mode, path or depth)',
    options,
    s.provider.filters.conditions,
  );
  if (picked) await setFilters(s, { ...s.provider.filters, conditions: picked });
}

/** The Samples table's Instance column filter, grouped: multi-turn, single-turn, extended. */
async function filterInstance(s: FilterServices): Promise<void> {
  const labels = [...new Set(s.services.data.conversations().map(instanceColumnLabel))];
  const current = new Set(s.provider.filters.instances ?? []);
  type Item = vscode.QuickPickItem & { value?: string };
  const items: Item[] = groupInstanceLabels(labels).flatMap((g) => [
    { label: g.group, kind: vscode.QuickPickItemKind.Separator } as Item,
    ...g.labels.map((l) => ({ label: l, value: l, picked: current.has(l) })),
  ]);
  const picks = await vscode.window.showQuickPick(items, {
    title: 'Filter runs by instance',
    canPickMany: true,
    placeHolder: 'Select none to clear this filter',
  });
  if (picks)
    await setFilters(s, { ...s.provider.filters, instances: picks.flatMap((p) => (p.value ? [p.value] : [])) });
}

async function filterReview(s: FilterServices): Promise<void> {
  const none = { value: 'none' as ReviewFilter, label: 'none', description: 'no review block (or no record)' };
  const options: Array<{ value: ReviewFilter; label: string; description?: string }> = [
    ...REVIEW_STATUSES.map((r) => ({ value: r as ReviewFilter, label: r })),
    none,
  ];
  const picked = await pickMany('Filter sources by review status', options, s.provider.filters.reviews);
  if (picked) await setFilters(s, { ...s.provider.filters, reviews: picked });
}

/** The Samples table's File column filter, from the tree: the same key of the same model. */
async function filterFile(s: FilterServices): Promise<void> {
  const prompt =
    'Runs whose log file (as the Samples table shows it, relative to the workspace) contains this; empty for all';
  const text = await vscode.window.showInputBox({
    title: 'Filter runs by log file',
    prompt,
    value: s.provider.filters.fileText ?? '',
  });
  if (text !== undefined) await setFilters(s, { ...s.provider.filters, fileText: text });
}

const toggleNewErrors = (s: FilterServices) =>
  setFilters(s, { ...s.provider.filters, newErrors: !s.provider.filters.newErrors });

async function toggleNewErrorsWithInactive(s: FilterServices): Promise<void> {
  const on = !s.provider.filters.newErrorsWithInactive;
  const { rescored } = s.services;
  // Inactive content is known only for re-scored runs: say so rather than show an empty tree unexplained.
  if (on && rescored.withInactive().length === 0) {
    const none = rescored.all().length === 0;
    const message = none
      ? 'Intent Lens: inactive content is found by re-scoring, and no run is re-scored yet.'
      : `Intent Lens: none of the ${rescored.all().length} re-scored runs uses inactive content yet.`;
    void vscode.window
      .showInformationMessage(message, 'Re-score…')
      .then((choice) => (choice === 'Re-score…' ? vscode.commands.executeCommand(COMMANDS.rescore) : undefined));
  }
  await setFilters(s, { ...s.provider.filters, newErrorsWithInactive: on });
}

/** Filter Sources…: every filter, with what it is set to, and Clear filters when any is set. */
async function filterMenu(s: FilterServices): Promise<void> {
  const f = s.provider.filters;
  const items: Array<vscode.QuickPickItem & { run: (s: FilterServices) => Promise<unknown> }> = [
    { label: '$(symbol-namespace) Domain…', description: f.domains?.join(', '), run: filterDomain },
    { label: '$(hubot) Model…', description: f.models?.map(shortModel).join(', '), run: filterModel },
    { label: '$(pass) Verdict…', description: f.verdicts?.join(', '), run: filterVerdict },
    {
      label: '$(git-compare) Condition…',
      description: f.conditions?.map(conditionName).join(', '),
      detail: 'Retained, Revised, Neutral, Original',
      run: filterCondition,
    },
    {
      label: '$(list-tree) Instance…',
      description: f.instances?.join(', '),
      detail: 'Multi-turn, single-turn and extended instances',
      run: filterInstance,
    },
    { label: '$(checklist) Review status…', description: f.reviews?.join(', '), run: filterReview },
    { label: '$(file) Log file…', description: f.fileText, run: filterFile },
    {
      label: `$(warning) ${f.newErrors ? 'Show all runs' : 'New errors only'}`,
      detail: 'Correct in Original but wrong in Retained or Revised, for the same model',
      run: toggleNewErrors,
    },
    {
      label: `$(eye-closed) ${f.newErrorsWithInactive ? 'Stop filtering new errors with inactive content' : 'New errors with inactive content'}`,
      detail: 'New errors whose re-scored final answer uses a rejected or superseded value',
      run: toggleNewErrorsWithInactive,
    },
  ];
  if (hasActiveFilters(f))
    items.push({ label: '$(clear-all) Clear filters', description: describeFilters(f), run: (s) => setFilters(s, {}) });
  const picked = await vscode.window.showQuickPick(items, {
    title: 'Filter Sources',
    placeHolder: hasActiveFilters(f) ? `Active: ${describeFilters(f)}` : 'No filter active',
  });
  await picked?.run(s);
}

export const FILTER_COMMANDS: ReadonlyArray<FeatureCommand<FilterServices>> = [
  { id: COMMANDS.filter, run: filterMenu },
  { id: COMMANDS.filterDomain, run: filterDomain },
  { id: COMMANDS.filterModel, run: filterModel },
  { id: COMMANDS.filterVerdict, run: filterVerdict },
  { id: COMMANDS.filterReview, run: filterReview },
  { id: COMMANDS.filterCondition, run: filterCondition },
  { id: COMMANDS.filterInstance, run: filterInstance },
  { id: COMMANDS.toggleNewErrors, run: toggleNewErrors },
  { id: COMMANDS.toggleNewErrorsWithInactive, run: toggleNewErrorsWithInactive },
  { id: COMMANDS.clearFilters, run: (s) => setFilters(s, {}) },
];
