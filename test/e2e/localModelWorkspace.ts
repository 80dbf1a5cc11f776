// Setup shared by the suites that run instances against a local OpenAI-compatible server (fork,
// Samples table actions): the scripted "world" model, runs of the math record logged through it,
// a workspace holding the record and those runs, and the settings that point Intent Lens at it.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFakeServer, type FakeServer } from '../unit/runner/fakeOpenAIServer';
import { mathRecord, lastNumberScorer } from '../unit/runner/runnerFixtures';
import { runInstance } from '../../src/core/simulator/runInstance';
import { worldHandler, worldProviders } from '../unit/fork/forkFixtures';

type LoggedRun = Awaited<ReturnType<typeof runInstance>>['entry'];

export interface LocalModelWorkspace {
  model: FakeServer;
  workspace: string;
  /** The logged runs, in the order of the conditions asked for. */
  logged: LoggedRun[];
  /** Settings for `startCodeServer`: the local provider as the default, its simulator model. */
  settings: Record<string, unknown>;
}

/**
 * Starts the scripted model, logs one multi-turn run of `mathRecord` per condition through it, and
 * writes `<name>.records.jsonl` and `logs/<logFile>` into a new temporary workspace.
 */
export async function localModelWorkspace(
  name: string,
  logFile: string,
  conditions: ReadonlyArray<'original' | 'retained' | 'revised' | 'neutral'>,
): Promise<LocalModelWorkspace> {
  const model = await startFakeServer(worldHandler());
  const logged: LoggedRun[] = [];
  for (const condition of conditions)
    logged.push(
      (
        await runInstance({
          record: mathRecord,
          spec: { mode: 'multi', condition },
          ...worldProviders(model.baseUrl),
          scoreFinal: lastNumberScorer,
        })
      ).entry,
    );
  const workspace = mkdtempSync(join(tmpdir(), `intent-lens-${name}-`));
  writeFileSync(join(workspace, `${name}.records.jsonl`), JSON.stringify(mathRecord) + '\n');
  mkdirSync(join(workspace, 'logs'), { recursive: true });
  writeFileSync(join(workspace, 'logs', logFile), logged.map((e) => JSON.stringify(e)).join('\n') + '\n');
  const settings = {
    'intentLens.providers': [{ id: 'local', kind: 'openai', baseUrl: model.baseUrl, model: 'asst', maxRetries: 0 }],
    'intentLens.runs.defaultProvider': 'local',
    'intentLens.runs.simulatorModel': 'sim',
  };
  return { model, workspace, logged, settings };
}
