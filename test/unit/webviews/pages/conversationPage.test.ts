// @vitest-environment happy-dom
// The conversation page (webview/conversation/main.tsx) in a DOM, over the state the host would
// inline for the onion Retained run: what the header shows, and what the page posts for its
// buttons and keys (F forks from the current turn only where forking is allowed).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildConversationState } from '../../../../src/extension/conversation/buildConversationState';
import { detectInactive } from '../../../../src/core/inactive/detectInactive';
import { retainedRevisedPair } from '../../compare/compareFixtures';
import { loadPage, pressKey, settle, type LoadedPage } from './pageHarness';

const { record, retained } = retainedRevisedPair();
const stateWith = (canFork: boolean) =>
  buildConversationState({
    ref: { file: '/ws/logs/math/model-a.jsonl', line: 3 },
    fileLabel: 'logs/math/model-a.jsonl',
    detector: detectInactive,
    detectorName: 'detectInactive',
    canFork,
    entry: retained,
    source: record,
  });

let page: LoadedPage | undefined;
const open = async (canFork: boolean) => {
  page = await loadPage(() => import('../../../../webview/conversation/main'), stateWith(canFork));
  return page;
};
// happy-dom lays nothing out: the transcript gets a window's size, so its virtualiser shows rows.
beforeEach(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => 800 });
});
afterEach(() => {
  expect(page?.errors()).toEqual([]);
  page?.close();
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
  delete (HTMLElement.prototype as { clientWidth?: number }).clientWidth;
});

const buttonNamed = (name: string) =>
  [...document.querySelectorAll<HTMLButtonElement>('[data-testid="header"] button')].find(
    (b) => b.textContent === name,
  );

describe('conversation page', () => {
  it('shows the run, its verdict and the extracted answer in the header', async () => {
    const p = await open(false);
    const header = await p.find('[data-testid="header"]');
    expect(header.querySelector('h1')!.textContent).toBe('sample-math/onions · Retained · model-a');
    expect(header.querySelector('[data-verdict]')!.getAttribute('data-verdict')).toBe('incorrect');
    expect(header.querySelector('[data-testid="active-reference"]')!.textContent).toBe('300');
    expect(document.querySelectorAll('[data-turn]').length).toBeGreaterThan(0);
  });

  it('posts openLogLine and compareWith for the header’s buttons', async () => {
    const p = await open(false);
    await p.find('[data-testid="header"]');
    buttonNamed('Open Log Line')!.click();
    buttonNamed('Compare With…')!.click();
    expect(p.commands()).toEqual([
      { kind: 'command', command: 'openLogLine', params: {} },
      { kind: 'command', command: 'compareWith', params: {} },
    ]);
  });

  it('forks from the current turn on F (and its button), after J moved it down a turn', async () => {
    const p = await open(true);
    await p.find('[data-turn="0"]');
    pressKey('f');
    pressKey('j');
    await p.until(() => document.querySelector('[data-turn="1"].il-turn-current') !== null, 'turn 2 current');
    await settle();
    pressKey('f');
    await p.until(() => p.commands().length === 2, 'two forks');
    expect(p.commands()).toEqual([
      { kind: 'command', command: 'forkFromTurn', params: { turn: 1 } },
      { kind: 'command', command: 'forkFromTurn', params: { turn: 2 } },
    ]);
    document.querySelector<HTMLButtonElement>('[data-turn="0"] [data-testid="fork-from-here"]')!.click();
    expect(p.commands().at(-1)).toEqual({ kind: 'command', command: 'forkFromTurn', params: { turn: 1 } });
  });

  it('does not fork where forking is not allowed (an untrusted workspace, a run without a record)', async () => {
    const p = await open(false);
    await p.find('[data-turn="0"]');
    pressKey('f');
    pressKey('j');
    await p.until(() => document.querySelector('[data-turn="1"].il-turn-current') !== null, 'turn 2 current');
    await settle();
    pressKey('f');
    expect(p.commands()).toEqual([]);
    expect(document.querySelector('[data-testid="fork-from-here"]')).toBeNull();
  });

  it('shows a turn’s annotations inline at the turn, a span’s text with it, as text', async () => {
    const base = stateWith(false);
    const annotation = (id: string, turn: number | undefined, value: string, extra = {}) => ({
      id,
      ...(turn ? { turn } : {}),
      kind: 'label' as const,
      value,
      by: 'ann',
      at: '2026-12-04T10:00:00Z',
      ...extra,
    });
    page = await loadPage(() => import('../../../../webview/conversation/main'), {
      ...base,
      annotations: [
        annotation('a', 1, 'leaked-inactive', { span: { start: 0, end: 3, text: '$120' }, edited: true }),
        annotation('b', 1, '<b>bold</b>', { kind: 'note' }),
        annotation('c', undefined, 'refusal'),
      ],
    });
    const inline = await page.find('[data-testid="turn-annotations"][data-turn="1"]');
    expect(inline.closest('[data-index]')?.querySelector('[data-turn="0"]')).not.toBeNull();
    expect([...inline.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '✎ leaked-inactive on “$120” · ann (edited)',
      '✎ note: <b>bold</b> · ann',
    ]);
    expect(inline.querySelector('b')).toBeNull();
    // The conversation-wide label is in the header's list only.
    expect(document.querySelectorAll('[data-testid="turn-annotations"]').length).toBe(1);
    expect((await page.find('[data-testid="annotations"]')).textContent).toContain('conversation · refusal');
  });

  it('annotates selected text on the turn it is in, not the current turn', async () => {
    const p = await open(false);
    const second = await p.find('[data-testid="turn"][data-turn="1"] [data-testid="reply"]');
    const range = document.createRange();
    range.selectNodeContents(second.querySelector('p') ?? second);
    window.getSelection()!.removeAllRanges();
    window.getSelection()!.addRange(range);
    (await p.find('[data-testid="annotate"]')).click();
    const [sent] = p.commands();
    expect(sent).toMatchObject({ command: 'annotate', params: { turn: 2 } });
    expect((sent!.params as { selection: string }).selection.length).toBeGreaterThan(0);
    expect(second.textContent).toContain((sent!.params as { selection: string }).selection);
    window.getSelection()!.removeAllRanges();
  });
});
