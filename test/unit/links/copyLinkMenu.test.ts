// "Copy Link" shows on every tree row that names a conversation or a turn. The rows' context values
// grew suffixes (`intentLens.turn.user` for user turns, `intentLens.run.fork` for forks) and the
// menu's `when` clause, an exact regex, stopped matching them: user turns had no Copy Link.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONTEXT_VALUES } from '../../../src/extension/tree/treeItems';

interface MenuItem {
  command: string;
  when?: string;
}

const manifest = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
  contributes: { menus: Record<string, MenuItem[]> };
};

/** The `viewItem =~ /…/` regex of a `when` clause. */
function viewItemRegex(when: string): RegExp {
  const m = /viewItem =~ \/(.+?)\/(?:\s|$)/.exec(when);
  if (!m) throw new Error(`no viewItem regex in: ${when}`);
  return new RegExp(m[1]!);
}

describe('Copy Link in the Sources tree context menu', () => {
  const item = manifest.contributes.menus['view/item/context']!.find((i) => i.command === 'intentLens.copyLink');

  it('shows on runs, forks, user turns and other turns', () => {
    expect(item?.when).toBeDefined();
    const re = viewItemRegex(item!.when!);
    for (const value of [CONTEXT_VALUES.run, CONTEXT_VALUES.forkRun, CONTEXT_VALUES.turn, CONTEXT_VALUES.userTurn])
      expect({ value, shown: re.test(value) }).toEqual({ value, shown: true });
  });

  it('does not show on rows that name no conversation', () => {
    const re = viewItemRegex(item!.when!);
    for (const value of [
      CONTEXT_VALUES.source,
      CONTEXT_VALUES.instance,
      CONTEXT_VALUES.domain,
      CONTEXT_VALUES.bookkeeping,
      CONTEXT_VALUES.logFile,
    ])
      expect({ value, shown: re.test(value) }).toEqual({ value, shown: false });
  });
});
