// Provider definitions as the setting `intentLens.providers` and the CLI's providers file hold
// them. No field carries a key: the extension keeps keys in SecretStorage, the CLI reads the
// variable named by `apiKeyEnv`.
import { z } from 'zod';
import { PROVIDER_KINDS, type ProviderKind } from './chatProvider';

/** The fields, without cross-field checks (package.json's contributed schema mirrors these). */
export const ProviderFieldsSchema = z.object({
  id: z
    .string()
    .min(1)
    .regex(/^[A-Za-z0-9._-]+$/, 'use letters, digits, dot, dash or underscore'),
  kind: z.enum(PROVIDER_KINDS),
  baseUrl: z.string().url().optional(),
  model: z.string().min(1),
  temperature: z.number().min(0).max(2).optional(),
  maxTokens: z.number().int().positive().optional(),
  seed: z.number().int().optional(),
  apiKeyEnv: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/)
    .optional(),
  stream: z.boolean().optional(),
  timeoutMs: z.number().int().positive().optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  tokenLimitParam: z.enum(['max_tokens', 'max_completion_tokens']).optional(),
});

export const ProviderConfigSchema = ProviderFieldsSchema.superRefine((p, ctx) => {
  if (p.kind === 'openai' && !p.baseUrl)
    ctx.addIssue({
      code: 'custom',
      message: 'an openai provider needs a baseUrl (e.g. http://127.0.0.1:8000/v1)',
      path: ['baseUrl'],
    });
});
export type ProviderConfig = z.infer<typeof ProviderConfigSchema>;

export function parseProviders(value: unknown): { providers: ProviderConfig[]; errors: string[] } {
  const list = Array.isArray(value)
    ? value
    : typeof value === 'object' && value !== null && Array.isArray((value as { providers?: unknown }).providers)
      ? (value as { providers: unknown[] }).providers
      : undefined;
  if (!list) return { providers: [], errors: ['expected an array of provider definitions (or {"providers": [...]})'] };
  const providers: ProviderConfig[] = [];
  const errors: string[] = [];
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const r = ProviderConfigSchema.safeParse(item);
    if (!r.success) {
      errors.push(
        `provider #${i + 1}: ${r.error.issues.map((x) => `${x.path.join('.') || '(item)'}: ${x.message}`).join('; ')}`,
      );
      return;
    }
    if (seen.has(r.data.id)) {
      errors.push(`provider #${i + 1}: id "${r.data.id}" is used twice`);
      return;
    }
    seen.add(r.data.id);
    providers.push(r.data);
  });
  return { providers, errors };
}

/** A free provider id from the kind and host: `local-8000`, `anthropic`, `vscode-lm-2` … */
export function suggestProviderId(kind: ProviderKind, baseUrl: string | undefined, taken: ReadonlySet<string>): string {
  let base: string = kind;
  if (baseUrl) {
    try {
      const u = new URL(baseUrl);
      const local = u.hostname === '127.0.0.1' || u.hostname === 'localhost';
      base =
        `${local ? 'local' : u.hostname.split('.').slice(-2, -1)[0] || u.hostname}${u.port ? `-${u.port}` : ''}`.replace(
          /[^A-Za-z0-9._-]/g,
          '-',
        );
    } catch {
      // The URL was validated before; keep the kind.
    }
  }
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
