// The two final responses in a Monaco diff editor (advanced algorithm: character changes widened to
// whole words), read-only, with the inactive spans of each side as decorations whose hover says
// what they are. Reports when the first diff has been computed (in the blob worker).
import { useEffect, useRef } from 'react';
import { followVsCodeTheme, monaco, setupMonacoEnvironment } from '../shared/monacoSetup';
import 'monaco-editor/editor/browser/widget/diffEditor/diffEditor.contribution';
import 'monaco-editor/editor/contrib/hover/browser/hoverContribution';
import '../../node_modules/monaco-editor/esm/vs/base/browser/ui/codicons/codicon/codicon.css';
import type { CompareMessage } from '../../src/shared/protocol/compare';
import { takeWorker } from './workerPrewarm';

// Loaded lazily (see main.tsx): set Monaco up once, on first evaluation.
setupMonacoEnvironment();
(self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment.getWorker = () => takeWorker();
followVsCodeTheme();
// F7/F8 belong to the view's navigation (VS Code keybindings), not to Monaco's accessible diff viewer.
for (const command of ['-accessibleDiffViewer.next', '-accessibleDiffViewer.prev']) {
  try {
    monaco.editor.addKeybindingRule({ keybinding: command.endsWith('next') ? monaco.KeyCode.F7 : monaco.KeyMod.Shift | monaco.KeyCode.F7, command });
  } catch {
    // Without the accessible diff viewer there is nothing to unbind.
  }
}

function escapeMarkdown(s: string): string {
  return s.replace(/[\\`*_{}[\]()#+\-.!<>|~]/g, (c) => `\\${c}`);
}

function decorationsFor(model: monaco.editor.ITextModel, message: CompareMessage | undefined): monaco.editor.IModelDeltaDecoration[] {
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

export interface FinalDiffProps {
  left: CompareMessage | undefined;
  right: CompareMessage | undefined;
  onDiffComputed: (computed: boolean) => void;
  /** Laid out but hidden, under the text diff, until the diff is computed. */
  pending?: boolean;
  /** Receives the editor, for keyboard navigation into the diff. */
  onEditor?: (editor: monaco.editor.IStandaloneDiffEditor | undefined) => void;
}

export default function FinalDiff({ left, right, onDiffComputed, onEditor, pending }: FinalDiffProps) {
  const host = useRef<HTMLDivElement>(null);
  const editorRef = useRef<monaco.editor.IStandaloneDiffEditor | undefined>(undefined);
  const reported = useRef(false);
  const report = useRef(onDiffComputed);
  report.current = onDiffComputed;

  useEffect(() => {
    if (!host.current) return;
    const editor = monaco.editor.createDiffEditor(host.current, {
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
    editorRef.current = editor;
    onEditor?.(editor);
    const done = (computed: boolean) => {
      if (reported.current) return;
      reported.current = true;
      if (computed) performance.mark('il:diff-computed');
      window.clearInterval(poll);
      window.clearTimeout(timer);
      report.current(computed);
    };
    const sub = editor.onDidUpdateDiff(() => done(true));
    // Identical texts may never fire onDidUpdateDiff: the line changes turn non-null once computed.
    const poll = window.setInterval(() => {
      if (editor.getModel() && editor.getLineChanges() !== null) done(true);
    }, 10);
    // A worker blocked by CSP fails silently and no diff ever arrives: report that instead of waiting forever.
    const timer = window.setTimeout(() => done(false), 5000);
    return () => {
      window.clearInterval(poll);
      window.clearTimeout(timer);
      sub.dispose();
      onEditor?.(undefined);
      const model = editor.getModel();
      editor.dispose();
      model?.original.dispose();
      model?.modified.dispose();
    };
    // The editor lives as long as the component; texts are swapped in the next effect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const editor = editorRef.current;
    if (!editor) return;
    const old = editor.getModel();
    const original = monaco.editor.createModel(left?.text ?? '', 'plaintext');
    const modified = monaco.editor.createModel(right?.text ?? '', 'plaintext');
    editor.setModel({ original, modified });
    const decoL = editor.getOriginalEditor().createDecorationsCollection(decorationsFor(original, left));
    const decoR = editor.getModifiedEditor().createDecorationsCollection(decorationsFor(modified, right));
    old?.original.dispose();
    old?.modified.dispose();
    return () => {
      decoL.clear();
      decoR.clear();
    };
  }, [left, right]);

  return <div ref={host} className={`il-final-diff${pending ? ' il-final-pending' : ''}`} data-testid="final-diff" />;
}
