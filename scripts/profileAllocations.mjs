// What the extension host allocated during the first load: reads the allocation profile written with
// INTENT_LENS_PROFILE_LOAD and INTENT_LENS_PROFILE_LOAD_ALLOCATIONS=1 (V8's sampling heap profiler,
// collected objects included, so it counts the garbage behind the GC pauses too) and lists the bytes
// by allocating function (self) and by our frames on the allocating stack (inclusive).
// Usage: node scripts/profileAllocations.mjs <file.heapprofile> [--top <n>]
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { frameName, isOurFrame } from './profileFrames.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '15' } },
});
const [file] = positionals;
if (!file) {
  console.error('usage: node scripts/profileAllocations.mjs <file.heapprofile> [--top <n>]');
  process.exit(2);
}
const top = Number(values.top);
const { head } = JSON.parse(readFileSync(file, 'utf8'));

const self = new Map();
const inclusive = new Map();
let total = 0;
const add = (m, k, bytes) => m.set(k, (m.get(k) ?? 0) + bytes);
const walk = (node, stack) => {
  const here = [...stack, node.callFrame];
  if (node.selfSize) {
    total += node.selfSize;
    add(self, frameName(node.callFrame), node.selfSize);
    for (const k of new Set(here.filter(isOurFrame).map(frameName))) add(inclusive, k, node.selfSize);
  }
  for (const c of node.children ?? []) walk(c, here);
};
walk(head, []);

const mb = (b) => `${(b / 1048576).toFixed(1)} MB`;
const list = (m) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([k, b]) => `${mb(b).padStart(9)}  ${k}`)
    .join('\n  ');
console.log(`${file}: ${mb(total)} allocated (sampled, live and collected)`);
console.log(`\nby allocating function:\n  ${list(self)}`);
console.log(`\nby our frames on the stack:\n  ${list(inclusive)}`);
