// Work on the Sources tree's data done a few milliseconds at a time: a build from scratch (after a
// re-score or a records change: 100–200 ms at 40k conversations) or a large append (the end of the
// first load adds thousands at once). In one extension-host task either froze the workbench; here
// `step` does a slice per task, and `finish` does the rest at once when the data is needed now.
// Once the conversations are in, the sources' counts and new errors are derived slice by slice too:
// the tree's refresh reads them for all 414 sources in one `getChildren` (40–50 ms at 40k).
import type { ConversationRef } from '../../core/load/runLogIndex';
import { SourceTreeData, type SourceData, type TreeInput } from './sourceTreeData';

/** Conversations added between two looks at the clock. */
const CHUNK = 200;

export class SlicedTreeBuild {
  private next = 0;
  /** Sources still to summarise, once every ref is in (undefined before). */
  private toSummarise: SourceData[] | undefined;
  /** False when a ref would have replaced another of its conv_id: the data needs a build from scratch. */
  clean = true;

  /** Appends `refs` to `data` (refs it has already are skipped). */
  constructor(
    readonly data: SourceTreeData,
    private refs: readonly ConversationRef[],
  ) {}

  /**
   * More conversations for this build (the next batch came before it was done): appended in the
   * next slices, then the sources are summarised again (only those the new runs changed do work).
   */
  extend(refs: readonly ConversationRef[]): void {
    if (!refs.length) return;
    this.refs = this.refs.concat(refs);
    this.toSummarise = undefined;
  }

  /** A build from scratch: records, plans and files now, the conversations slice by slice. */
  static fresh(input: TreeInput): SlicedTreeBuild {
    return new SlicedTreeBuild(new SourceTreeData({ ...input, conversations: [] }), input.conversations);
  }

  get done(): boolean {
    return this.toSummarise !== undefined && this.toSummarise.length === 0;
  }

  /** Adds conversations, then summarises sources, for about `budgetMs`; true once all is done. */
  step(budgetMs: number): boolean {
    const started = performance.now();
    const spent = () => performance.now() - started >= budgetMs;
    while (this.next < this.refs.length) {
      const end = Math.min(this.refs.length, this.next + CHUNK);
      if (!this.data.append(this.refs.slice(this.next, end))) this.clean = false;
      this.next = end;
      if (spent()) return false;
    }
    this.toSummarise ??= [...this.data.sources.values()];
    while (this.toSummarise.length > 0) {
      this.data.summarise(this.toSummarise.pop()!);
      if (spent()) break;
    }
    return this.done;
  }

  /** The rest at once (someone needs the data now). */
  finish(): SourceTreeData {
    this.step(Infinity);
    return this.data;
  }
}
