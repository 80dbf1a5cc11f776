// What the first load cost the extension host's thread: the event-loop delay over the whole load
// (every extension's work and VS Code's own count: this is what the workbench waits on), the longest
// stalls with the load phases they fell in, and a CPU profile where one is asked for. The report
// goes to the output channel at the load's end and AFTER_LOAD_WATCH_MS later.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type * as vscode from 'vscode';
import { HostStallWatcher, describeStalls } from './hostStalls';
import { startLoadProfile, type LoadProfile } from './loadProfile';

/** The stall watcher and a CPU profile go on this long after the load, to show what its end set off. */
const AFTER_LOAD_WATCH_MS = 1000;

export class LoadMonitor {
  /** When the load started (wall clock ms). */
  readonly started = Date.now();
  private readonly hostDelay = monitorEventLoopDelay({ resolution: 10 });
  private readonly stalls: HostStallWatcher;
  private readonly profile: LoadProfile | undefined;

  constructor(private readonly output: vscode.OutputChannel | undefined) {
    this.hostDelay.enable();
    this.stalls = new HostStallWatcher();
    this.profile = startLoadProfile();
  }

  /** Names the load phase that stalls from now on fall in. */
  phase(name: string): void {
    this.stalls.phase(name);
  }

  /** The longest the host thread was held so far in the load (ms). */
  longestStallMs(): number {
    return this.hostDelay.max / 1e6;
  }

  /**
   * Ends the load's measures: writes `loadedLine` and the host thread's delays now, and the longest
   * stalls (with what the load's end set off: views rebuilding, re-scores restored) a little later.
   */
  loadEnded(loadedLine: string): void {
    const { hostDelay, stalls, output } = this;
    hostDelay.disable();
    stalls.phase('after the load');
    output?.appendLine(loadedLine);
    output?.appendLine(
      `[data] the host thread during the load: longest stall ${(hostDelay.max / 1e6).toFixed(0)} ms, 99th percentile ${(hostDelay.percentile(99) / 1e6).toFixed(0)} ms`,
    );
    setTimeout(() => {
      stalls.stop();
      output?.appendLine(
        `[data] the host thread's longest stalls, load start to ${AFTER_LOAD_WATCH_MS} ms after its end: ${describeStalls(stalls.longest(), this.started)}`,
      );
      const running = stalls.longestRunning();
      if (running.length)
        output?.appendLine(
          `[data] the host thread's stalls in which it ran longest: ${describeStalls(running, this.started)}`,
        );
      void this.profile?.stop(stalls.all()).then((note) => output?.appendLine(`[data] ${note}`));
    }, AFTER_LOAD_WATCH_MS);
  }
}
