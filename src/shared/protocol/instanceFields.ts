// The instance a conversation runs (mode × condition, and the extended path and k), as every view's
// contract states it: spread into an object schema so each message keeps its own flat shape.
import * as z from 'zod/mini';

export const INSTANCE_FIELDS = {
  mode: z.string(),
  condition: z.string(),
  path: z.optional(z.string()),
  k: z.optional(z.int()),
};
