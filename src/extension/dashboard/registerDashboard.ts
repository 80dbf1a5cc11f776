// The results dashboard: "Intent Lens: Open Dashboard" shows the paper's Table 1, Fig. 4 and Fig. 5
// for the workspace's run logs, live, with every number clicking through to its conversations.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { DashboardPanel } from './dashboardPanel';
import { DashboardStats } from './dashboardReport';
import { COMMANDS } from '../commandIds';

export function registerDashboard(services: ExtensionServices): void {
  // One report cache for the window: a reopen with unchanged data shows it at once.
  const stats = new DashboardStats(services.data);
  services.context.subscriptions.push(
    services.data.onDidChange(() => stats.invalidate()),
    services.rescored.onDidChange(() => stats.invalidate()),
    vscode.commands.registerCommand(COMMANDS.dashboardOpen, async () => {
      try {
        await DashboardPanel.show(services, stats);
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        services.output.appendLine(`[dashboard] ${msg}`);
        void vscode.window.showErrorMessage(`Intent Lens: cannot open the dashboard: ${msg}`);
      }
    }),
    { dispose: () => DashboardPanel.instance?.dispose() },
    { dispose: () => stats.dispose() },
  );
}
