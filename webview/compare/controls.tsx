// The compare view's buttons, badges and toolbar as plain elements drawn with VS Code's theme
// variables (compare.css, ../shared/buttons.css). Not the @vscode-elements web components: their Lit
// runtime (≈ 45 KB) and a shadow root per button were in the eager bundle and the first commit of
// every fresh compare panel.
import type { ReactNode, MouseEventHandler } from 'react';

export function Button(props: {
  children: ReactNode;
  onClick: MouseEventHandler<HTMLElement>;
  secondary?: boolean;
  title?: string;
  testId?: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      className={props.secondary ? undefined : 'il-primary'}
      onClick={props.onClick}
      disabled={props.disabled}
      title={props.title}
      data-testid={props.testId}
    >
      {props.children}
    </button>
  );
}

export function Badge(props: {
  children: ReactNode;
  className?: string;
  title?: string;
  data?: Record<string, string>;
}) {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(props.data ?? {})) data[`data-${k}`] = v;
  return (
    <span className={`il-badge${props.className ? ` ${props.className}` : ''}`} title={props.title} {...data}>
      {props.children}
    </span>
  );
}

export function Toolbar(props: { children: ReactNode; label: string }) {
  return (
    <div role="toolbar" aria-label={props.label} className="il-toolbar">
      {props.children}
    </div>
  );
}
