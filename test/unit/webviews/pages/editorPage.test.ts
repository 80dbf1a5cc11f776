// @vitest-environment happy-dom
// The revision editor page (webview/editor/main.tsx) in a DOM, over the onion record as the host
// inlines it: what it shows, and the requests and commands it posts when the user edits a field,
// applies, and records a review decision by keyboard. Monaco's editor stands in as a plain object.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EditorState } from '../../../../src/shared/protocol/editor';
import { onionRecord } from '../../compare/compareFixtures';
import { loadPage, pressKey, settle, type LoadedPage } from './pageHarness';

vi.mock('../../../../webview/shared/monacoSetup', () => {
  const editor = {
    create: (_host: HTMLElement, options: { value: string }) => {
      let value = options.value;
      const none = { dispose: () => undefined };
      return {
        getValue: () => value,
        setValue: (v: string) => void (value = v),
        getModel: () => ({ getLineCount: () => value.split('\n').length }),
        getContentHeight: () => 40,
        onDidChangeModelContent: () => none,
        onDidContentSizeChange: () => none,
        dispose: () => undefined,
      };
    },
  };
  return { monaco: { editor }, setupMonacoEnvironment: () => undefined, followVsCodeTheme: () => undefined };
});

const record = onionRecord();
const state = (over: Partial<EditorState> = {}): EditorState => ({
  taskId: record.task_id,
  file: '/ws/data/onion.records.jsonl',
  line: 4,
  record: record as unknown as Record<string, unknown>,
  raw: JSON.stringify(record),
  progress: { reviewed: 1, total: 3, pending: 2 },
  dirty: false,
  ...over,
});

let page: LoadedPage;
beforeEach(async () => {
  page = await loadPage(() => import('../../../../webview/editor/main'), state());
});
afterEach(() => {
  expect(page.errors()).toEqual([]);
  page.close();
});

/** Types into one of the form's @vscode-elements fields as a user does (its `input` event). */
async function typeInto(testId: string, value: string) {
  const field = await page.find<HTMLElement & { value: string }>(`[data-testid="${testId}"]`);
  await settle(); // its input listener is bound in an effect
  field.value = value;
  field.dispatchEvent(new Event('input'));
  await settle();
}
const text = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent;
const intentOf = (params: unknown) => (params as { intent: { requirement: string } }).intent;

describe('revision editor page', () => {
  it('shows the record, its progress and its instances, and asks the host to check the references', async () => {
    expect((await page.find('[data-testid="task-id"]')).textContent).toBe('sample-math/onions');
    expect(text('progress')).toBe('1 of 3 reviewed');
    expect(text('next')).toBe('Next pending (2 left)');
    expect(document.querySelector('[data-testid="modified"]')).toBeNull();
    expect(document.querySelector('[data-testid="preview-multi-revised"]')?.textContent).toContain('2 bags');
    await page.until(() => page.requests('checkReferences').length > 0, 'checkReferences');
    const [check] = page.requests('checkReferences');
    expect(intentOf(check!.params).requirement).toBe('number of bags');
  });

  it('marks an edit as unapplied, tells the host, and applies it on Apply', async () => {
    await typeInto('requirement', 'bags bought');
    await page.find('[data-testid="modified"]');
    // Closing the editor now asks first: the host was told about the unapplied intent.
    const lastPending = () =>
      page
        .commands()
        .filter((c) => c.command === 'pending')
        .at(-1)?.params;
    await page.until(() => intentOf(lastPending()) !== null, 'the pending edit');
    expect(intentOf(lastPending()).requirement).toBe('bags bought');
    (await page.find('[data-testid="apply"]')).click();
    const [apply] = page.requests('apply');
    expect(apply!.params).toMatchObject({
      baseRaw: JSON.stringify(record),
      save: false,
      intent: { requirement: 'bags bought' },
    });
    const written = { ...record, intent: { ...record.intent, requirement: 'bags bought' } };
    await page.respond(apply!, {
      ok: true,
      state: state({ record: written, raw: JSON.stringify(written), dirty: true }),
    });
    await page.until(
      () => text('message')?.startsWith('Applied to the document, not saved yet') === true,
      'the message',
    );
    expect(document.querySelector('[data-testid="modified"]')).toBeNull();
    expect(document.querySelector('[data-testid="unsaved"]')).not.toBeNull();
  });

  it('shows a refused write as a conflict', async () => {
    await typeInto('requirement', 'bags bought');
    await page.find('[data-testid="modified"]');
    (await page.find('[data-testid="apply"]')).click();
    await page.respond(page.requests('apply')[0]!, { ok: false, conflict: 'The record changed on disk.' });
    await page.until(() => text('conflict')?.includes('The record changed on disk.') === true, 'the conflict');
  });

  it('approves on Alt+A, and once saved asks the host for the next pending record', async () => {
    await page.find('[data-testid="approve"]');
    await settle();
    pressKey('a', { altKey: true });
    const [review] = page.requests('review');
    expect(review!.params).toMatchObject({ status: 'approved', baseRaw: JSON.stringify(record) });
    const approved = { ...record, intent: { ...record.intent, review: { status: 'approved' } } };
    await page.respond(review!, { ok: true, state: state({ record: approved, raw: JSON.stringify(approved) }) });
    await page.until(() => page.commands().some((c) => c.command === 'reviewNext'), 'reviewNext');
    expect(page.commands().filter((c) => c.command === 'reviewNext')).toEqual([
      {
        kind: 'command',
        command: 'reviewNext',
        params: { reviewed: { taskId: 'sample-math/onions', status: 'approved' } },
      },
    ]);
    // The message renders after the command is posted (React commits the state later under load).
    await page.until(() => text('message') === 'Marked approved: sample-math/onions (saved).', 'the approval message');
  });
});
