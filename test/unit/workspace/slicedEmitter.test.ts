// The data change event's sliced fire: each listener in its own task, in registration order, a
// failing listener reported without stopping the others, a listener disposed meanwhile skipped.
import { describe, it, expect } from 'vitest';
import { SlicedEmitter } from '../../../src/extension/data/slicedEmitter';

describe('SlicedEmitter', () => {
  it('runs each listener in its own task, in order, and resolves after the last', async () => {
    const errors: unknown[] = [];
    const e = new SlicedEmitter<number>((err) => errors.push(err));
    const calls: string[] = [];
    // Counts the tasks that ran between listeners: a macrotask boundary before each listener.
    let ticks = 0;
    const tick = () => {
      ticks++;
      if (ticks < 50) setImmediate(tick);
    };
    setImmediate(tick);
    e.event((n) => calls.push(`a${n} ${ticks}`));
    e.event(() => {
      throw new Error('boom');
    });
    // Assigned below, after the listener that disposes it is registered.
    // eslint-disable-next-line prefer-const
    let last: { dispose(): unknown } | undefined;
    e.event(() => {
      calls.push(`c ${ticks}`);
      last?.dispose();
    });
    e.event((n) => calls.push(`d${n} ${ticks}`));
    last = e.event(() => calls.push('e'));
    const t = await e.fireSliced(1);
    expect(calls.map((c) => c.split(' ')[0])).toEqual(['a1', 'c', 'd1']);
    const at = calls.map((c) => Number(c.split(' ')[1]));
    expect(at[1]!).toBeGreaterThan(at[0]!);
    expect(at[2]!).toBeGreaterThan(at[1]!);
    expect(errors).toHaveLength(1);
    expect(t.ms).toHaveLength(4);
  });

  it('fire() runs every listener now', () => {
    const e = new SlicedEmitter<string>(() => undefined);
    const seen: string[] = [];
    e.event((s) => seen.push(s));
    e.fire('x');
    expect(seen).toEqual(['x']);
  });
});
