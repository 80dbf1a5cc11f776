// The first load's stall watcher: a stretch without a timer turn is kept with its start, length and
// the load phases it overlapped; only the longest few are reported, longest first.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HostStallWatcher, describeStalls } from '../../../src/extension/data/hostStalls';

/** Holds the (fake) thread for `ms`: the clock jumps, then the overdue timer turn runs. */
function stall(ms: number): void {
  vi.setSystemTime(Date.now() + ms);
  vi.advanceTimersByTime(5);
}

describe('HostStallWatcher', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date('2026-12-01T12:00:00Z') });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the longest stalls with their time and the phases they fell in', () => {
    const start = Date.now();
    const w = new HostStallWatcher(2);
    w.phase('records and plans');
    vi.advanceTimersByTime(100);
    stall(30);
    w.phase('indexing');
    vi.advanceTimersByTime(100);
    const bigAt = Date.now();
    // A phase that begins as the thread is taken names the stall alone (not the one before).
    w.phase('load-end event');
    stall(120);
    vi.advanceTimersByTime(50);
    stall(60);
    // Shorter than kept at all.
    stall(10);
    w.stop();
    const longest = w.longest();
    expect(longest.map((s) => Math.round(s.ms))).toEqual([120, 60]);
    expect(longest[0]!.at).toBe(bigAt);
    expect(longest[0]!.phases).toEqual(['load-end event']);
    expect(longest[1]!.phases).toEqual(['load-end event']);
    const line = describeStalls(longest, start);
    expect(line).toMatch(/^120 ms .*at \+0\.\d\d s \(12:00:00\.\d{3}, load-end event\); 60 ms/);
  });

  it('names every phase a stall spans, and "before the load" when none began yet', () => {
    const w = new HostStallWatcher();
    stall(40);
    w.phase('indexing');
    vi.advanceTimersByTime(20);
    // The phase changes within the stall: both are named, oldest first.
    const at = Date.now();
    vi.setSystemTime(at + 30);
    w.phase('load-end event');
    vi.setSystemTime(at + 70);
    vi.advanceTimersByTime(5);
    w.stop();
    const [spanning, early] = w.longest();
    expect(spanning!.phases).toEqual(['indexing', 'load-end event']);
    expect(early!.phases).toEqual([]);
    expect(describeStalls([early!], early!.at)).toContain('before the load');
  });

  it('reports none when the thread was never held', () => {
    const w = new HostStallWatcher();
    vi.advanceTimersByTime(1000);
    w.stop();
    expect(w.longest()).toEqual([]);
    expect(describeStalls(w.longest(), 0)).toBe('none over 20 ms');
  });
});

describe('HostStallWatcher, garbage collection inside a stall (real clock and heap)', () => {
  it('says how much of a stall was a major collection', async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const w = new HostStallWatcher(1);
    // Let the timer tick once, then hold the thread: a heap worth marking, collected twice.
    await new Promise((r) => setTimeout(r, 20));
    const held = Array.from({ length: 300_000 }, (_, i) => ({ i, s: `n${i}` }));
    const until = Date.now() + 60;
    collect();
    collect();
    while (Date.now() < until);
    expect(held.length).toBe(300_000);
    // The GC entries are delivered after the fact: wait for them, as the load's report does.
    for (let i = 0; i < 100 && !(w.longest()[0]?.gc?.majorMs ?? 0); i++) await new Promise((r) => setTimeout(r, 10));
    w.stop();
    const [s] = w.longest();
    expect(s!.ms).toBeGreaterThanOrEqual(50);
    expect(s!.gc!.majorMs).toBeGreaterThan(0);
    expect(s!.gc!.majorMs).toBeLessThanOrEqual(s!.ms + 10);
    expect(describeStalls([s!], s!.at)).toMatch(/GC \d+ \(major \d+\)/);
  });
});
