// Form controls of the revision editor: @vscode-elements text fields and buttons (wired through
// refs, since their `input` event comes from inside a shadow root), and a small Monaco editor for
// long texts (proposal, single-turn prompts) with word wrap and no chrome.
import { createElement, useEffect, useRef, type ReactNode } from 'react';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import { monaco } from '../shared/monacoSetup';

interface ValueElement extends HTMLElement {
  value: string;
}

/** Keeps a custom element's `value` in sync with React state and reports user input. */
function useValueElement(value: string, onChange: (v: string) => void) {
  const ref = useRef<ValueElement | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  useEffect(() => {
    const el = ref.current;
    if (el && el.value !== value) el.value = value;
  }, [value]);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const listener = () => onChangeRef.current(el.value);
    el.addEventListener('input', listener);
    return () => el.removeEventListener('input', listener);
  }, []);
  return ref;
}

interface ValueFieldProps {
  value: string;
  onChange: (v: string) => void;
  testId: string;
  invalid?: boolean;
  label: string;
}

/** A @vscode-elements text control bound to `value`, with the attributes every field has. */
function ValueField(
  props: ValueFieldProps & { tag: 'vscode-textfield' | 'vscode-textarea'; attributes: Record<string, unknown> },
) {
  const ref = useValueElement(props.value, props.onChange);
  return createElement(props.tag, {
    ref,
    'data-testid': props.testId,
    'aria-label': props.label,
    invalid: props.invalid ? true : undefined,
    className: 'il-field',
    ...props.attributes,
  });
}

export function TextField(props: ValueFieldProps & { placeholder?: string }) {
  return <ValueField {...props} tag="vscode-textfield" attributes={{ placeholder: props.placeholder }} />;
}

interface TextAreaElement extends ValueElement {
  wrappedElement?: HTMLTextAreaElement;
  updateComplete?: Promise<unknown>;
}

/** Grows a text area to fit its text (never below its rows), on every value and width change. */
function useGrowToFit(value: string) {
  const box = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const el = box.current?.querySelector<TextAreaElement>('vscode-textarea');
    if (!el) return;
    let live = true;
    const fit = () => {
      const inner = el.wrappedElement;
      if (!live || !inner) return;
      inner.style.height = 'auto';
      // scrollHeight is the text's full height; the border is outside it.
      inner.style.height = `${inner.scrollHeight + 2}px`;
    };
    void (el.updateComplete ?? Promise.resolve()).then(fit);
    const observer = new ResizeObserver(() => fit());
    observer.observe(el);
    return () => {
      live = false;
      observer.disconnect();
    };
  }, [value]);
  return box;
}

export function TextArea(props: ValueFieldProps & { rows?: number }) {
  const box = useGrowToFit(props.value);
  return (
    <div ref={box} className="il-grow">
      <ValueField {...props} tag="vscode-textarea" attributes={{ rows: props.rows ?? 2, resize: 'vertical' }} />
    </div>
  );
}

export function Button(props: {
  children: ReactNode;
  onClick: () => void;
  secondary?: boolean;
  title?: string;
  testId?: string;
  disabled?: boolean;
}) {
  return createElement(
    'vscode-button',
    {
      onClick: props.onClick,
      secondary: props.secondary ? true : undefined,
      disabled: props.disabled ? true : undefined,
      title: props.title,
      'data-testid': props.testId,
    },
    props.children,
  );
}

export function Badge(props: { children: ReactNode; className?: string }) {
  return createElement('vscode-badge', { className: props.className }, props.children);
}

export function Collapsible(props: { title: string; open?: boolean; children: ReactNode; testId?: string }) {
  return createElement(
    'vscode-collapsible',
    { title: props.title, open: props.open ? true : undefined, 'data-testid': props.testId },
    props.children,
  );
}

/** A wrapped, line-number-free Monaco editor for one long text. */
export function MonacoField(props: {
  value: string;
  onChange: (v: string) => void;
  testId: string;
  invalid?: boolean;
  label: string;
  minLines?: number;
}) {
  const host = useRef<HTMLDivElement | null>(null);
  const editorRef = useRef<monaco.editor.IStandaloneCodeEditor | null>(null);
  const onChangeRef = useRef(props.onChange);
  onChangeRef.current = props.onChange;
  useEffect(() => {
    if (!host.current) return;
    const editor = monaco.editor.create(host.current, {
      value: props.value,
      language: 'plaintext',
      wordWrap: 'on',
      lineNumbers: 'off',
      minimap: { enabled: false },
      glyphMargin: false,
      folding: false,
      scrollBeyondLastLine: false,
      renderLineHighlight: 'none',
      overviewRulerLanes: 0,
      automaticLayout: true,
      ariaLabel: props.label,
      fontSize: 13,
      scrollbar: { vertical: 'auto', alwaysConsumeMouseWheel: false },
      // The hidden-textarea input path: works with every input method and with test drivers.
      editContext: false,
    });
    editorRef.current = editor;
    const fit = () => {
      const lines = Math.max(props.minLines ?? 2, Math.min(14, editor.getModel()?.getLineCount() ?? 1));
      const h = Math.max(editor.getContentHeight(), lines * 19 + 8);
      host.current!.style.height = `${Math.min(h, 300)}px`;
    };
    const subs = [
      editor.onDidChangeModelContent(() => onChangeRef.current(editor.getValue())),
      editor.onDidContentSizeChange(fit),
    ];
    fit();
    return () => {
      subs.forEach((s) => s.dispose());
      editor.dispose();
    };
    // The editor is created once; later values arrive through the effect below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const editor = editorRef.current;
    if (editor && editor.getValue() !== props.value) editor.setValue(props.value);
  }, [props.value]);
  return <div ref={host} className={`il-monaco${props.invalid ? ' il-invalid' : ''}`} data-testid={props.testId} />;
}
