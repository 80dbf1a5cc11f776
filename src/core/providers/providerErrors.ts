// Turns SDK and network failures into one error type with a message a researcher can act on.
// Messages never include request headers, and every message leaving a provider is scrubbed of the
// key values in play, so a server that echoes the key in its error body cannot leak it.
import { loadedSdkErrors } from './sdkModules';

const isSdkError = (e: unknown, name: Parameters<typeof loadedSdkErrors>[0]) =>
  loadedSdkErrors(name).some((cls) => e instanceof cls);

export type ProviderErrorKind =
  | 'auth'
  | 'not-found'
  | 'connection'
  | 'timeout'
  | 'rate-limit'
  | 'server'
  | 'bad-request'
  | 'malformed'
  | 'cancelled'
  | 'unavailable';

export class ProviderError extends Error {
  constructor(
    readonly kind: ProviderErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

interface SdkErrorShape {
  name?: string;
  status?: number;
  message?: string;
  cause?: { code?: string; message?: string };
  error?: unknown;
}

function causeCode(e: SdkErrorShape): string | undefined {
  let c: unknown = e.cause;
  for (let i = 0; i < 4 && c && typeof c === 'object'; i++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    c = (c as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The server's own error text, when its JSON body had one (`{error: {message}}`). */
function serverMessage(e: SdkErrorShape): string | undefined {
  const body = e.error as { message?: unknown; error?: { message?: unknown } } | undefined;
  const m = body?.error?.message ?? body?.message;
  return typeof m === 'string' ? m : undefined;
}

/** Maps an error thrown by the openai or Anthropic SDK (or fetch) to a ProviderError. */
export function toProviderError(
  e: unknown,
  ctx: { providerId: string; model: string; baseUrl?: string },
): ProviderError {
  if (e instanceof ProviderError) return e;
  const err = (typeof e === 'object' && e !== null ? e : { message: String(e) }) as SdkErrorShape;
  const where = `provider "${ctx.providerId}"${ctx.baseUrl ? ` at ${ctx.baseUrl}` : ''}`;
  const detail = serverMessage(err);
  const suffix = detail ? `: ${detail}` : '';
  // instanceof, not names: SDK errors are named plain `Error`, and minified bundles rename classes.
  const timedOut = isSdkError(e, 'APIConnectionTimeoutError');
  const aborted = isSdkError(e, 'APIUserAbortError') || err.name === 'AbortError';
  const unreachable = !timedOut && isSdkError(e, 'APIConnectionError');
  if (aborted) return new ProviderError('cancelled', 'request cancelled');
  if (timedOut)
    return new ProviderError('timeout', `${where} did not answer within the request timeout (model ${ctx.model})`);
  if (unreachable || (err.status === undefined && causeCode(err))) {
    const code = causeCode(err);
    if (code === 'ECONNREFUSED')
      return new ProviderError(
        'connection',
        `connection refused by ${where}: is the server running and the base URL right?`,
      );
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
      return new ProviderError('connection', `cannot resolve the host of ${where}: check the base URL`);
    return new ProviderError(
      'connection',
      `cannot reach ${where}${code ? ` (${code})` : ''}: ${err.message ?? 'connection error'}`,
    );
  }
  switch (err.status) {
    case 401:
      return new ProviderError(
        'auth',
        `${where} rejected the API key (401)${suffix}. Set the key with "Intent Lens: Set API Key" (or the provider's apiKeyEnv variable in the CLI).`,
        401,
      );
    case 403:
      return new ProviderError('auth', `${where} refused access (403)${suffix}`, 403);
    case 404:
      return new ProviderError(
        'not-found',
        `${where} does not know model "${ctx.model}" or the endpoint (404)${suffix}. Check the model id and that the base URL ends where /chat/completions is served (often …/v1).`,
        404,
      );
    case 429:
      return new ProviderError('rate-limit', `${where} is rate limiting (429) and retries were used up${suffix}`, 429);
    case 400:
    case 422:
      return new ProviderError('bad-request', `${where} rejected the request (${err.status})${suffix}`, err.status);
  }
  if (typeof err.status === 'number' && err.status >= 500)
    return new ProviderError('server', `${where} failed with ${err.status} after retries${suffix}`, err.status);
  if (typeof err.status === 'number')
    return new ProviderError('bad-request', `${where} answered ${err.status}${suffix}`, err.status);
  if (err instanceof SyntaxError)
    return new ProviderError('malformed', `${where} sent a response that is not valid JSON: ${err.message}`);
  return new ProviderError('unavailable', `${where} failed: ${err.message ?? String(e)}`);
}

/**
 * Races a request against its AbortSignal: the SDKs wait out Retry-After without watching the
 * signal, and a cancel must not wait for that.
 */
export function raceAbort<T>(p: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return p;
  if (signal.aborted) return Promise.reject(new ProviderError('cancelled', 'request cancelled'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new ProviderError('cancelled', 'request cancelled'));
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}

/** A base URL as it may appear in messages and logs: no user info, query or fragment. */
export function redactUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    u.search = '';
    u.hash = '';
    return u.toString().replace(/\/$/, '');
  } catch {
    return '(invalid URL)';
  }
}

const SECRET_ENV_NAME = /KEY|TOKEN|SECRET|PASSWORD|CREDENTIAL/i;
const MIN_SECRET_LENGTH = 8;
// Shapes of well-known credentials, for keys not known by value (e.g. another provider's).
const SECRET_SHAPES = [/\bsk-(?:ant-)?[A-Za-z0-9_-]{12,}/g, /\bBearer\s+[A-Za-z0-9._~+/=-]{8,}/gi];

/** The key values in play: the ones given (the provider's own) and any key-like environment variable. */
export function knownSecrets(given: ReadonlyArray<string | undefined>, env: NodeJS.ProcessEnv = process.env): string[] {
  const out = new Set<string>();
  for (const v of given) if (v && v.trim().length >= MIN_SECRET_LENGTH) out.add(v.trim());
  for (const [name, v] of Object.entries(env))
    if (v && SECRET_ENV_NAME.test(name) && v.trim().length >= MIN_SECRET_LENGTH) out.add(v.trim());
  // Longest first, so a key that contains another is replaced whole.
  return [...out].sort((a, b) => b.length - a.length);
}

export function redactSecrets(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const s of secrets) out = out.split(s).join('[redacted]');
  for (const shape of SECRET_SHAPES) out = out.replace(shape, '[redacted]');
  return out;
}

/** The same error with every known secret taken out of its message. */
export function redactProviderError(e: ProviderError, secrets: readonly string[]): ProviderError {
  const message = redactSecrets(e.message, secrets);
  return message === e.message ? e : new ProviderError(e.kind, message, e.status);
}
