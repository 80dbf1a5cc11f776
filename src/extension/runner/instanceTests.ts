// Sources × instances in the Test Explorer: running a test item runs the instance through the
// configured provider; it passes when the verifier says the final answer is correct. A failure
// shows extracted vs reference (as a diff) and any inactive content in the answer. Each instance lists
// its logged runs with their current verdict (`instanceRunItems.ts`).
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import type { RecordEntry } from '../data/workspaceData';
import {
  baseInstances,
  extendedInstances,
  instanceLabel,
  renderInstance,
  type InstanceSpec,
} from '../../core/render/instances';
import { addEstimates, emptyEstimate, estimateRun } from '../../core/cost/estimate';
import { RunAbortedError } from '../../core/simulator/runInstance';
import type { ProviderConfig } from '../../core/providers/providerConfig';
import { describeRunError, runOneInstance, UntrustedWorkspaceError } from './runSession';
import { pickProviderConfig } from './providerSettings';
import { confirmManyConversations } from './costSettings';
import type { ConversationRef } from '../../core/load/runLogIndex';
import { groupRunsByInstance, runItem, runsKey, sortRuns, type RunsByInstance } from './instanceRunItems';
import { sliceTurns } from '../../core/load/steps';
import { defaultProviderId } from '../settings/settings';

const CONTROLLER_ID = 'intentLens.instances';
/** Conversations grouped by instance between two looks at the clock (the rebuild yields by time). */
const CONVERSATIONS_PER_CHUNK = 500;

export function testIdOf(taskId: string, spec: InstanceSpec): string {
  return `instance:${taskId}|${spec.mode}|${spec.condition}|${spec.path ?? ''}|${spec.k ?? ''}`;
}

interface InstanceData {
  taskId: string;
  spec: InstanceSpec;
}

/** A source's item and its instances' items, made from one record entry. */
interface SourceItems {
  rec: RecordEntry;
  item: vscode.TestItem;
  instances: Array<{ item: vscode.TestItem; data: InstanceData }>;
}

/** What the item makers share: the instance of each item, the expanded instances, the runs now. */
interface ItemContext {
  services: ExtensionServices;
  controller: vscode.TestController;
  instances: WeakMap<vscode.TestItem, InstanceData>;
  /** Instances whose run children were resolved (expanded): refreshed on re-score, refilled on rebuild. */
  resolved: Map<string, { item: vscode.TestItem; data: InstanceData }>;
  /** A run child runs the instance it belongs to. */
  instanceOfRun: WeakMap<vscode.TestItem, vscode.TestItem>;
  runs: () => RunsByInstance;
}

/** Makes source and instance items and keeps their run children in step with the runs. */
function itemMakers(ctx: ItemContext) {
  const { services, controller, instances, resolved, instanceOfRun } = ctx;
  const fillRuns = (item: vscode.TestItem, d: InstanceData) => {
    const refs = sortRuns(ctx.runs().get(runsKey(d.taskId, d.spec)) ?? []);
    item.children.replace(
      refs.map((ref) => {
        const child = runItem(controller, ref, services.data.currentVerdict(ref));
        instanceOfRun.set(child, item);
        return child;
      }),
    );
    resolved.set(item.id, { item, data: d });
  };

  const specLabel = (spec: InstanceSpec) =>
    spec.mode === 'single' || spec.path ? instanceLabel(spec) : `${instanceLabel(spec)} (multi)`;

  /** Whether an instance has runs now, and its children if it was expanded. */
  const syncRuns = (item: vscode.TestItem, data: InstanceData) => {
    const can = ctx.runs().has(runsKey(data.taskId, data.spec));
    if (item.canResolveChildren !== can) item.canResolveChildren = can;
    if (can && resolved.has(item.id)) fillRuns(item, data);
    else if (!can && item.children.size) item.children.replace([]);
  };

  const instanceItem = (rec: RecordEntry, spec: InstanceSpec, made: SourceItems['instances']): vscode.TestItem => {
    const item = controller.createTestItem(
      testIdOf(rec.record.task_id, spec),
      specLabel(spec),
      vscode.Uri.file(rec.file),
    );
    item.range = new vscode.Range(Math.max(0, rec.line - 1), 0, Math.max(0, rec.line - 1), 0);
    const data = { taskId: rec.record.task_id, spec };
    instances.set(item, data);
    made.push({ item, data });
    syncRuns(item, data);
    return item;
  };

  const sourceItem = (rec: RecordEntry): SourceItems => {
    const made: SourceItems['instances'] = [];
    const src = controller.createTestItem(
      `source:${rec.record.task_id}`,
      rec.record.task_id,
      vscode.Uri.file(rec.file),
    );
    src.range = new vscode.Range(Math.max(0, rec.line - 1), 0, Math.max(0, rec.line - 1), 0);
    src.description = rec.record.task;
    const children = baseInstances(rec.record).map((spec) => instanceItem(rec, spec, made));
    const extended = extendedInstances(rec.record);
    if (extended.length) {
      const group = controller.createTestItem(
        `extended:${rec.record.task_id}`,
        'extended paths',
        vscode.Uri.file(rec.file),
      );
      group.children.replace(extended.map((spec) => instanceItem(rec, spec, made)));
      children.push(group);
    }
    src.children.replace(children);
    return { rec, item: src, instances: made };
  };
  return { fillRuns, syncRuns, sourceItem };
}

