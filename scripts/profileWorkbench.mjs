// Reads a workbench CPU profile written by the UI bench (INTENT_LENS_BENCH_PROFILE_WORKBENCH) and
// says where the workbench's thread went from the click to the full count: for each 100 ms after
// the click, the busy time and the functions with the most self time; then the whole window's top
// functions. "(idle)" is the thread waiting; "(program)" is native work with no JavaScript on the stack.
// Then the extension-host messages the workbench handled (its `$…` handlers): inclusive time, first and last time seen.
// Usage: node scripts/profileWorkbench.mjs <file.cpuprofile> [--bucket <ms>] [--top <n>]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { bucket: { type: 'string', default: '100' }, top: { type: 'string', default: '4' } },
});
const [file] = positionals;
if (!file) {
  console.error('usage: node scripts/profileWorkbench.mjs <file.cpuprofile> [--bucket <ms>] [--top <n>]');
  process.exit(2);
}
const bucketMs = Number(values.bucket);
const top = Number(values.top);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const handlers = new Map();
const name = (n) => {
  const f = n.callFrame;
  const url = f.url ? f.url.replace(/^.*\//, '') : '';
  return `${f.functionName || '(anonymous)'}${url ? ` ${url}:${f.lineNumber + 1}` : ''}`;
};
// Sample times are the monotonic clock (µs); the bench's pair of readings turns them into ms since the click.
const { epochMs, monotonicUs } = profile.benchClocks;
const sinceClick = (us) => epochMs + (us - monotonicUs) / 1000 - profile.benchOrigin;
let t = profile.startTime;
const buckets = new Map();
const total = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  t += profile.timeDeltas[i];
  const ms = sinceClick(t);
  const interval = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i]) / 1000;
  const key = name(nodes.get(profile.samples[i]));
  const b = Math.floor(ms / bucketMs);
  if (!buckets.has(b)) buckets.set(b, new Map());
  const m = buckets.get(b);
  m.set(key, (m.get(key) ?? 0) + interval);
  total.set(key, (total.get(key) ?? 0) + interval);
  for (let id = profile.samples[i], seen = new Set(); id !== undefined; id = parent.get(id)) {
    const fn = nodes.get(id).callFrame.functionName;
    if (!fn.startsWith('$') || seen.has(fn)) continue;
    seen.add(fn);
    const h = handlers.get(fn) ?? { ms: 0, first: ms, last: ms };
    h.ms += interval;
    h.last = ms;
    handlers.set(fn, h);
  }
}
const fmt = (m) =>
  [...m]
    .filter(([k]) => k !== '(idle)')
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(' · ');
for (const b of [...buckets.keys()].sort((x, y) => x - y)) {
  const m = buckets.get(b);
  const busy = [...m].filter(([k]) => k !== '(idle)').reduce((s, [, v]) => s + v, 0);
  console.log(`${String(b * bucketMs).padStart(6)} ms  busy ${busy.toFixed(0).padStart(3)}  ${fmt(m)}`);
}
console.log('\nwhole window, self time (ms):');
for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, 30))
  console.log(`${v.toFixed(0).padStart(6)}  ${k}`);
console.log('\nextension-host messages handled (inclusive ms, first..last ms since the click):');
for (const [k, h] of [...handlers].sort((a, b) => a[1].first - b[1].first))
  console.log(`${h.ms.toFixed(1).padStart(6)}  ${k}  ${h.first.toFixed(0)}..${h.last.toFixed(0)}`);
