// `showQuickPick` and `showInputBox` as prompts that keep the keyboard focus: they stay open when the
// focus moves (Escape closes them) and take it back from a page VS Code focuses late
// (PickFocusKeeper). For prompts that run from a page's keys or buttons (annotate, override, review),
// where the page that ran them gets the focus back after the previous prompt closed.
import * as vscode from 'vscode';
import { PickFocusKeeper } from './pickFocusKeeper';
import { PickSession } from './pickSession';

export interface KeptPickOptions {
  title: string;
  placeholder?: string;
}

/** One pick of `items`; undefined when the user closes it. A one-step PickSession. */
export async function pickKeepingFocus<T extends vscode.QuickPickItem>(
  items: readonly T[],
  options: KeptPickOptions,
): Promise<T | undefined> {
  const session = await PickSession.start(options.title);
  try {
    return await session.pick({ title: options.title, placeholder: options.placeholder ?? '', items });
  } finally {
    session.dispose();
  }
}

export interface KeptInputOptions {
  title: string;
  prompt?: string;
  value?: string;
  placeholder?: string;
  /** A message when the text cannot be accepted, else undefined. */
  validateInput?: (value: string) => string | undefined;
}

/** One line of text; undefined when the user closes the box. */
export function inputKeepingFocus(options: KeptInputOptions): Promise<string | undefined> {
  const box = vscode.window.createInputBox();
  Object.assign(box, {
    title: options.title,
    prompt: options.prompt,
    placeholder: options.placeholder,
    value: options.value ?? '',
    ignoreFocusOut: true,
  });
  const focus = new PickFocusKeeper(box);
  const validate = (v: string) => (box.validationMessage = options.validateInput?.(v));
  return new Promise<string | undefined>((resolve) => {
    const done = (text: string | undefined) => {
      focus.dispose();
      subs.forEach((s) => s.dispose());
      box.dispose();
      resolve(text);
    };
    const subs = [
      box.onDidChangeValue(validate),
      box.onDidAccept(() => {
        if (validate(box.value) === undefined) done(box.value);
      }),
    ];
    focus.onDidClose(() => done(undefined));
    box.show();
  });
}
