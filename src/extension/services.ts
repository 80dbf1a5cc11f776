// What every feature module of the extension is given: its own module, so features never import
// `extension.ts` (no import cycle through the entry point).
import type * as vscode from 'vscode';
import type { WorkspaceData } from './data/workspaceData';
import type { RescoreResults } from './scoring/rescoreResults';
import type { TreeModels } from './tree/treeModels';
import type { TreeFilterStore } from './tree/treeFilterStore';

export interface ExtensionServices {
  context: vscode.ExtensionContext;
  /** The workspace's data (records, plans, run logs, verdict overlay), kept current by watchers. */
  data: WorkspaceData;
  output: vscode.OutputChannel;
  /** Re-scored verdicts over the logged ones, persisted in the workspace's `.intent-lens/`. */
  rescored: RescoreResults;
  /** The window's one Sources tree model, shared by the tree and the Samples table. */
  treeModels: TreeModels;
  /** The Sources tree's filters (saved in the workspace), which the Samples table shares. */
  treeFilters: TreeFilterStore;
}
