// The revision editor's saves (editRecord with save) hold the file's advisory lock, the one the
// CLI's `review` and every other writer take (#17): while another process holds it nothing is
// written and the edit stays in the document, unsaved; once it is free the save goes through.
import * as assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { activatedApi as api } from './activatedApi';
import { RecordConflictError, editRecord, saveRecordsDocument } from '../../../src/extension/review/recordDocuments';

describe('Locked saves of records', () => {
  let dir: string;
  let file: string;
  let lockPath: string;
  let original: string;
  let taskId: string;

  before(async () => {
    const { services } = await api();
    // A real record of the workspace, copied to a file of its own so the workspace stays as it is.
    const entry = [...services.data.records().values()].find((e) => e.record.intent);
    assert.ok(entry, 'no record with an intent block in the workspace');
    taskId = entry.record.task_id;
    const line = readFileSync(entry.file, 'utf8').split('\n')[entry.line - 1];
    assert.ok(
      line?.includes(JSON.stringify(taskId).slice(1, -1)),
      `line ${entry.line} of ${entry.file} is not ${taskId}`,
    );
    dir = mkdtempSync(join(tmpdir(), 'intent-lens-locked-save-'));
    file = join(dir, 'locked.records.jsonl');
    original = `${line}\n`;
    writeFileSync(file, original);
    lockPath = `${realpathSync(file)}.lock`;
  });

  after(async () => {
    // Leave no dirty document behind for later suites.
    const doc = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file);
    if (doc?.isDirty) {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not save while another process holds the lock: nothing written, the edit stays unsaved', async () => {
    const { services } = await api();
    // Held by a live process on this host (this one stands in for a CLI `review`): never stale.
    writeFileSync(lockPath, JSON.stringify({ pid: process.pid, host: hostname(), at: Date.now() }));
    await assert.rejects(
      editRecord(services.data, taskId, [{ path: ['intent', 'reject'], value: 'Written under the lock.' }], {
        file,
        save: true,
        lock: { timeoutMs: 500 },
      }),
      (e: unknown) => e instanceof RecordConflictError && /another process/.test(e.message),
    );
    assert.equal(readFileSync(file, 'utf8'), original);
    const doc = await vscode.workspace.openTextDocument(file);
    assert.ok(doc.isDirty, 'the edit should stay in the document, unsaved');
    assert.match(doc.getText(), /Written under the lock\./);
    // The other holder's lock is left alone.
    assert.ok(existsSync(lockPath));
  });

  it('saves once the lock is free, and releases it', async () => {
    unlinkSync(lockPath);
    const doc = await vscode.workspace.openTextDocument(file);
    await saveRecordsDocument(doc, { timeoutMs: 10_000 });
    assert.equal(doc.isDirty, false);
    const saved = readFileSync(file, 'utf8');
    assert.notEqual(saved, original);
    assert.equal(
      (JSON.parse(saved.split('\n')[0]!) as { intent: { reject: string } }).intent.reject,
      'Written under the lock.',
    );
    assert.equal(existsSync(lockPath), false, 'the save left its lock file behind');
  });
});
