// Per-model prices (US dollars per million tokens) as the setting `intentLens.prices` and the CLI's
// --prices file hold them, and the cost of a token count. A model without a price costs nothing
// known: its cost is left out rather than guessed.
import { z } from 'zod';
import type { TokenUsage } from '../providers/chatProvider';

export const ModelPriceSchema = z.object({
  /** USD per 1M input (prompt) tokens. */
  input: z.number().min(0),
  /** USD per 1M output (completion) tokens. */
  output: z.number().min(0),
});
export type ModelPrice = z.infer<typeof ModelPriceSchema>;

/** `{ "gpt-4o": {"input": 2.5, "output": 10} }`; a `*` entry prices every other model. */
export const PriceTableSchema = z.record(z.string().min(1), ModelPriceSchema);
export type PriceTable = z.infer<typeof PriceTableSchema>;

export function parsePriceTable(value: unknown): { table: PriceTable; errors: string[] } {
  const r = PriceTableSchema.safeParse(value ?? {});
  if (r.success) return { table: r.data, errors: [] };
  return { table: {}, errors: r.error.issues.map((i) => `${i.path.join('.') || '(table)'}: ${i.message}`) };
}

export function priceOf(table: PriceTable, model: string): ModelPrice | undefined {
  return table[model] ?? table['*'];
}

/** Cost in USD of one usage, or undefined when the model has no price or the usage no counts. */
export function costOf(table: PriceTable, model: string, usage: TokenUsage | undefined): number | undefined {
  const price = priceOf(table, model);
  if (!price || !usage || (usage.input_tokens === undefined && usage.output_tokens === undefined)) return undefined;
  return ((usage.input_tokens ?? 0) * price.input + (usage.output_tokens ?? 0) * price.output) / 1_000_000;
}

/** Sum of costs where known; undefined when none was. */
export function addCost(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : a + b;
}
