// Intent Lens extension entry. Activation is lazy (data files in the workspace, or the view being
// opened); every feature registers itself from its own module, and heavy parts load on first use.
import * as vscode from 'vscode';
import { WorkspaceData } from './data/workspaceData';
import { registerSourcesTree } from './tree/registerSourcesTree';
import { registerDiagnostics } from './diagnostics/registerDiagnostics';
import { registerCompare } from './compare/registerCompare';
import { registerScoring } from './scoring/registerScoring';
import { registerRunner } from './runner/registerRunner';
import { registerReview } from './review/registerReview';
import { registerDashboard } from './dashboard/registerDashboard';
import { registerEvolving } from './evolving/registerEvolving';
import { registerFork } from './fork/registerFork';
import { registerSearch } from './search/registerSearch';
import { registerLinks } from './links/registerLinks';
import { registerDiscovery } from './discovery/registerDiscovery';
import { registerConversation } from './conversation/registerConversation';
import { registerSamples } from './samples/registerSamples';
import { registerConstruct } from './construct/registerConstruct';
import { registerAnnotations } from './annotations/registerAnnotations';
import { registerFirstRun } from './firstRun/registerFirstRun';
import { closeCodeSandboxes } from '../core/verify/code/codeSandbox';

import { TreeModels } from './tree/treeModels';
import { TreeFilterStore } from './tree/treeFilterStore';
import { RescoreResults } from './scoring/rescoreResults';
import type { ExtensionServices } from './services';
import type { HostLoad } from './bootstrap/hostBootstrap';
import { logFocusTo } from './webviews/webviewFocus';

export type { ExtensionServices } from './services';

/** What the extension returns from activate(); the host-side Mocha suite uses it. */
export interface IntentLensApi {
  services: ExtensionServices;
}

/** After the first load's end: its listeners (tree, diagnostics, tests) have run by then. */
const CODE_CACHE_AFTER_LOAD_MS = 3000;

/**
 * @param load how the bootstrap (dist/extension.js, src/extension/bootstrap) loaded this bundle;
 * absent when this module is the entry itself.
 */
export async function activate(context: vscode.ExtensionContext, load?: HostLoad): Promise<IntentLensApi> {
  const started = Date.now();
  const output = vscode.window.createOutputChannel('Intent Lens');
  output.appendLine(`[activate] ${new Date().toISOString()}`);
  logFocusTo((line) => output.appendLine(line));
  if (load) output.appendLine(`[activate] host bundle loaded in ${load.loadMs} ms (V8 code cache: ${load.codeCache})`);
  const data = new WorkspaceData(output, context.storageUri);
  const rescored = new RescoreResults(data, output);
  const treeModels = new TreeModels(data, rescored, output);
  const treeFilters = new TreeFilterStore(context.workspaceState);
  const services: ExtensionServices = { context, data, output, rescored, treeModels, treeFilters };
  context.subscriptions.push(output, data, rescored, treeModels, treeFilters);
  for (const register of [
    registerSourcesTree,
    registerDiagnostics,
    registerCompare,
    registerScoring,
    registerRunner,
    registerReview,
    registerDashboard,
    registerEvolving,
    registerFork,
    registerSearch,
    registerLinks,
    registerDiscovery,
    registerConversation,
    registerSamples,
    registerConstruct,
    registerAnnotations,
    registerFirstRun,
  ]) {
    try {
      register(services);
    } catch (e) {
      output.appendLine(
        `[activate] ${register.name} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      );
    }
  }
  // The saved re-scores apply once the logs they overlay are loaded. The code cache is written a
  // little later, once the load and what it sets off have compiled their code (the next start uses it).
  void data.ensureLoaded().then(() => {
    void rescored.restore();
    if (load && load.codeCache !== 'used')
      setTimeout(
        () => output.appendLine(`[activate] V8 code cache of the host bundle: ${load.saveCodeCache()}`),
        CODE_CACHE_AFTER_LOAD_MS,
      ).unref();
  });
  output.appendLine(`[activate] features registered in ${Date.now() - started} ms`);
  return { services };
}

export function deactivate(): void {
  // Disposables registered on the context are disposed by VS Code; the code sandboxes' warm
  // fork-servers are module state, so they are stopped here.
  closeCodeSandboxes();
}
