// Monaco in a webview under a strict CSP: the editor worker runs from a blob URL made from the
// worker bundle that the build inlines (`worker-src blob:`), and the theme follows VS Code's
// `--vscode-*` variables, re-applied when the body's theme class changes.
import * as monaco from 'monaco-editor/editor';
import workerSource from 'monaco-worker-source';

let workerUrl: string | undefined;

export function setupMonacoEnvironment(): void {
  workerUrl ??= URL.createObjectURL(new Blob([workerSource], { type: 'text/javascript' }));
  (self as unknown as { MonacoEnvironment: monaco.Environment }).MonacoEnvironment = {
    getWorker: () => new Worker(workerUrl!),
  };
}

function cssVar(name: string): string | undefined {
  const v = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  if (!v) return undefined;
  if (/^#[0-9a-f]{3,8}$/i.test(v)) return v;
  // Monaco wants hex colours; convert rgb()/rgba().
  const m = /^rgba?\(\s*(\d+)[ ,]+(\d+)[ ,]+(\d+)(?:[ ,/]+([\d.]+))?\s*\)$/.exec(v);
  if (!m) return undefined;
  const hex = (n: number) => n.toString(16).padStart(2, '0');
  const a = m[4] !== undefined ? hex(Math.round(Number(m[4]) * 255)) : '';
  return `#${hex(+m[1]!)}${hex(+m[2]!)}${hex(+m[3]!)}${a}`;
}

const COLOR_MAP: Record<string, string> = {
  'editor.background': '--vscode-editor-background',
  'editor.foreground': '--vscode-editor-foreground',
  'editor.lineHighlightBackground': '--vscode-editor-lineHighlightBackground',
  'editor.selectionBackground': '--vscode-editor-selectionBackground',
  'editorLineNumber.foreground': '--vscode-editorLineNumber-foreground',
  'editorCursor.foreground': '--vscode-editorCursor-foreground',
  'diffEditor.insertedTextBackground': '--vscode-diffEditor-insertedTextBackground',
  'diffEditor.removedTextBackground': '--vscode-diffEditor-removedTextBackground',
  'diffEditor.insertedLineBackground': '--vscode-diffEditor-insertedLineBackground',
  'diffEditor.removedLineBackground': '--vscode-diffEditor-removedLineBackground',
  'editorWidget.background': '--vscode-editorWidget-background',
  'editorHoverWidget.background': '--vscode-editorHoverWidget-background',
  'editorHoverWidget.border': '--vscode-editorHoverWidget-border',
  'scrollbarSlider.background': '--vscode-scrollbarSlider-background',
};

function baseTheme(): monaco.editor.BuiltinTheme {
  const c = document.body.classList;
  if (c.contains('vscode-high-contrast-light')) return 'hc-light';
  if (c.contains('vscode-high-contrast')) return 'hc-black';
  return c.contains('vscode-light') ? 'vs' : 'vs-dark';
}

export function applyVsCodeTheme(): void {
  const colors: Record<string, string> = {};
  for (const [k, v] of Object.entries(COLOR_MAP)) {
    const c = cssVar(v);
    if (c) colors[k] = c;
  }
  monaco.editor.defineTheme('intent-lens', { base: baseTheme(), inherit: true, rules: [], colors });
  monaco.editor.setTheme('intent-lens');
}

/** Applies the theme now and whenever VS Code switches theme (body class change). */
export function followVsCodeTheme(): () => void {
  applyVsCodeTheme();
  const obs = new MutationObserver(() => applyVsCodeTheme());
  obs.observe(document.body, { attributes: true, attributeFilter: ['class'] });
  return () => obs.disconnect();
}

export { monaco };
