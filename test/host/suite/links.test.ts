// A link from a web page, handed to the extension's URI handler: what it carries is shown in the
// error notification escaped (no Markdown link survives) and truncated. The notification is observed
// by replacing window.showErrorMessage on the API object the extension shares with this suite.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activatedApi as api } from './activatedApi';

const PHISH = '[Re-index logs](https://example.com/steal)';

async function shownFor(links: string[]): Promise<string[]> {
  const shown: string[] = [];
  const original = vscode.window.showErrorMessage;
  const capture = (message: string) => {
    shown.push(message);
    return Promise.resolve(undefined);
  };
  Object.defineProperty(vscode.window, 'showErrorMessage', { value: capture, configurable: true, writable: true });
  try {
    for (const link of links) await vscode.commands.executeCommand('intentLens.links.open', link);
  } finally {
    Object.defineProperty(vscode.window, 'showErrorMessage', { value: original, configurable: true, writable: true });
  }
  return shown;
}

describe('Links', () => {
  it('shows what a hostile link carries escaped and truncated', async () => {
    await api();
    const base = `${vscode.env.uriScheme}://intent-lens.intent-lens`;
    const absent = 'a'.repeat(200);
    const shown = await shownFor([
      `${base}/conversation?conv=${encodeURIComponent(PHISH)}`,
      `${base}/${encodeURIComponent(PHISH)}${'x'.repeat(300)}`,
      `${base}/conversation?conv=${absent}`,
      `${base}/conversation?conv=${'b'.repeat(2 * 1024 * 1024)}`,
    ]);
    assert.equal(shown.length, 4, JSON.stringify(shown));
    for (const m of shown) {
      assert.doesNotMatch(m, /\[|\]\(/, m);
      assert.ok(m.length < 400, `not truncated: ${m.length} characters`);
    }
    assert.match(shown[0]!, /conversation id holds characters/);
    assert.ok(shown[1]!.includes('%5BRe-index logs%5D%28https://example.com/steal%29'), shown[1]);
    assert.match(shown[1]!, /…"/);
    assert.ok(shown[2]!.includes(`"${'a'.repeat(80)}…"`), shown[2]);
    assert.match(shown[3]!, /longer than/);
  });
});
