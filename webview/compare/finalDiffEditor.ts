// Monaco's diff editor for the two final responses (advanced algorithm: character changes widened to
// whole words), read-only, with the inactive spans of each side as decorations whose hover says
// what they are. A lazy module of its own build (dist/webview/lazy/): it holds Monaco and its
// stylesheet, and no React, so the view's eager code (inlined into the page) shares nothing with it.
import { followVsCodeTheme, monaco, setupMonacoEnvironment } from '../shared/monacoSetup';
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import '../../node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
import type { CompareMessage } from '../../src/shared/protocol/compare';
import { takeWorker } from './workerPrewarm';

// Set Monaco up once, on first evaluation.
setupMonacoEnvironment();
(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment.getWorker = () => takeWorker();
followVsCodeTheme();
// F7/F8 belong to the view's navigation (VS Code keybindings), not to Monaco's accessible diff viewer.
for (const command of ['-accessibleDiffViewer.next', '-accessibleDiffViewer.prev']) {
  try {
    monaco.editor.addKeybindingRule({
      keybinding: command.endsWith('next') ? monaco.KeyCode.F7 : monaco.KeyMod.Shift | monaco.KeyCode.F7,
      command,
    });
  } catch {
    // Without the accessible diff viewer there is nothing to unbind.
  }
}

let stylesheet: Promise<void> | undefined;

/**
 * Monaco's and the codicons' CSS, built beside this module (`finalDiffEditor.css`). Loaded before the
 * editor is made, as Monaco measures its layout when it is created; a failed load is not fatal.
 */
function loadStylesheet(): Promise<void> {
  stylesheet ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = new URL('./finalDiffEditor.css', import.meta.url).href;
    link.onload = () => resolve();
    link.onerror = () => resolve();
    document.head.append(link);
  });
  return stylesheet;
}

function escapeMarkdown(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (c) => `\\${c}`);
}

function decorationsFor(
  model: monaco.editor.ITextModel,
  message: CompareMessage | undefined,
): monaco.editor.IModelDeltaDecoration[] {
  if (!message) return [];
  return message.spans.map((s) => {
    const start = model.getPositionAt(s.start);
    const end = model.getPositionAt(s.end);
    const what = s.kind === 'rejected' ? 'Rejected content' : 'Superseded content';
    return {
      range: new monaco.Range(start.lineNumber, start.column, end.lineNumber, end.column),
      options: {
        inlineClassName: `il-monaco-inactive il-monaco-inactive-${s.kind}`,
        hoverMessage: { value: `**${what}**: ${escapeMarkdown(s.describe)}` },
        stickiness: monaco.editor.TrackedRangeStickiness.NeverGrowsWhenTypingAtEdges,
        overviewRuler: { color: '#e5a000', position: monaco.editor.OverviewRulerLane.Center },
      },
    };
  });
}

export interface FinalDiffEditor {
  /** Shows these two responses (the previous models and decorations are disposed). */
  show(left: CompareMessage | undefined, right: CompareMessage | undefined): void;
  dispose(): void;
}

/**
 * Makes the diff editor in `host` once the stylesheet is in. `onDiffComputed` is called once: true when
 * the first diff has been computed (in the blob worker), false if none came within 5 s (a worker
 * blocked by CSP fails silently).
 */
export async function createFinalDiffEditor(
  host: HTMLElement,
  onDiffComputed: (computed: boolean) => void,
): Promise<FinalDiffEditor> {
  await loadStylesheet();
  const editor = monaco.editor.createDiffEditor(host, {
    readOnly: true,
    originalEditable: false,
    renderSideBySide: true,
    useInlineViewWhenSpaceIsLimited: false,
    diffAlgorithm: 'advanced',
    ignoreTrimWhitespace: false,
    wordWrap: 'on',
    diffWordWrap: 'on',
    automaticLayout: true,
    minimap: { enabled: false },
    scrollBeyondLastLine: false,
    lineNumbers: 'off',
    glyphMargin: false,
    folding: false,
    renderOverviewRuler: false,
    renderMarginRevertIcon: false,
    renderGutterMenu: false,
    fontSize: 13,
    hover: { enabled: 'on', delay: 150 },
  });
  performance.mark('il:diff-editor-created');
  let reported = false;
  const done = (computed: boolean) => {
    if (reported) return;
    reported = true;
    if (computed) performance.mark('il:diff-computed');
    window.clearInterval(poll);
    window.clearTimeout(timer);
    onDiffComputed(computed);
  };
  const sub = editor.onDidUpdateDiff(() => done(true));
  // Identical texts may never fire onDidUpdateDiff: the line changes turn non-null once computed.
  const poll = window.setInterval(() => {
    if (editor.getModel() && editor.getLineChanges() !== null) done(true);
  }, 10);
  const timer = window.setTimeout(() => done(false), 5000);
  let decorations: monaco.editor.IEditorDecorationsCollection[] = [];
  /** Clears the decorations shown and disposes the models they were on (the editor has left them). */
  const release = (shown: monaco.editor.IDiffEditorModel | null) => {
    for (const d of decorations) d.clear();
    decorations = [];
    shown?.original.dispose();
    shown?.modified.dispose();
  };
  return {
    show(left, right) {
      const old = editor.getModel();
      const original = monaco.editor.createModel(left?.text ?? '', 'plaintext');
      const modified = monaco.editor.createModel(right?.text ?? '', 'plaintext');
      editor.setModel({ original, modified });
      release(old);
      decorations = [
        editor.getOriginalEditor().createDecorationsCollection(decorationsFor(original, left)),
        editor.getModifiedEditor().createDecorationsCollection(decorationsFor(modified, right)),
      ];
    },
    dispose() {
      window.clearInterval(poll);
      window.clearTimeout(timer);
      sub.dispose();
      const shown = editor.getModel();
      editor.dispose();
      release(shown);
    },
  };
}
