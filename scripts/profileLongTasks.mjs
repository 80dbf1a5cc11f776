// Where the extension host's thread went during its long stalls: reads a CPU profile written with
// INTENT_LENS_PROFILE_LOAD (it carries the stalls the load's watcher saw, with their wall-clock time,
// how long the thread ran and waited for a core, and the load phase) and lists, for each stall, the
// profile's samples within it: CPU by function (self time) and by our frames on the stack (inclusive).
// "(program)" is native work with no JavaScript on the stack (in the extension host mostly messages
// being deserialised); "(garbage collector)" is GC on this thread. CPU is counted by samples (a
// descheduled thread's sample carries its waiting time in the profile's deltas, which would count it).
// Usage: node scripts/profileLongTasks.mjs <file.cpuprofile> [--over <ms ran> (default 20)] [--top <n>]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { frameName, isOurFrame } from './profileFrames.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { over: { type: 'string', default: '20' }, top: { type: 'string', default: '8' } },
});
const [file] = positionals;
if (!file) {
  console.error('usage: node scripts/profileLongTasks.mjs <file.cpuprofile> [--over <ms>] [--top <n>]');
  process.exit(2);
}
const overMs = Number(values.over);
const top = Number(values.top);

const profile = JSON.parse(readFileSync(file, 'utf8'));
if (!profile.stalls || !profile.clocks) {
  console.error(`${file} has no stalls: write it with INTENT_LENS_PROFILE_LOAD (src/extension/data/loadProfile.ts)`);
  process.exit(2);
}
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const name = (n) => frameName(n.callFrame);
const ours = (n) => isOurFrame(n.callFrame);

// Sample i was taken at startUs[i] (monotonic clock); `clocks` lines them up with the stalls' wall clock.
const startUs = [];
let t = profile.startTime;
for (const d of profile.timeDeltas) startUs.push((t += d));
const wallOf = (us) => profile.clocks.wallMs + (us - profile.clocks.monotonicUs) / 1000;
const sortedDeltas = [...profile.timeDeltas].sort((a, b) => a - b);
const intervalMs = sortedDeltas[Math.floor(sortedDeltas.length / 2)] / 1000;

const byCpu = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, n]) => `${(n * intervalMs).toFixed(1)} ms ${k}`);
const fmt = (ms) => (ms === undefined ? '?' : Math.round(ms));

const stalls = profile.stalls
  .filter((s) => (s.cpuMs ?? s.ms) >= overMs)
  .sort((a, b) => (b.cpuMs ?? b.ms) - (a.cpuMs ?? a.ms));
console.log(
  `${file}: ${profile.samples.length} samples (${intervalMs.toFixed(2)} ms apart), ${profile.stalls.length} stall(s) over 20 ms, ${stalls.length} in which the thread ran ${overMs} ms or more`,
);
for (const s of stalls) {
  const self = new Map();
  const inclusive = new Map();
  let n = 0;
  // The watcher's stall starts at its last timer turn and ends at the next (5 ms period).
  for (let i = 0; i < profile.samples.length; i++) {
    const w = wallOf(startUs[i]);
    if (w < s.at || w > s.at + s.ms + 5) continue;
    n++;
    const node = nodes.get(profile.samples[i]);
    self.set(name(node), (self.get(name(node)) ?? 0) + 1);
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const f = nodes.get(id);
      if (ours(f) && !seen.has(name(f))) {
        seen.add(name(f));
        inclusive.set(name(f), (inclusive.get(name(f)) ?? 0) + 1);
      }
    }
  }
  console.log(
    `\n${fmt(s.ms)} ms (ran ${fmt(s.cpuMs)}, waited ${fmt(s.waitMs)}) at ${new Date(s.at).toISOString().slice(11, 23)}, ${s.phases.join(' → ') || 'before the load'}: ${n} samples ≈ ${(n * intervalMs).toFixed(0)} ms`,
  );
  console.log(`  self:  ${byCpu(self).join('\n         ')}`);
  if (inclusive.size) console.log(`  ours:  ${byCpu(inclusive).join('\n         ')}`);
}
