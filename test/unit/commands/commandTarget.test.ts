import { describe, expect, it } from 'vitest';
import { isEmptyTarget, readCommandTarget, readCommandTargets } from '../../../src/extension/commandTarget';

describe('the command-target reader', () => {
  it('reads a Sources tree node through its args, whatever the node kind', () => {
    const run = {
      kind: 'run',
      id: 'run:c1',
      convId: 'c1',
      taskId: 't1',
      model: 'm',
      verdict: 'correct',
      args: {
        taskId: 't1',
        mode: 'multi',
        condition: 'retained',
        convId: 'c1',
        model: 'm',
        file: '/ws/a.jsonl',
        line: 3,
      },
    };
    expect(readCommandTarget(run)).toEqual({
      taskId: 't1',
      convId: 'c1',
      model: 'm',
      mode: 'multi',
      condition: 'retained',
      file: '/ws/a.jsonl',
      line: 3,
    });
    const turn = {
      kind: 'turn',
      id: 'turn:c1:4',
      convId: 'c1',
      index: 4,
      role: 'user',
      args: { convId: 'c1', turnIndex: 4 },
    };
    expect(readCommandTarget(turn)).toEqual({ convId: 'c1', turnIndex: 4 });
  });

  it('reads plain arguments from other features, links and webviews', () => {
    expect(readCommandTarget({ convId: 'c1', turn: 2 })).toEqual({ convId: 'c1', turn: 2 });
    expect(readCommandTarget({ left: 'a', right: 'b' })).toEqual({ left: 'a', right: 'b' });
    expect(
      readCommandTarget({
        taskId: 't',
        mode: 'single',
        condition: 'original',
        path: 'persistence-retained',
        k: 2,
        providerId: 'p',
      }),
    ).toEqual({
      taskId: 't',
      mode: 'single',
      condition: 'original',
      path: 'persistence-retained',
      k: 2,
      providerId: 'p',
    });
  });

  it('reads the snake_case of logs and records, one level down, and traceIndex as a trace index', () => {
    expect(readCommandTarget({ record: { task_id: 't3' } })).toEqual({ taskId: 't3' });
    expect(readCommandTarget({ ref: { conv_id: 'c9', assistant_model: 'gpt' } })).toEqual({
      convId: 'c9',
      model: 'gpt',
    });
    expect(readCommandTarget({ convId: 'c1', traceIndex: 5 })).toEqual({ convId: 'c1', turnIndex: 5 });
    expect(readCommandTarget({ leftConvId: 'a', rightConvId: 'b' })).toEqual({ left: 'a', right: 'b' });
  });

  it('a tree node’s args win over the node’s own fields', () => {
    expect(readCommandTarget({ convId: 'outer', args: { convId: 'inner' } }).convId).toBe('inner');
  });

  it('reads a bare string as a conversation id unless told otherwise', () => {
    expect(readCommandTarget('c1')).toEqual({ convId: 'c1' });
    expect(readCommandTarget('t1', { stringIs: 'taskId' })).toEqual({ taskId: 't1' });
    expect(readCommandTarget('x', { stringIs: (s) => (s === 'x' ? 'convId' : 'taskId') })).toEqual({ convId: 'x' });
    expect(readCommandTarget('')).toEqual({});
  });

  it('names nothing for the palette (no argument) and for values that are not objects', () => {
    for (const v of [undefined, null, 42, true, [{ convId: 'c1' }]])
      expect(isEmptyTarget(readCommandTarget(v))).toBe(true);
    expect(isEmptyTarget(readCommandTarget({ kind: 'domain', id: 'domain:math', args: {} }))).toBe(true);
  });

  it('drops an ill-typed field, reports it, and keeps the rest', () => {
    const reported: string[] = [];
    const t = readCommandTarget(
      { convId: 'c1', turnIndex: 'three', mode: 'sideways', line: 2.5 },
      { onInvalid: (m) => reported.push(m) },
    );
    expect(t).toEqual({ convId: 'c1' });
    expect(reported).toHaveLength(3);
    expect(reported.join('\n')).toMatch(/turnIndex/);
    expect(reported.join('\n')).toMatch(/mode/);
  });

  it('reads a multi-selection: the clicked item first, then the others, without duplicates or empties', () => {
    const a = { args: { taskId: 'a' } };
    const b = { args: { taskId: 'b' } };
    expect(readCommandTargets(b, [a, b, { args: {} }])).toEqual([{ taskId: 'b' }, { taskId: 'a' }]);
    expect(readCommandTargets(undefined, undefined)).toEqual([]);
    expect(readCommandTargets('t1', 'not an array', { stringIs: 'taskId' })).toEqual([{ taskId: 't1' }]);
  });
});
