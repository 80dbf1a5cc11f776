// Screenshots of a view in the light, dark and high-contrast themes. The theme is picked the way a
// user picks it (Preferences: Color Theme, its label typed, Enter); each shot waits until the
// workbench and the view's page both show that theme. Labels are those of VS Code's theme-defaults.
import type { FrameLocator } from 'playwright-core';
import type { Workbench } from './harness';

export const THEMES = [
  { name: 'light', label: 'Light 2026', workbenchClass: 'vs', bodyClass: 'vscode-light' },
  { name: 'dark', label: 'Dark 2026', workbenchClass: 'vs-dark', bodyClass: 'vscode-dark' },
  { name: 'high-contrast', label: 'Dark High Contrast', workbenchClass: 'hc-black', bodyClass: 'vscode-high-contrast' },
] as const;
export type Theme = (typeof THEMES)[number];

/** Picks `theme` and waits until the workbench (and `frame`, if given) shows it. */
export async function setColorTheme(wb: Workbench, theme: Theme, frame?: FrameLocator): Promise<void> {
  const shown = wb.page.locator(`.monaco-workbench.${theme.workbenchClass}`);
  if ((await shown.count()) === 0) {
    await wb.commandWithQuickPick('Preferences: Color Theme', theme.label);
    const row = wb.page.locator('.quick-input-list .monaco-list-row', { hasText: theme.label }).first();
    await row.waitFor({ state: 'visible', timeout: wb.timeoutMs });
    await row.click();
    await shown.waitFor({ state: 'attached', timeout: wb.timeoutMs });
  }
  if (frame) await frame.locator(`body.${theme.bodyClass}`).waitFor({ state: 'attached', timeout: wb.timeoutMs });
}

/** One screenshot per theme (`<name>-light.png`, …), `prepare` run after each switch; ends in the light theme. */
export async function screenshotInThemes(
  wb: Workbench,
  name: string,
  frame?: () => FrameLocator,
  prepare?: () => Promise<void>,
): Promise<string[]> {
  const paths: string[] = [];
  for (const theme of THEMES) {
    await setColorTheme(wb, theme, frame?.());
    await prepare?.();
    paths.push(await wb.screenshot(`${name}-${theme.name}`));
  }
  await setColorTheme(wb, THEMES[0], frame?.());
  return paths;
}
