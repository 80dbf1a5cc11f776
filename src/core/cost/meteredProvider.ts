// Counts what calls really cost: wraps a provider and adds each completion's price to a meter.
// Placed inside the response cache, it never sees cached replies, so they cost nothing.
import { ProviderWrapper } from '../providers/providerWrapper';
import type { ChatMessage, ChatProvider, CompletionOptions, CompletionResult } from '../providers/chatProvider';
import { addCost, costOf, type PriceTable } from './priceTable';
import type { ResponseCache } from './responseCache';

export class CostMeter {
  calls = 0;
  inputTokens = 0;
  outputTokens = 0;
  /** USD, undefined until a priced call was made. */
  costUsd: number | undefined;

  constructor(readonly prices: PriceTable) {}

  add(model: string, result: CompletionResult): void {
    this.calls++;
    this.inputTokens += result.usage?.input_tokens ?? 0;
    this.outputTokens += result.usage?.output_tokens ?? 0;
    this.costUsd = addCost(this.costUsd, costOf(this.prices, model, result.usage));
  }
}

export class MeteredProvider extends ProviderWrapper {
  constructor(
    inner: ChatProvider,
    private readonly meter: CostMeter,
  ) {
    super(inner);
  }

  async complete(messages: readonly ChatMessage[], options?: CompletionOptions): Promise<CompletionResult> {
    const result = await this.inner.complete(messages, options);
    this.meter.add(this.inner.model, result);
    return result;
  }
}

/** A provider that meters real calls and, with a cache, answers from it first (cache hits cost nothing). */
export function meteredProvider(inner: ChatProvider, meter: CostMeter, cache?: ResponseCache): ChatProvider {
  const metered = new MeteredProvider(inner, meter);
  return cache ? cache.wrap(metered) : metered;
}
