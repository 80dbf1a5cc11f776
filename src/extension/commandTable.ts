// Commands as tables, one per feature: each row is a command id and what it runs with the feature's
// services and the command's argument (a tree item, a link's target, or nothing from the palette).
import * as vscode from 'vscode';

export interface FeatureCommand<S> {
  id: string;
  run(services: S, target: unknown): unknown;
}

/** Registers every row of `table` with `services`; the registrations go into `context.subscriptions`. */
export function registerCommandTable<S>(
  context: vscode.ExtensionContext,
  services: S,
  table: ReadonlyArray<FeatureCommand<S>>,
): void {
  for (const c of table)
    context.subscriptions.push(vscode.commands.registerCommand(c.id, (target: unknown) => c.run(services, target)));
}
