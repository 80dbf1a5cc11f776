import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FirstRowsWatch } from '../../../src/extension/tree/firstRowsWatch';

describe('FirstRowsWatch: the first rows count as drawn once the roots and every expanded root were fetched', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Whether the promise has settled (after letting its reactions run). */
  const settled = async (p: Promise<unknown>) => {
    let done = false;
    void p.then(() => (done = true));
    await Promise.resolve();
    await Promise.resolve();
    return done;
  };

  it('waits for the roots and every domain, then the draw time', async () => {
    const allFetched = vi.fn();
    const watch = new FirstRowsWatch(150, allFetched);
    const drawn = watch.wait(['domain:math', 'domain:code']);
    watch.fetched(undefined);
    watch.fetched('domain:math');
    // The roots and one domain: a gap before the next fetch (seen: up to 950 ms under load) does not end it.
    await vi.advanceTimersByTimeAsync(1000);
    expect(await settled(drawn)).toBe(false);
    expect(allFetched).not.toHaveBeenCalled();
    watch.fetched('domain:code');
    expect(allFetched).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(149);
    expect(await settled(drawn)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(drawn)).toBe(true);
  });

  it('counts only fetches after the wait, and each root once', async () => {
    const watch = new FirstRowsWatch(10);
    watch.fetched(undefined);
    watch.fetched('domain:math');
    const drawn = watch.wait(['domain:math']);
    watch.fetched('domain:math');
    watch.fetched('domain:math');
    await vi.advanceTimersByTimeAsync(50);
    expect(await settled(drawn)).toBe(false);
    watch.fetched(undefined);
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(drawn)).toBe(true);
  });

  it('a second wait takes the new roots, and both waiters are told together', async () => {
    const watch = new FirstRowsWatch(10);
    const first = watch.wait(['domain:math']);
    watch.fetched(undefined);
    const second = watch.wait(['domain:math', 'domain:db']);
    watch.fetched('domain:math');
    await vi.advanceTimersByTimeAsync(50);
    expect(await settled(first)).toBe(false);
    watch.fetched(undefined);
    watch.fetched('domain:db');
    await vi.advanceTimersByTimeAsync(10);
    expect(await settled(first)).toBe(true);
    expect(await settled(second)).toBe(true);
  });

  it('fetches without a waiter change nothing; dispose tells the waiters at once', async () => {
    const allFetched = vi.fn();
    const watch = new FirstRowsWatch(10, allFetched);
    watch.fetched(undefined);
    expect(allFetched).not.toHaveBeenCalled();
    const drawn = watch.wait(['domain:math']);
    watch.dispose();
    expect(await settled(drawn)).toBe(true);
  });
});
