// The one filter state of the Sources tree and the Samples table: kept in workspace state, changed
// from either, and announced to both (applying a filter in one shows in the other).
import * as vscode from 'vscode';
import type { TreeFilters } from './sourceTreeModel';
import { cleanColumnFilters } from '../filters/columnFilters';

const FILTERS_KEY = 'intentLens.tree.filters';

export class TreeFilterStore implements vscode.Disposable {
  private readonly emitter = new vscode.EventEmitter<TreeFilters>();
  readonly onDidChange = this.emitter.event;
  private current: TreeFilters;

  constructor(private readonly memento: vscode.Memento) {
    this.current = memento.get<TreeFilters>(FILTERS_KEY) ?? {};
  }

  get filters(): TreeFilters {
    return this.current;
  }

  /** Stores the filters (empty keys dropped, so "no filter" stores as {}) and tells every view. */
  async set(f: TreeFilters): Promise<void> {
    const clean: TreeFilters = {};
    if (f.domains?.length) clean.domains = f.domains;
    if (f.models?.length) clean.models = f.models;
    if (f.verdicts?.length) clean.verdicts = f.verdicts;
    if (f.reviews?.length) clean.reviews = f.reviews;
    if (f.newErrors) clean.newErrors = true;
    if (f.newErrorsWithInactive) clean.newErrorsWithInactive = true;
    Object.assign(clean, cleanColumnFilters(f));
    this.current = clean;
    await this.memento.update(FILTERS_KEY, clean);
    this.emitter.fire(clean);
  }

  dispose(): void {
    this.emitter.dispose();
  }
}
