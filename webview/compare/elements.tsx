// Thin React wrappers for the @vscode-elements web components the compare view uses. Created with
// createElement on the tag name, so no global JSX declarations are needed (other views may declare
// their own).
import { createElement, type ReactNode, type MouseEventHandler } from 'react';
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-toolbar-container/index.js';

export function VscButton(props: { children: ReactNode; onClick: MouseEventHandler<HTMLElement>; secondary?: boolean; title?: string; testId?: string; disabled?: boolean }) {
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

export function VscBadge(props: { children: ReactNode; className?: string; title?: string; data?: Record<string, string> }) {
  const data: Record<string, string> = {};
  for (const [k, v] of Object.entries(props.data ?? {})) data[`data-${k}`] = v;
  return createElement('vscode-badge', { className: props.className, title: props.title, ...data }, props.children);
}

export function VscToolbar(props: { children: ReactNode; label: string }) {
  return createElement('vscode-toolbar-container', { 'aria-label': props.label, role: 'toolbar', className: 'il-toolbar' }, props.children);
}
