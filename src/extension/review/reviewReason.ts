// The optional reason asked for a Reject or Needs work decision (tree, palette or editor).
import { inputKeepingFocus } from '../picks/focusKeptPrompts';
import type { ReviewStatus } from '../../core/schema/records';

const STATUS_LABEL: Record<ReviewStatus, string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  'needs-work': 'Needs work',
  pending: 'Pending',
};

/** The optional reason of a Reject / Needs work decision; Escape or an empty box records none. */
export async function askReason(status: ReviewStatus, taskId: string): Promise<string | undefined> {
  const reason = await inputKeepingFocus({
    title: `${STATUS_LABEL[status]}: ${taskId}`,
    prompt:
      status === 'rejected'
        ? 'Why is it rejected? (optional: Enter or Escape to skip)'
        : 'What needs work? (optional: Enter or Escape to skip)',
    placeholder: 'Reason (optional)',
  });
  return reason?.trim() || undefined;
}
