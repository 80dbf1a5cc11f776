// The results dashboard: "Intent Lens: Open Dashboard" shows the paper's Table 1, Fig. 4 and Fig. 5
// for the workspace's run logs, live, with every number clicking through to its conversations.
import * as vscode from 'vscode';
import type { ExtensionServices } from '../services';
import { DashboardPanel } from './dashboardPanel';
import { COMMANDS } from '../commandIds';

export function registerDashboard(services: ExtensionServices): void {
  services.context.subscriptions.push(
    vscode.commands.registerCommand(COMMANDS.dashboardOpen, async () => {
      try {
        await DashboardPanel.show(services);
      } catch (e) {
        const msg = e instanceof Error ? e.message : String(e);
        services.output.appendLine(`[dashboard] ${msg}`);
        void vscode.window.showErrorMessage(`Intent Lens: cannot open the dashboard: ${msg}`);
      }
    }),
    { dispose: () => DashboardPanel.instance?.dispose() },
  );
}
