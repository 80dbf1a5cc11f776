// @vitest-environment happy-dom
// The compare page (webview/compare/main.tsx) in a DOM, over a state the host would inline for the
// onion Retained ↔ Revised pair: what it shows, and what it posts when the user clicks its buttons
// or the host sends navigation. Monaco's diff editor (a lazy module) is left out: the text diff stays.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildCompareState } from '../../../../src/extension/compare/buildCompareState';
import { detectInactive } from '../../../../src/core/inactive/detectInactive';
import { retainedRevisedPair } from '../../compare/compareFixtures';
import { loadPage, type LoadedPage } from './pageHarness';

vi.mock('../../../../webview/compare/finalDiffEditor', () => ({
  createFinalDiffEditor: () => Promise.reject(new Error('no Monaco in this test')),
}));
vi.mock('../../../../webview/compare/workerPrewarm', () => ({ prewarmWorker: () => undefined }));

const { record, retained, revised } = retainedRevisedPair();
const ref = (conv_id: string) => ({ conv_id, file: '/ws/logs/math/model-a.jsonl', line: 1 });
const state = buildCompareState({
  record,
  left: { ref: ref(retained.conv_id), entry: retained },
  right: { ref: ref(revised.conv_id), entry: revised },
  detector: detectInactive,
  detectorName: 'detectInactive',
  timing: { commandAt: 1, panelCreatedAt: 2 },
});

const click = (el: Element) => (el as HTMLElement).click();
let page: LoadedPage;
beforeEach(async () => {
  page = await loadPage(() => import('../../../../webview/compare/main'), state);
});
afterEach(() => {
  expect(page.errors()).toEqual([]);
  page.close();
});

describe('compare page', () => {
  it('shows the task, the requirement and both sides with their verdicts', async () => {
    const main = await page.find('[data-testid="compare"]');
    expect(main.querySelector('h1')!.textContent).toBe('sample-math/onions');
    expect(main.querySelector('.il-requirement')!.textContent).toContain('original 4 bags, proposed 2 bags');
    const verdicts = [...main.querySelectorAll('.il-sides [data-verdict]')].map((e) => e.getAttribute('data-verdict'));
    expect(verdicts.sort()).toEqual(['correct', 'incorrect']);
    // The rejected value the Retained side keeps using is marked as inactive content.
    const marks = [...main.querySelectorAll('mark[data-inactive]')].map((m) => ({
      text: m.textContent,
      side: m.closest('[data-side]')?.getAttribute('data-side'),
      why: m.getAttribute('title'),
    }));
    // Retained keeps the rejected "2 bags"; Revised the superseded "4 bags": each is marked on its side.
    expect(marks).toContainEqual({ text: '2', side: 'left', why: 'rejected proposal value "2 bags"' });
    expect(marks).toContainEqual({ text: '4', side: 'right', why: 'superseded original value "4 bags"' });
    // The page reports its first render to the host (the host logs the time).
    await page.until(() => page.posted.some((m) => m.kind === 'command' && m.command === 'rendered'), 'rendered');
  });

  it('posts openNativeDiff and revealInLog for the buttons that open them on the host', async () => {
    click(await page.find('[data-testid="native-diff"]'));
    click(await page.find('[data-testid="side-right"] button'));
    expect(page.commands()).toEqual([
      { kind: 'command', command: 'openNativeDiff', params: {} },
      { kind: 'command', command: 'revealInLog', params: { side: 'right' } },
    ]);
  });

  it('annotates a side (its selected text and turn) and overrides a side’s verdict from the headers', async () => {
    // The Retained side's marked rejected value, selected as the user would with the mouse.
    const main = await page.find('[data-testid="compare"]');
    const mark = [...main.querySelectorAll('mark[data-inactive]')].find(
      (m) => m.closest('[data-side]')?.getAttribute('data-side') === 'left',
    )!;
    const range = document.createRange();
    range.selectNodeContents(mark);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    const row = Number(mark.closest<HTMLElement>('.il-row[data-row]')!.dataset.row);
    const turn = state.left.turns[state.rows[row]!.left!]!.index + 1;
    click(await page.find('[data-testid="annotate-left"]'));
    // The same selection is not the right side's: that side's Annotate… asks for a turn on the host.
    click(await page.find('[data-testid="annotate-right"]'));
    window.getSelection()!.removeAllRanges();
    click(await page.find('[data-testid="annotate-left"]'));
    click(await page.find('[data-testid="override-right"]'));
    expect(page.commands().map((c) => [c.command, c.params])).toEqual([
      ['annotate', { side: 'left', selection: mark.textContent, turn }],
      ['annotate', { side: 'right' }],
      ['annotate', { side: 'left' }],
      ['overrideVerdict', { side: 'right' }],
    ]);
  });

  it('folds the shared prefix on a click and on the host’s Alt+P, and saves the choice', async () => {
    const prefix = await page.find('[data-testid="shared-prefix"]');
    expect(prefix.dataset.collapsed).toBe('true');
    click(await page.find('[data-testid="toggle-prefix"]'));
    await page.until(() => prefix.dataset.collapsed === 'false', 'the prefix to open');
    expect(page.saved.at(-1)).toEqual({ prefixOpen: true });
    await page.notify('navigate', { action: 'togglePrefix' });
    await page.until(() => prefix.dataset.collapsed === 'true', 'the prefix to fold');
    expect(page.saved.at(-1)).toEqual({ prefixOpen: false });
  });

  it('asks the host to reload and says when it did', async () => {
    click(await page.find('[data-testid="reload"]'));
    const [reload] = page.requests('reload');
    expect(reload).toMatchObject({ method: 'reload', params: {} });
    await page.respond(reload!, state);
    await page.until(() => document.body.textContent!.includes('Reloaded'), 'the reload status');
  });
});
