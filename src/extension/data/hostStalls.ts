// Where the extension host's thread was held during the first load. The event-loop delay histogram
// says how long the longest stall was, not when: this timer-drift watcher keeps the few longest
// stretches without a timer turn, with their time and the load phase(s) they fell in, so a stall can
// be pinned on records parsing, a batch merge or a load-end listener (or on someone else's work).
// On Linux each stall also says how much of it the thread ran and how much it waited for a core
// (the kernel's schedstat): on a loaded machine a long stall may be mostly the thread descheduled.
// And each says how much of it was the heap's garbage collection (Node's 'gc' performance entries),
// major or minor: a collection of the whole host heap is not one extension's work alone.
import { readFileSync } from 'node:fs';
import { constants as perfConstants, PerformanceObserver, performance } from 'node:perf_hooks';

/** A stretch in which a 5 ms timer could not run. */
export interface HostStall {
  /** When it began (wall clock, ms) and how long the thread was held (ms, less the timer's own period). */
  at: number;
  ms: number;
  /** Of that, milliseconds the thread was on a core and waiting for one (Linux only). */
  cpuMs?: number;
  waitMs?: number;
  /** The load phases it overlapped, oldest first. */
  phases: string[];
  /** Garbage collection inside it (ms): mark-compact of the whole heap, and scavenges plus the rest. */
  gc?: { majorMs: number; minorMs: number };
}

/** One garbage collection, on the wall clock. */
interface GcPause {
  at: number;
  ms: number;
  major: boolean;
}

/** The timer's period: short enough to place a 50 ms stall, long enough to cost nothing measurable. */
const TICK_MS = 5;
/** Stalls shorter than this are not kept (the histogram still counts them). */
const KEEP_OVER_MS = 20;

/** This thread's time on a core and waiting for one (ns), from /proc; undefined elsewhere. */
function threadSchedule(): { runNs: number; waitNs: number } | undefined {
  try {
    const [run, wait] = readFileSync('/proc/thread-self/schedstat', 'utf8').split(' ').map(Number);
    return run !== undefined && wait !== undefined && Number.isFinite(run) && Number.isFinite(wait)
      ? { runNs: run, waitNs: wait }
      : undefined;
  } catch {
    return undefined;
  }
}

export class HostStallWatcher {
  private readonly stalls: HostStall[] = [];
  /** Each phase with when it began (wall clock ms), in order. */
  private readonly phases: Array<{ at: number; name: string }> = [];
  private last = Date.now();
  private lastSchedule = threadSchedule();
  private readonly timer: NodeJS.Timeout;
  private readonly gcPauses: GcPause[] = [];
  private readonly gcObserver: PerformanceObserver | undefined;

  /** @param keep how many of the longest stalls to keep */
  constructor(private readonly keep = 5) {
    this.timer = setInterval(() => this.tick(), TICK_MS);
    this.timer.unref();
    try {
      this.gcObserver = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
          const kind = ((e as { detail?: unknown }).detail as { kind?: number } | undefined)?.kind;
          this.gcPauses.push({
            at: performance.timeOrigin + e.startTime,
            ms: e.duration,
            major: kind === perfConstants.NODE_PERFORMANCE_GC_MAJOR,
          });
        }
      });
      this.gcObserver.observe({ entryTypes: ['gc'] });
    } catch {
      // No GC entries on this runtime: stalls are reported without their GC share.
      this.gcObserver = undefined;
    }
  }

  /** Marks the start of a load phase (the stalls report which phases they overlapped). */
  phase(name: string): void {
    this.phases.push({ at: Date.now(), name });
  }

  private tick(): void {
    const t = Date.now();
    const schedule = this.lastSchedule && threadSchedule();
    const held = t - this.last - TICK_MS;
    if (held >= KEEP_OVER_MS) {
      const split =
        schedule && this.lastSchedule
          ? {
              cpuMs: (schedule.runNs - this.lastSchedule.runNs) / 1e6,
              waitMs: (schedule.waitNs - this.lastSchedule.waitNs) / 1e6,
            }
          : {};
      this.keepStall({ at: this.last, ms: held, ...split, phases: this.phasesBetween(this.last, t) });
    }
    this.last = t;
    this.lastSchedule = schedule;
  }

  private phasesBetween(from: number, to: number): string[] {
    let first = 0;
    for (let i = 0; i < this.phases.length; i++) if (this.phases[i]!.at <= from) first = i;
    return this.phases
      .slice(first)
      .filter((p) => p.at <= to)
      .map((p) => p.name);
  }

  private keepStall(s: HostStall): void {
    // Few: a load has tens of stalls over 20 ms, not thousands.
    this.stalls.push(s);
  }

  /** Every stall kept (over 20 ms), in order, with the GC inside each as far as it was reported yet. */
  all(): readonly HostStall[] {
    return this.stalls.map((s) => this.withGc(s));
  }

  /** The stall with the collections that overlapped it (entries arrive after the fact: added when read). */
  private withGc(s: HostStall): HostStall {
    if (!this.gcObserver) return s;
    const end = s.at + s.ms + TICK_MS;
    let majorMs = 0;
    let minorMs = 0;
    for (const g of this.gcPauses) {
      const overlap = Math.min(end, g.at + g.ms) - Math.max(s.at, g.at);
      if (overlap <= 0) continue;
      if (g.major) majorMs += overlap;
      else minorMs += overlap;
    }
    return { ...s, gc: { majorMs, minorMs } };
  }

  /** The longest stalls so far, longest first. */
  longest(): HostStall[] {
    return [...this.stalls]
      .sort((a, b) => b.ms - a.ms)
      .slice(0, this.keep)
      .map((s) => this.withGc(s));
  }

  /**
   * The stalls in which the thread itself ran longest, longest first (on a shared machine the
   * longest by the clock may be the thread waiting for a core); empty without schedstat.
   */
  longestRunning(): HostStall[] {
    return this.stalls
      .filter((s) => s.cpuMs !== undefined)
      .sort((a, b) => b.cpuMs! - a.cpuMs!)
      .slice(0, this.keep)
      .map((s) => this.withGc(s));
  }

  stop(): void {
    clearInterval(this.timer);
    this.gcObserver?.disconnect();
  }
}

/** ", GC 48 (major 40)" when collections ran inside the stall for 1 ms or more. */
function gcPart(s: HostStall): string {
  const total = s.gc ? s.gc.majorMs + s.gc.minorMs : 0;
  if (!s.gc || total < 1) return '';
  return `, GC ${Math.round(total)}${s.gc.majorMs >= 1 ? ` (major ${Math.round(s.gc.majorMs)})` : ''}`;
}

/** One line for the output channel: each stall with its time of day, length and phases. */
export function describeStalls(stalls: readonly HostStall[], since: number): string {
  if (!stalls.length) return 'none over 20 ms';
  const split = (s: HostStall) =>
    s.cpuMs !== undefined && s.waitMs !== undefined
      ? ` (ran ${Math.round(s.cpuMs)}, waited for a core ${Math.round(s.waitMs)}${gcPart(s)})`
      : gcPart(s)
        ? ` (${gcPart(s).slice(2)})`
        : '';
  return stalls
    .map(
      (s) =>
        `${Math.round(s.ms)} ms${split(s)} at +${((s.at - since) / 1000).toFixed(2)} s (${new Date(s.at).toISOString().slice(11, 23)}, ${s.phases.join(' → ') || 'before the load'})`,
    )
    .join('; ');
}
