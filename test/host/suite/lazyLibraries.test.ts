// The installed extension as VS Code loads it: dist/extension.js is the small bootstrap that loads
// the host bundle (dist/host.js) through V8's code cache, and the libraries only some paths need
// come from bundles of their own on first use. Here the SQL parser, through the inactive-content
// spans of a database conversation's view, built in the product's own bundle.
import * as assert from 'node:assert/strict';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { activatedApi as api } from './activatedApi';

interface InspectedConversation {
  convId: string;
  state: { notes: string[]; turns: Array<{ replies: Array<{ spans: Array<{ value: string; kind: string }> }> }> };
}

describe('The host bundle and the libraries it loads on first use', () => {
  it('is loaded by the bootstrap, with the lazy libraries beside it', async () => {
    await api();
    const ext = vscode.extensions.getExtension('intent-lens.intent-lens');
    assert.ok(ext);
    const dist = join(ext.extensionPath, 'dist');
    assert.ok(
      statSync(join(dist, 'extension.js')).size < 20_000,
      'dist/extension.js is the bootstrap, not the host bundle',
    );
    for (const f of ['host.js', 'lib-sql-parser.js', 'lib-lezer-python.js', 'lib-sqljs.js'])
      assert.ok(existsSync(join(dist, f)), `dist/${f} is missing`);
  });

  it('finds the rejected SQL in the database conversations, whose detector parses SQL (the parser loads from its own bundle)', async function () {
    this.timeout(60000);
    const { services } = await api();
    // Retained and Revised carry an inactive reference query: the detector parses it and the answer's.
    const database = services.data
      .conversations()
      .filter(
        (c) => c.task === 'database' && (c.condition === 'revised' || c.condition === 'retained') && c.mode === 'multi',
      );
    assert.ok(database.length > 0, 'no multi-turn Retained or Revised database conversation in the samples');
    const spans: string[] = [];
    for (const c of database) {
      await vscode.commands.executeCommand('intentLens.openConversation', { convId: c.conv_id });
      const inspected = await vscode.commands.executeCommand<InspectedConversation>(
        'intentLens.conversation.inspectActive',
      );
      assert.equal(inspected?.convId, c.conv_id);
      assert.deepEqual(
        inspected.state.notes.filter((n) => /detector failed/.test(n)),
        [],
        'the inactive-content detector failed',
      );
      for (const t of inspected.state.turns)
        for (const r of t.replies) spans.push(...r.spans.map((s) => `${s.kind}: ${s.value}`));
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    assert.ok(spans.length > 0, `no inactive-content spans in ${database.length} database conversation(s)`);
  });
});
