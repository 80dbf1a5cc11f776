// Batches that spend: `run --all` and `fork --all` above a threshold (conversations, or an estimated
// cost where --prices knows the model) need the user's word (--yes, or a cap with --max-runs /
// --max-forks) before the first provider call; otherwise the estimate is printed and the command
// exits non-zero having sent nothing. Concurrency is capped: a server's rate limit is the usual cap.
import { CliError } from './cliTypes';
import { addEstimates, describeEstimate, emptyEstimate, type CallEstimate } from '../core/cost/estimate';
import { addCost, costOf, type PriceTable } from '../core/cost/priceTable';

/** More conversations than this need --yes (or a cap). */
export const CONFIRM_ABOVE_CONVERSATIONS = 10;
/** An estimated cost above this (USD, where prices are known) needs --yes (or a cap). */
export const CONFIRM_ABOVE_USD = 5;
/** Most conversations at once. */
export const MAX_CONCURRENCY = 16;

export const SPEND_OPTIONS = { yes: { type: 'boolean', short: 'y' } } as const;

export const SPEND_HELP = `  -y, --yes            go ahead with a batch of more than ${CONFIRM_ABOVE_CONVERSATIONS} conversations or an
                       estimated cost over $${CONFIRM_ABOVE_USD} (without it such a batch prints its
                       estimate and exits 3 before any provider call)`;

/** One planned conversation's estimate and the model it bills. */
export interface PlannedSpend {
  estimate: CallEstimate;
  model: string;
}

/** The batch's calls and tokens, and its cost where every model has a price. */
export function totalSpend(
  items: readonly PlannedSpend[],
  prices: PriceTable,
): { estimate: CallEstimate; costUsd: number | undefined } {
  let estimate = emptyEstimate();
  let costUsd: number | undefined = 0;
  for (const { estimate: e, model } of items) {
    estimate = addEstimates(estimate, e);
    const c = costOf(prices, model, { input_tokens: e.inputTokens, output_tokens: e.outputTokens });
    costUsd = c === undefined || costUsd === undefined ? undefined : addCost(costUsd, c);
  }
  return { estimate, costUsd: items.length ? costUsd : undefined };
}

/**
 * Throws (exit 3, nothing sent) when a batch is above the thresholds and the user gave neither
 * --yes nor a cap. `noun` names what is counted ("forks"), `capFlag` the cap option.
 */
export function requireConsent(opts: {
  items: readonly PlannedSpend[];
  prices: PriceTable;
  yes: boolean;
  capped: boolean;
  noun: string;
  capFlag: string;
}): void {
  if (opts.yes || opts.capped) return;
  const count = opts.items.length;
  if (count <= CONFIRM_ABOVE_CONVERSATIONS && !Object.keys(opts.prices).length) return;
  const { estimate, costUsd } = totalSpend(opts.items, opts.prices);
  const overCount = count > CONFIRM_ABOVE_CONVERSATIONS;
  const overCost = costUsd !== undefined && costUsd > CONFIRM_ABOVE_USD;
  if (!overCount && !overCost) return;
  const why = overCount
    ? `more than ${CONFIRM_ABOVE_CONVERSATIONS} ${opts.noun}`
    : `an estimated cost over $${CONFIRM_ABOVE_USD}`;
  const cost = costUsd !== undefined ? `, ~$${costUsd.toFixed(2)}` : '';
  throw new CliError(
    `${count} ${opts.noun}: ${describeEstimate(estimate)}${cost}.\nThat is ${why}: nothing was sent. Give --yes to go ahead, or ${opts.capFlag} N to stop after N.`,
    3,
  );
}
