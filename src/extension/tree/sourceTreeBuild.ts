// Work on the Sources tree's data done a few milliseconds at a time: a build from scratch (after a
// re-score or a records change: 100–200 ms at 40k conversations) or a large append (the end of the
// first load adds thousands at once). In one extension-host task either froze the workbench; here
// `step` does a slice per task, and `finish` does the rest at once when the data is needed now.
import type { ConversationRef } from '../../core/load/runLogIndex';
import { SourceTreeData, type TreeInput } from './sourceTreeData';

/** Conversations added between two looks at the clock. */
const CHUNK = 200;

export class SlicedTreeBuild {
  private next = 0;
  /** False when a ref would have replaced another of its conv_id: the data needs a build from scratch. */
  clean = true;

  /** Appends `refs` to `data` (refs it has already are skipped). */
  constructor(
    readonly data: SourceTreeData,
    private readonly refs: readonly ConversationRef[],
  ) {}

  /** A build from scratch: records, plans and files now, the conversations slice by slice. */
  static fresh(input: TreeInput): SlicedTreeBuild {
    return new SlicedTreeBuild(new SourceTreeData({ ...input, conversations: [] }), input.conversations);
  }

  get done(): boolean {
    return this.next >= this.refs.length;
  }

  /** Adds conversations for about `budgetMs`; true once all are in. */
  step(budgetMs: number): boolean {
    const started = performance.now();
    while (this.next < this.refs.length) {
      const end = Math.min(this.refs.length, this.next + CHUNK);
      if (!this.data.append(this.refs.slice(this.next, end))) this.clean = false;
      this.next = end;
      if (performance.now() - started >= budgetMs) break;
    }
    return this.done;
  }

  /** The rest at once (someone needs the data now). */
  finish(): SourceTreeData {
    this.step(Infinity);
    return this.data;
  }
}
