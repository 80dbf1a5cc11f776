// The node types of the "Sources" tree. vscode-free on purpose: the model that builds them is
// unit-tested in plain Node, and other features read these shapes from a selected or
// right-clicked item (the element VS Code hands a `view/item/context` command is the node).
import type { Verdict } from '../../core/load/runLogIndex';
import type { ReviewStatus } from '../../core/schema/records';
import type { Condition, ExtendedPath, ForkedFrom, Mode, RecapMode } from '../../core/schema/runlog';

/** `contextValue` of each item type, for `when` clauses of context menus (`viewItem == …`). */
export const CONTEXT_VALUES = {
  domain: 'intentLens.domain',
  source: 'intentLens.source',
  /** A source task whose record has no `intent` yet: a revision can be constructed from it. */
  unrevisedSource: 'intentLens.source.unrevised',
  instance: 'intentLens.instance',
  run: 'intentLens.run',
  /** A run forked from another (shown under its parent). */
  forkRun: 'intentLens.run.fork',
  turn: 'intentLens.turn',
  /** A user message: the turns a fork can start from. */
  userTurn: 'intentLens.turn.user',
  bookkeeping: 'intentLens.bookkeeping',
  files: 'intentLens.files',
  logFile: 'intentLens.logFile',
  recordsFile: 'intentLens.recordsFile',
} as const;

/**
 * What an item identifies, as far as it goes: a source has `taskId`; an instance adds mode,
 * condition, path, k; a run adds `convId` and `model`; a turn adds `turnIndex` (index into the
 * conversation's `trace`). File items carry `file` (and `line` where it points into one).
 */
export interface ItemArgs {
  taskId?: string;
  mode?: Mode;
  condition?: Condition;
  path?: ExtendedPath;
  k?: number;
  /** Evolving-intent runs: the memory aid (`none` | `prompt` | `oracle`). */
  recap?: RecapMode;
  convId?: string;
  model?: string;
  turnIndex?: number;
  file?: string;
  line?: number;
}

export interface VerdictCounts {
  correct: number;
  incorrect: number;
  unscored: number;
}

interface NodeBase {
  /** Stable across refreshes: `domain:<d>`, `source:<task_id>`, `instance:<task_id>|<mode>|<condition>|<path>|<k>`, `run:<conv_id>`, `turn:<conv_id>:<i>`, `bookkeeping:<conv_id>`, `file:<path>`. */
  id: string;
  args: ItemArgs;
}

export interface DomainNode extends NodeBase {
  kind: 'domain';
  domain: string;
  sources: number;
}

export interface SourceNode extends NodeBase {
  kind: 'source';
  taskId: string;
  domain: string;
  /** False for logs whose task_id has no record (e.g. plain LiC logs). */
  hasRecord: boolean;
  /** The record has no `intent` block (a source task to construct a revision from). */
  unrevised?: boolean;
  /** True when an evolving-intent plan has this task_id. */
  hasPlan?: boolean;
  recordFile?: string;
  recordLine?: number;
  review?: ReviewStatus;
  /** Per-model verdict counts over the visible runs, models sorted by name. */
  perModel: Array<{ model: string; counts: VerdictCounts }>;
  /** Models with a new error on this source (correct in Original, wrong in Retained or Revised). */
  newErrorModels: string[];
}

export interface InstanceNode extends NodeBase {
  kind: 'instance';
  taskId: string;
  mode: Mode;
  condition: Condition;
  path?: ExtendedPath;
  k?: number;
  recap?: RecapMode;
  label: string;
  active?: 'original' | 'revised';
  counts: VerdictCounts;
  runs: number;
}

export interface RunNode extends NodeBase {
  kind: 'run';
  convId: string;
  taskId: string;
  model: string;
  verdict: Verdict;
  turns: number;
  file: string;
  line: number;
  /** 1-based among the visible runs of the same model in the same instance (repeated runs). */
  repeat: number;
  /** True when this run is one of its model's new errors on the source. */
  newError: boolean;
  /** Set when the run was re-scored this session; `verdict` is then the re-scored one. */
  rescore?: RunRescore;
  /** Set on a fork: the parent conversation, the turn and the edit. */
  forkedFrom?: ForkedFrom;
  /** Number of annotations on the conversation (badge), when any. */
  annotations?: number;
}

/** What "Re-score" found for a run, as the tree shows it. */
export interface RunRescore {
  /** The verdict the log states. */
  logged: Verdict;
  /** Both verdicts known and different. */
  changed: boolean;
  extracted: string | null;
  /** Distinct inactive values found in the final answer. */
  inactive: string[];
  message: string;
  /** A human override's provenance, when one decides the verdict. */
  human?: string;
}

export type TurnRole = 'system' | 'user' | 'assistant' | 'log';

export interface TurnNode extends NodeBase {
  kind: 'turn';
  convId: string;
  /** Index of the message in the conversation's `trace`. */
  index: number;
  role: TurnRole;
  /** Shard or event tag of a user message, e.g. `shard 2`, `proposal · block 1`. */
  tags: string[];
  /** LiC's classification of an assistant message (`system-verification`), e.g. `answer attempt`. */
  responseType?: string;
  /** Verdict of an `answer-evaluation` attached to this assistant message. */
  evaluation?: Verdict;
  /** The `type` of a log entry. */
  logType?: string;
  bookkeeping: boolean;
  firstLine: string;
}

/** The folded bookkeeping entries of one conversation (shown inline when bookkeeping is on). */
export interface BookkeepingNode extends NodeBase {
  kind: 'bookkeeping';
  convId: string;
  entries: TurnNode[];
}

export interface FilesNode extends NodeBase {
  kind: 'files';
  files: FileNode[];
}

export interface FileNode extends NodeBase {
  kind: 'file';
  file: string;
  fileKind: 'records' | 'logs' | 'evolving';
  displayPath: string;
  items: number;
  problems: number;
}

export type SourceTreeNode =
  DomainNode | SourceNode | InstanceNode | RunNode | TurnNode | BookkeepingNode | FilesNode | FileNode;

export function contextValueOf(node: SourceTreeNode): string {
  switch (node.kind) {
    case 'file':
      return node.fileKind === 'logs' ? CONTEXT_VALUES.logFile : CONTEXT_VALUES.recordsFile;
    case 'files':
      return CONTEXT_VALUES.files;
    case 'run':
      return node.forkedFrom ? CONTEXT_VALUES.forkRun : CONTEXT_VALUES.run;
    case 'turn':
      return node.role === 'user' ? CONTEXT_VALUES.userTurn : CONTEXT_VALUES.turn;
    case 'source':
      return node.unrevised ? CONTEXT_VALUES.unrevisedSource : CONTEXT_VALUES.source;
    default:
      return CONTEXT_VALUES[node.kind];
  }
}