/** The instances a run request covers (a run child stands for its instance). */
function leavesOf(
  ctx: Pick<ItemContext, 'controller' | 'instances' | 'instanceOfRun'>,
  request: vscode.TestRunRequest,
): vscode.TestItem[] {
  const { controller, instances, instanceOfRun } = ctx;
  const out = new Set<vscode.TestItem>();
  const excluded = new Set((request.exclude ?? []).map((i) => i.id));
  const visit = (item: vscode.TestItem) => {
    if (excluded.has(item.id)) return;
    const instance = instances.has(item) ? item : instanceOfRun.get(item);
    if (instance) out.add(instance);
    else item.children.forEach(visit);
  };
  if (request.include) request.include.forEach(visit);
  else controller.items.forEach(visit);
  return [...out];
}

/** Runs one instance item through the provider and reports its verdict on the test run. */
async function runInstanceItem(
  services: ExtensionServices,
  run: vscode.TestRun,
  item: vscode.TestItem,
  data: InstanceData,
  cfg: ProviderConfig,
  token: vscode.CancellationToken,
): Promise<void> {
  const record = services.data.record(data.taskId);
  if (!record) {
    run.errored(item, new vscode.TestMessage(`record ${data.taskId} is no longer loaded`));
    return;
  }
  run.started(item);
  const abort = new AbortController();
  const sub = token.onCancellationRequested(() => abort.abort());
  const t0 = Date.now();
  try {
    const outcome = await runOneInstance(services, { record, spec: data.spec }, cfg, {
      signal: abort.signal,
      onText: (s) => run.appendOutput(s.replace(/\r?\n/g, '\r\n'), undefined, item),
    });
    const ms = Date.now() - t0;
    const { report } = outcome;
    if (report.verdict === 'correct') run.passed(item, ms);
    else if (report.verdict === 'incorrect') {
      const m = vscode.TestMessage.diff(report.text, report.reference, report.extracted);
      m.location = new vscode.Location(vscode.Uri.file(outcome.outFile), new vscode.Position(0, 0));
      run.failed(item, m, ms);
    } else run.errored(item, new vscode.TestMessage(`not scored\n${report.text}`), ms);
  } catch (e) {
    if (e instanceof RunAbortedError) run.skipped(item);
    else run.errored(item, new vscode.TestMessage(describeRunError(e)), Date.now() - t0);
  } finally {
    sub.dispose();
  }
}

/** The Run profile's handler: confirms provider and cost, then runs each instance in turn. */
async function runInstances(
  services: ExtensionServices,
  ctx: Pick<ItemContext, 'controller' | 'instances' | 'instanceOfRun'>,
  request: vscode.TestRunRequest,
  token: vscode.CancellationToken,
): Promise<void> {
  const { controller, instances } = ctx;
  const run = controller.createTestRun(request, 'Intent Lens', true);
  const items = leavesOf(ctx, request);
  try {
    if (!vscode.workspace.isTrusted) {
      const msg = new vscode.TestMessage(new UntrustedWorkspaceError().message);
      for (const item of items) run.errored(item, msg);
      return;
    }
    for (const item of items) run.enqueued(item);
    const preferred = defaultProviderId();
    const cfg: ProviderConfig | undefined = await pickProviderConfig(preferred);
    if (!cfg) {
      for (const item of items) run.skipped(item);
      return;
    }
    let estimate = emptyEstimate();
    for (const item of items) {
      const d = instances.get(item)!;
      const rec = services.data.record(d.taskId);
      if (rec) estimate = addEstimates(estimate, estimateRun(renderInstance(rec.record, d.spec)));
    }
    if (!(await confirmManyConversations(`Run ${items.length} instances with ${cfg.model}`, estimate, cfg.model))) {
      for (const item of items) run.skipped(item);
      return;
    }
    for (const item of items) {
      if (token.isCancellationRequested) {
        run.skipped(item);
        continue;
      }
      await runInstanceItem(services, run, item, instances.get(item)!, cfg, token);
    }
  } finally {
    run.end();
  }
}

