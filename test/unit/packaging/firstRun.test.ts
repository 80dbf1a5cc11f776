// A first run without data: the walkthrough's first step and the Sources view's welcome content (no
// folder open, or a folder without data) offer Open Sample Workspace…, and the package ships samples.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COMMANDS } from '../../../src/extension/commandIds';

const root = join(__dirname, '../../..');
interface Contributes {
  walkthroughs: Array<{ steps: Array<{ id: string; description: string }> }>;
  viewsWelcome: Array<{ view: string; contents: string; when: string }>;
}
const contributes = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { contributes: Contributes })
  .contributes;
const link = `(command:${COMMANDS.openSampleWorkspace})`;

describe('Open Sample Workspace… is offered where a newcomer without data looks', () => {
  it("in the walkthrough's first step", () => {
    expect(contributes.walkthroughs[0]!.steps[0]!.description).toContain(link);
  });

  it('in the Sources view with no folder open, and with a folder that holds no data', () => {
    const offered = contributes.viewsWelcome.filter(
      (w) => w.view === 'intentLens.sources' && w.contents.includes(link),
    );
    expect(offered.map((w) => w.when)).toEqual(
      expect.arrayContaining([
        'workbenchState == empty',
        expect.stringContaining('!intentLens.hasData && !intentLens.unmatchedData'),
      ]),
    );
  });

  it('with the samples in the .vsix (.vscodeignore allows them)', () => {
    expect(readFileSync(join(root, '.vscodeignore'), 'utf8').split('\n')).toContain('!samples/**');
  });
});
