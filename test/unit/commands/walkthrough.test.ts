// The walkthrough (contributes.walkthroughs) only links to commands the extension declares (or
// VS Code's own), completes on events that can happen, and its media files exist.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '../../..');
interface Step {
  id: string;
  description: string;
  media?: { markdown?: string };
  completionEvents?: string[];
}
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  contributes: {
    commands: Array<{ command: string }>;
    views: Record<string, Array<{ id: string }>>;
    walkthroughs: Array<{ steps: Step[] }>;
  };
};
const commands = new Set(pkg.contributes.commands.map((c) => c.command));
const views = new Set(
  Object.values(pkg.contributes.views)
    .flat()
    .map((v) => v.id),
);
/** VS Code's own commands the walkthrough links to, and the `<view>.focus` command every view has. */
const known = (c: string) =>
  commands.has(c) || c === 'vscode.openFolder' || (c.endsWith('.focus') && views.has(c.slice(0, -'.focus'.length)));

describe('walkthrough', () => {
  const steps = pkg.contributes.walkthroughs.flatMap((w) => w.steps);

  it('takes a newcomer from opening data through the conversations to a comparison', () => {
    expect(steps.map((s) => s.id)).toEqual(
      expect.arrayContaining(['openData', 'browseSources', 'samples', 'search', 'compare']),
    );
    expect(steps.findIndex((s) => s.id === 'openData')).toBe(0);
  });

  it('links and completes only on declared commands and views, and its media exist', () => {
    for (const s of steps) {
      for (const [, c] of s.description.matchAll(/\(command:([\w.]+)\)/g))
        expect({ step: s.id, command: c, known: known(c!) }).toEqual({ step: s.id, command: c, known: true });
      for (const e of s.completionEvents ?? []) {
        const [kind, name] = e.split(':') as [string, string];
        const ok =
          kind === 'onCommand' ? commands.has(name) : kind === 'onView' ? views.has(name) : kind === 'onContext';
        expect({ step: s.id, event: e, ok }).toEqual({ step: s.id, event: e, ok: true });
      }
      if (s.media?.markdown)
        expect({ step: s.id, exists: existsSync(join(root, s.media.markdown)) }).toEqual({ step: s.id, exists: true });
    }
  });
});
