// Cost and repeatability settings of runs and forks: the per-model price table, the opt-in response
// cache folder, and the confirmation asked before a run or batch of many conversations.
import * as vscode from 'vscode';
import { isAbsolute, join } from 'node:path';
import { parsePriceTable, type PriceTable } from '../../core/cost/priceTable';
import { ResponseCache } from '../../core/cost/responseCache';
import { describeEstimate, type CallEstimate } from '../../core/cost/estimate';
import { setting } from '../settings/settings';

export function priceTable(): PriceTable {
  const { table, errors } = parsePriceTable(setting('prices'));
  if (errors.length)
    void vscode.window.showWarningMessage(
      `Intent Lens: "intentLens.prices" is invalid (${errors.join('; ')}); costs are not computed.`,
    );
  return table;
}

let caches = new Map<string, ResponseCache>();

/** The response cache of `intentLens.runs.cacheFolder` (relative to the first workspace folder), or none. */
export function responseCache(): ResponseCache | undefined {
  const folder = setting('runs.cacheFolder').trim();
  if (!folder) return undefined;
  const ws = vscode.workspace.workspaceFolders?.[0];
  const dir = isAbsolute(folder) ? folder : ws ? join(ws.uri.fsPath, folder) : undefined;
  if (!dir) return undefined;
  let cache = caches.get(dir);
  if (!cache) {
    if (caches.size > 8) caches = new Map();
    caches.set(dir, (cache = new ResponseCache(dir)));
  }
  return cache;
}

/**
 * Asks before spending money on more than `intentLens.runs.confirmAbove` conversations (default 5;
 * 0 never asks). Resolves true to go ahead.
 */
export async function confirmManyConversations(
  what: string,
  estimate: CallEstimate,
  model: string | undefined,
): Promise<boolean> {
  const limit = setting('runs.confirmAbove');
  if (!limit || estimate.conversations <= limit) return true;
  const go = 'Run';
  const choice = await vscode.window.showWarningMessage(
    `Intent Lens: ${what}?`,
    {
      modal: true,
      detail: `${describeEstimate(estimate, priceTable(), model)}.\n\nEach call goes to the model provider and may cost money. ("intentLens.runs.confirmAbove" sets when this is asked.)`,
    },
    go,
  );
  return choice === go;
}
