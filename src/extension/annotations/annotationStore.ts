// The workspace's annotation sidecars in the extension: every `.intent-lens/annotations*.jsonl` of
// each workspace folder (one per annotator, merged), read after the data loads and again when one
// changes on disk; their human verdicts and annotations go on the workspace (`data.annotations`),
// whose change event every view already follows. Problems: sidecar lines that do not parse, at
// their line; conversations labelled `ambiguous-task`, at their log line; orphans, at their add.
// Writing an annotation is allowed in an untrusted workspace (it runs nothing).
import * as vscode from 'vscode';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { readSidecars, orphanAnnotations } from '../../core/annotations/annotationLog';
import { appendAnnotationEvents } from '../../core/annotations/annotationWriter';
import { ANNOTATION_SIDECAR, labelSet, type AnnotationEvent } from '../../core/annotations/annotationTypes';
import type { ExtensionServices } from '../services';
import { setting } from '../settings/settings';

const SIDECAR_NAME = /^annotations.*\.jsonl$/;

export class AnnotationStore implements vscode.Disposable {
  private readonly diagnostics = vscode.languages.createDiagnosticCollection('intentLens.annotations');
  private readonly subscriptions: vscode.Disposable[] = [this.diagnostics];
  private reading: Promise<void> = Promise.resolve();

  constructor(private readonly services: ExtensionServices) {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const watcher = vscode.workspace.createFileSystemWatcher(
        new vscode.RelativePattern(folder, '.intent-lens/annotations*.jsonl'),
      );
      this.subscriptions.push(
        watcher,
        watcher.onDidChange(() => this.reload()),
        watcher.onDidCreate(() => this.reload()),
        watcher.onDidDelete(() => this.reload()),
      );
    }
    this.subscriptions.push(services.data.onDidChange(() => this.reload()));
  }

  /** The sidecar this window writes: the first workspace folder's `.intent-lens/annotations.jsonl`. */
  writePath(): string | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    return folder && join(folder, ANNOTATION_SIDECAR);
  }

  /** The labels offered: the defaults plus the setting's. */
  labels(): string[] {
    return labelSet(setting('annotations.labels').filter((l): l is string => typeof l === 'string'));
  }

  private async sidecars(): Promise<string[]> {
    const out: string[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const dir = join(folder.uri.fsPath, '.intent-lens');
      const names = await readdir(dir).catch(() => [] as string[]);
      out.push(
        ...names
          .filter((n) => SIDECAR_NAME.test(n))
          .sort()
          .map((n) => join(dir, n)),
      );
    }
    return out;
  }

  /** Reads every sidecar again (queued: reads never overlap); resolves when this read is applied. */
  reload(): Promise<void> {
    this.reading = this.reading.then(async () => {
      try {
        const set = await readSidecars(await this.sidecars());
        this.services.rescored.applyWithoutSaving(() => this.services.data.annotations.set(set));
        this.report();
      } catch (e) {
        this.services.output.appendLine(
          `[annotations] could not read the sidecars: ${e instanceof Error ? e.message : String(e)}`,
        );
      }
    });
    return this.reading;
  }

  /** Appends events to this window's sidecar (under its lock) and applies them. */
  async append(events: readonly AnnotationEvent[]): Promise<void> {
    const path = this.writePath();
    if (!path) throw new Error('open a folder first: annotations are saved in its .intent-lens/annotations.jsonl');
    await appendAnnotationEvents(path, events);
    await this.reload();
  }

  private report(): void {
    const data = this.services.data;
    const byFile = new Map<string, vscode.Diagnostic[]>();
    const add = (file: string, line: number, message: string, severity: vscode.DiagnosticSeverity, code: string) => {
      const d = new vscode.Diagnostic(
        new vscode.Range(Math.max(0, line - 1), 0, Math.max(0, line - 1), 0),
        message,
        severity,
      );
      d.source = 'Intent Lens';
      d.code = code;
      (byFile.get(file) ?? byFile.set(file, []).get(file)!).push(d);
    };
    for (const p of data.annotations.problems())
      add(
        p.file,
        p.line,
        p.message,
        p.severity === 'error' ? vscode.DiagnosticSeverity.Error : vscode.DiagnosticSeverity.Warning,
        p.code,
      );
    for (const a of data.annotations.all()) {
      if (a.kind !== 'label' || a.value !== 'ambiguous-task') continue;
      const ref = data.logs.get(a.conv_id);
      if (ref)
        add(
          ref.file,
          ref.line,
          `${a.conv_id}: labelled ambiguous-task by ${a.by}${a.reason ? `: ${a.reason}` : ''}`,
          vscode.DiagnosticSeverity.Warning,
          'ambiguous-task',
        );
    }
    // Orphans only once the logs are loaded (before, every annotation would look like one).
    if (data.conversations().length) {
      for (const o of orphanAnnotations(
        { annotations: [...data.annotations.all()], problems: [], files: 0 },
        (id) => data.logs.get(id) !== undefined,
      )) {
        add(
          o.source.file,
          o.source.line,
          `orphan annotation: no conversation ${o.conv_id} in the workspace's run logs`,
          vscode.DiagnosticSeverity.Information,
          'annotation-orphan',
        );
      }
    }
    this.diagnostics.clear();
    for (const [file, list] of byFile) this.diagnostics.set(vscode.Uri.file(file), list);
  }

  dispose(): void {
    for (const s of this.subscriptions) s.dispose();
  }
}