export function registerInstanceTests(services: ExtensionServices): vscode.Disposable {
  const controller = vscode.tests.createTestController(CONTROLLER_ID, 'Intent Lens Instances');
  const instances = new WeakMap<vscode.TestItem, InstanceData>();
  const disposables: vscode.Disposable[] = [controller];
  let runs: RunsByInstance = new Map();
  const resolved = new Map<string, { item: vscode.TestItem; data: InstanceData }>();
  const instanceOfRun = new WeakMap<vscode.TestItem, vscode.TestItem>();
  const ctx: ItemContext = { services, controller, instances, resolved, instanceOfRun, runs: () => runs };
  const { fillRuns, syncRuns, sourceItem } = itemMakers(ctx);
  /**
   * The items made for each source, by its record entry: a rebuild keeps a source's items while its
   * record is the same (a log appended to, a re-score) and only says which instances have runs now.
   * Making ~12k items anew on every change allocated 50–80 MB in VS Code's test-item code at 1 GB.
   */
  const itemsBySource = new Map<string, SourceItems>();

  // Built in time slices (all 400+ sources with their instances in one task blocked the extension
  // host 0.2–1.5 s after a load; 25 sources a task still took 45–62 ms at load 8, VS Code's test
  // item bookkeeping included); a newer rebuild stops an older one.
  let rebuilding = 0;
  const rebuild = async () => {
    const generation = ++rebuilding;
    const started = Date.now();
    let kept = 0;
    const turn = sliceTurns();
    const convs = services.data.conversations();
    const grouped = new Map<string, ConversationRef[]>();
    for (let i = 0; i < convs.length; i += CONVERSATIONS_PER_CHUNK) {
      groupRunsByInstance(convs.slice(i, i + CONVERSATIONS_PER_CHUNK), grouped);
      await turn();
      if (generation !== rebuilding) return;
    }
    runs = grouped;
    const records = [...services.data.records().values()].sort((a, b) =>
      a.record.task_id.localeCompare(b.record.task_id),
    );
    const ids = new Set<string>();
    for (const rec of records) {
      await turn();
      if (generation !== rebuilding) return;
      const had = itemsBySource.get(rec.record.task_id);
      if (had?.rec === rec && controller.items.get(had.item.id) === had.item) {
        for (const { item, data } of had.instances) syncRuns(item, data);
        ids.add(had.item.id);
        kept++;
        continue;
      }
      // `add` replaces the item of the same id.
      const src = sourceItem(rec);
      itemsBySource.set(rec.record.task_id, src);
      ids.add(src.item.id);
      controller.items.add(src.item);
    }
    const gone: string[] = [];
    controller.items.forEach((item) => void (ids.has(item.id) || gone.push(item.id)));
    for (const id of gone) controller.items.delete(id);
    for (const [taskId, src] of itemsBySource) if (!ids.has(src.item.id)) itemsBySource.delete(taskId);
    services.output.appendLine(
      `[tests] Test Explorer updated in ${Date.now() - started} ms: ${records.length - kept} source(s) made, ${kept} kept`,
    );
  };
  controller.resolveHandler = async (item) => {
    const d = item && instances.get(item);
    if (item && d) fillRuns(item, d);
  };
  disposables.push(services.data.onDidChange(() => void rebuild()));
  // A re-score (or a restored sidecar) changes the verdicts the expanded instances show.
  disposables.push(
    services.rescored.onDidChange(({ convIds }) => {
      const changed = new Set(convIds);
      for (const { item, data } of resolved.values())
        if ((runs.get(runsKey(data.taskId, data.spec)) ?? []).some((r) => changed.has(r.conv_id))) fillRuns(item, data);
    }),
  );
  // No rebuild on `ensureLoaded()` as well: the first load ends with a change event (one rebuild, not two).
  controller.refreshHandler = async () => {
    await services.data.ensureLoaded();
    await rebuild();
  };

  controller.createRunProfile(
    'Run Instance',
    vscode.TestRunProfileKind.Run,
    (request, token) => runInstances(services, ctx, request, token),
    true,
  );
  return vscode.Disposable.from(...disposables);
}
