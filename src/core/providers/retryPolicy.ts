// Retries of a provider request, done here rather than in the SDKs so that a server's Retry-After is
// capped (a hostile or broken server can ask for a day) and every wait counts against the request
// timeout: a retry whose wait would end after the deadline is not attempted, the error is reported.
import { ProviderError } from './providerErrors';

export interface RetryPolicy {
  maxRetries: number;
  /** The request's time budget; waits before retries are taken out of it. */
  timeoutMs: number;
  /** Longest Retry-After honoured; a longer one is cut to this. */
  maxRetryAfterMs: number;
  signal?: AbortSignal;
}

interface ErrorWithResponse {
  status?: unknown;
  headers?: unknown;
}

function headerOf(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  const h = headers as { get?: (n: string) => string | null } & Record<string, unknown>;
  const v = typeof h.get === 'function' ? h.get(name) : h[name];
  return typeof v === 'string' ? v : undefined;
}

/** The wait a response asked for (`retry-after-ms`, `retry-after` seconds or HTTP date), in ms. */
export function requestedRetryAfterMs(headers: unknown, now = Date.now()): number | undefined {
  const ms = Number(headerOf(headers, 'retry-after-ms'));
  if (headerOf(headers, 'retry-after-ms') !== undefined && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headerOf(headers, 'retry-after')?.trim();
  if (!raw) return undefined;
  if (/^\d+(\.\d+)?$/.test(raw)) return Number(raw) * 1000;
  const date = Date.parse(raw);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

/** 408, 409, 429 and 5xx, and failures to connect or to get an answer at all, are worth retrying. */
export function isRetryable(e: unknown, isConnectionError: (e: unknown) => boolean): boolean {
  if (e instanceof ProviderError) return false;
  const status = (e as ErrorWithResponse | null)?.status;
  if (typeof status === 'number') return status === 408 || status === 409 || status === 429 || status >= 500;
  return isConnectionError(e);
}

function backoffMs(attempt: number): number {
  return Math.min(500 * 2 ** attempt, 8000) * (0.75 + Math.random() * 0.25);
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(t);
      reject(new ProviderError('cancelled', 'request cancelled'));
    };
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Runs `attempt` until it succeeds, fails for good, or the retries or the time budget run out.
 * `toError` maps the last failure to a ProviderError; when the budget stopped the retries, its
 * message says so.
 */
export async function withRetries<T>(
  attempt: () => Promise<T>,
  policy: RetryPolicy,
  classify: { isConnectionError: (e: unknown) => boolean; toError: (e: unknown) => ProviderError },
): Promise<T> {
  const deadline = Date.now() + policy.timeoutMs;
  for (let n = 0; ; n++) {
    try {
      return await attempt();
    } catch (e) {
      if (policy.signal?.aborted || n >= policy.maxRetries || !isRetryable(e, classify.isConnectionError)) throw e;
      const asked = requestedRetryAfterMs((e as ErrorWithResponse).headers);
      const wait = asked !== undefined ? Math.min(asked, policy.maxRetryAfterMs) : backoffMs(n);
      if (Date.now() + wait > deadline) {
        const err = classify.toError(e);
        const why =
          asked !== undefined
            ? `the server asked to retry after ${fmtSeconds(asked)} (honoured up to ${fmtSeconds(policy.maxRetryAfterMs)})`
            : `the next retry would wait ${fmtSeconds(wait)}`;
        throw new ProviderError(
          err.kind,
          `${err.message}; not retried: ${why}, past the ${fmtSeconds(policy.timeoutMs)} request timeout`,
          err.status,
        );
      }
      await sleep(wait, policy.signal);
    }
  }
}

function fmtSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(ms < 10_000 ? 2 : 0))} s`;
}
