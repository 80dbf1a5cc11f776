// A fetch for the provider SDKs whose timeout covers the whole response, not only its headers: the
// SDKs stop their timer once headers arrive, so a server that sends headers and then trickles (or
// stalls) the body would hold a run forever. Headers must arrive within the timeout; a JSON body
// must be complete within the same timeout; a stream must never go quiet for longer than it.
import { ProviderError } from './providerErrors';

type Fetch = typeof globalThis.fetch;

/** A rejection whose text says "timed out", so the SDKs classify it as a connection timeout. */
class HeadersTimedOut extends Error {
  constructor(ms: number) {
    super(`request timed out: no response headers within ${ms} ms`);
    this.name = 'HeadersTimedOut';
  }
}

export function guardedFetch(timeoutMs: number, describe: () => string, base: Fetch = globalThis.fetch): Fetch {
  return async (input, init) => {
    const started = Date.now();
    const ac = new AbortController();
    const outer = init?.signal ?? undefined;
    const forwardAbort = () => ac.abort(outer?.reason);
    if (outer?.aborted) ac.abort(outer.reason);
    else outer?.addEventListener('abort', forwardAbort, { once: true });
    const release = () => outer?.removeEventListener('abort', forwardAbort);
    const headersTimer = setTimeout(() => ac.abort(new HeadersTimedOut(timeoutMs)), timeoutMs);
    let res: Response;
    try {
      res = await base(input, { ...init, signal: ac.signal });
    } catch (e) {
      release();
      if (ac.signal.reason instanceof HeadersTimedOut && !outer?.aborted) throw ac.signal.reason;
      throw e;
    } finally {
      clearTimeout(headersTimer);
    }
    if (!res.body) {
      release();
      return res;
    }
    const streaming = /text\/event-stream/i.test(res.headers.get('content-type') ?? '');
    const reader = res.body.getReader();
    const fail = (what: string) =>
      new ProviderError('timeout', `${describe()} ${what} (request timeout ${timeoutMs} ms)`);
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        // A stream gets the whole timeout for every gap; a plain body shares it with the headers.
        const wait = streaming ? timeoutMs : Math.max(0, started + timeoutMs - Date.now());
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timedOut = new Promise<never>((_, reject) => {
          timer = setTimeout(
            () =>
              reject(
                fail(
                  streaming
                    ? `sent nothing for ${timeoutMs} ms in the middle of a stream`
                    : 'did not finish its response in time',
                ),
              ),
            wait,
          );
        });
        try {
          const r = await Promise.race([reader.read(), timedOut]);
          if (r.done) {
            release();
            controller.close();
          } else controller.enqueue(r.value);
        } catch (e) {
          release();
          ac.abort(e);
          reader.cancel(e).catch(() => undefined);
          controller.error(e);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel(reason) {
        release();
        return reader.cancel(reason);
      },
    });
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
}
