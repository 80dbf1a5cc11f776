// Every command id of Intent Lens, once: registration, `executeCommand` calls and links all read
// them from here, so renaming one is a compile error rather than a silently dead menu item.
// package.json's `contributes.commands` lists exactly `CONTRIBUTED_COMMAND_IDS` (a unit test keeps
// the two equal; the host suite checks that each is registered). vscode-free on purpose.
import type { NavigateAction } from '../shared/protocol/compare';
import type { ConversationNavigate } from '../shared/protocol/conversation';

/** Commands users see (palette, menus, keybindings): each one is in package.json. */
export const COMMANDS = {
  // Sources tree
  refresh: 'intentLens.refresh',
  filter: 'intentLens.filter',
  filterDomain: 'intentLens.filterDomain',
  filterModel: 'intentLens.filterModel',
  filterVerdict: 'intentLens.filterVerdict',
  filterReview: 'intentLens.filterReview',
  filterCondition: 'intentLens.filterCondition',
  filterInstance: 'intentLens.filterInstance',
  toggleNewErrors: 'intentLens.toggleNewErrors',
  toggleNewErrorsWithInactive: 'intentLens.toggleNewErrorsWithInactive',
  clearFilters: 'intentLens.clearFilters',
  findSource: 'intentLens.findSource',
  revealSource: 'intentLens.revealSource',
  toggleBookkeeping: 'intentLens.toggleBookkeeping',
  openTurn: 'intentLens.openTurn',
  openConversation: 'intentLens.openConversation',
  openInLog: 'intentLens.openInLog',
  revealRecord: 'intentLens.revealRecord',
  includeDiscoveredFiles: 'intentLens.includeDiscoveredFiles',
  searchConversations: 'intentLens.searchConversations',
  copyLink: 'intentLens.copyLink',
  copyFilterLink: 'intentLens.copyFilterLink',
  // Views
  compareRetainedRevised: 'intentLens.compare.retainedRevised',
  compareWith: 'intentLens.compare.with',
  compareOpenNativeDiff: 'intentLens.compare.openNativeDiff',
  dashboardOpen: 'intentLens.dashboard.open',
  samplesOpen: 'intentLens.samples.open',
  inEffect: 'intentLens.inEffect',
  // Running, scoring, forking
  runInstance: 'intentLens.runInstance',
  setApiKey: 'intentLens.setApiKey',
  rescore: 'intentLens.rescore',
  forkFromTurn: 'intentLens.forkFromTurn',
  forkConversations: 'intentLens.forkConversations',
  forkCompareWithParent: 'intentLens.fork.compareWithParent',
  // Review
  reviewEditRevision: 'intentLens.review.editRevision',
  reviewApprove: 'intentLens.review.approve',
  reviewReject: 'intentLens.review.reject',
  reviewNeedsWork: 'intentLens.review.needsWork',
  reviewNext: 'intentLens.review.next',
  reviewApplyTemplates: 'intentLens.review.applyTemplates',
  reviewOpenTemplates: 'intentLens.review.openTemplates',
  // Constructing revisions from source tasks
  constructNewRevision: 'intentLens.construct.newRevision',
  constructForFile: 'intentLens.construct.forFile',
  // Annotations and verdict overrides
  annotationsAdd: 'intentLens.annotations.add',
  annotationsOverrideVerdict: 'intentLens.annotations.overrideVerdict',
  annotationsReviewNext: 'intentLens.annotations.reviewNextUnannotated',
  annotationsEdit: 'intentLens.annotations.edit',
  annotationsRetract: 'intentLens.annotations.retract',
  // A first run without data
  openSampleWorkspace: 'intentLens.openSampleWorkspace',
} as const;

/** Keyboard navigation inside the compare view (contributed, with keybindings). */
export const COMPARE_NAVIGATE_COMMANDS: Readonly<Record<NavigateAction, string>> = {
  nextDifference: 'intentLens.compare.nextDifference',
  previousDifference: 'intentLens.compare.previousDifference',
  nextInactive: 'intentLens.compare.nextInactive',
  previousInactive: 'intentLens.compare.previousInactive',
  togglePrefix: 'intentLens.compare.toggleSharedPrefix',
};

/** Keyboard navigation inside the conversation view (contributed, with keybindings). */
export const CONVERSATION_NAVIGATE_COMMANDS: Readonly<Record<ConversationNavigate, string>> = {
  nextTurn: 'intentLens.conversation.nextTurn',
  previousTurn: 'intentLens.conversation.previousTurn',
  nextInactive: 'intentLens.conversation.nextInactive',
  previousInactive: 'intentLens.conversation.previousInactive',
};

/**
 * Registered but not contributed: called by other features, links and the end-to-end tests with
 * an argument, never meant for the palette.
 */
export const INTERNAL_COMMANDS = {
  /** `{left, right}` conversation ids: open that pair in the compare view. */
  compareOpen: 'intentLens.compare.open',
  /** Tests and the bench: the state of the active compare / conversation / samples view. */
  compareInspectActive: 'intentLens.compare.inspectActive',
  conversationInspectActive: 'intentLens.conversation.inspectActive',
  samplesInspect: 'intentLens.samples.inspect',
  /** Links: read the Sources tree's filters, and apply a validated filter. */
  treeGetFilters: 'intentLens.tree.getFilters',
  treeSetFilters: 'intentLens.tree.setFilters',
  /** Tests: a link (as text) handed to the URI handler, as VS Code hands it one. */
  linksOpen: 'intentLens.links.open',
  /** Search: the conv_ids the Sources tree's filters let through (undefined when nothing is filtered). */
  treeFilteredConversations: 'intentLens.tree.filteredConversations',
  /** Compare: what the Sources tree's selected item names (`{convId}`, `{taskId, model}` …), or undefined. */
  treeSelection: 'intentLens.tree.selection',
  /** Tests: the annotations the store holds and the status bar's verdict. */
  annotationsInspect: 'intentLens.annotations.inspect',
} as const;

/** What package.json must contribute: every user-facing id above, nothing else. */
export const CONTRIBUTED_COMMAND_IDS: readonly string[] = [
  ...Object.values(COMMANDS),
  ...Object.values(COMPARE_NAVIGATE_COMMANDS),
  ...Object.values(CONVERSATION_NAVIGATE_COMMANDS),
];

/** Every command Intent Lens registers. */
export const ALL_COMMAND_IDS: readonly string[] = [...CONTRIBUTED_COMMAND_IDS, ...Object.values(INTERNAL_COMMANDS)];
