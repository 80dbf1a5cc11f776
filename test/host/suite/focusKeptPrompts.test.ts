// The prompts of the annotation and review commands (picks/focusKeptPrompts) in a real window: a page
// that gets the focus without a click shows the prompt again (so it has the keyboard back) and the
// prompt still answers; a click in a page, or a close, is left to the user.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { inputKeepingFocus, pickKeepingFocus } from '../../../src/extension/picks/focusKeptPrompts';
import { logFocusTo, reportWebviewFocus } from '../../../src/extension/webviews/webviewFocus';
import { sentToWindow } from '../../../src/extension/windowMessages';

const focusLines: string[] = [];

async function until(what: string, ok: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The window has the prompt: messages sent, and one more round trip through the window. */
async function shown(): Promise<void> {
  await sentToWindow();
  await vscode.commands.executeCommand('setContext', 'intentLens.hostSuiteRoundTrip', true);
}

const accept = () => vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
const close = () => vscode.commands.executeCommand('workbench.action.closeQuickOpen');

describe('Prompts that keep the keyboard focus', () => {
  before(() => logFocusTo((line) => focusLines.push(line)));
  beforeEach(() => (focusLines.length = 0));
  afterEach(async () => {
    await close();
  });

  it('shows a pick again when a page gets the focus without a click, and Enter still picks', async () => {
    const items = [{ label: 'first' }, { label: 'second' }];
    const picked = pickKeepingFocus(items, { title: 'Kept pick' });
    await shown();
    reportWebviewFocus({ byPointer: false }, 'test');
    await until('the pick shown again', () => focusLines.some((l) => l.includes('"Kept pick" shown again')));
    await shown();
    await accept();
    assert.equal(await picked, items[0]);
  });

  it('leaves a pick alone on a click in a page, and a close answers nothing', async () => {
    const picked = pickKeepingFocus([{ label: 'only' }], { title: 'Clicked away' });
    await shown();
    reportWebviewFocus({ byPointer: true }, 'test');
    await close();
    assert.equal(await picked, undefined);
    assert.deepEqual(
      focusLines.filter((l) => l.includes('shown again')),
      [],
    );
  });

  it('keeps an input box open on an invalid text, and takes the focus back to it', async () => {
    const answer = inputKeepingFocus({
      title: 'Kept input',
      value: 'draft',
      validateInput: (v) => (v === 'draft' ? 'change the draft' : undefined),
    });
    await shown();
    reportWebviewFocus({ byPointer: false }, 'test');
    await until('the box shown again', () => focusLines.some((l) => l.includes('"Kept input" shown again')));
    await shown();
    await accept();
    let settled = false;
    void answer.then(() => (settled = true));
    await shown();
    assert.equal(settled, false, 'an invalid text was accepted');
    await close();
    assert.equal(await answer, undefined);
  });

  it('answers the text of an input box that passes its check', async () => {
    const answer = inputKeepingFocus({ title: 'Valid input', value: 'kept', validateInput: () => undefined });
    await shown();
    await accept();
    assert.equal(await answer, 'kept');
  });
});
