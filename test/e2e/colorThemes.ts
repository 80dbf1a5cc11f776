// Screenshots of a view in the light, dark and high-contrast themes: the theme is switched through
// the user settings the harness wrote (VS Code applies a settings file change live), and each shot
// waits until the workbench and the view's page both show that theme. The ids are the themes'
// `id`s in VS Code's theme-defaults extension (this build's default light and dark, and high contrast).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FrameLocator } from 'playwright-core';
import type { CodeServer, Workbench } from './harness';

export const THEMES = [
  { name: 'light', setting: 'Light 2026', workbenchClass: 'vs', bodyClass: 'vscode-light' },
  { name: 'dark', setting: 'Dark 2026', workbenchClass: 'vs-dark', bodyClass: 'vscode-dark' },
  { name: 'high-contrast', setting: 'Default High Contrast', workbenchClass: 'hc-black', bodyClass: 'vscode-high-contrast' },
] as const;
export type Theme = (typeof THEMES)[number];

/** Sets `workbench.colorTheme` in the server's user settings and waits until the workbench (and `frame`, if given) shows it. */
export async function setColorTheme(server: CodeServer, wb: Workbench, theme: Theme, frame?: FrameLocator): Promise<void> {
  const file = join(server.runDir, 'user-data', 'User', 'settings.json');
  const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...settings, 'workbench.colorTheme': theme.setting }, null, 2));
  await wb.page.locator(`.monaco-workbench.${theme.workbenchClass}`).waitFor({ state: 'attached', timeout: wb.timeoutMs });
  if (frame) await frame.locator(`body.${theme.bodyClass}`).waitFor({ state: 'attached', timeout: wb.timeoutMs });
}

/** One screenshot per theme (`<name>-light.png`, …), `prepare` run after each switch; ends in the dark theme. */
export async function screenshotInThemes(server: CodeServer, wb: Workbench, name: string, frame?: () => FrameLocator, prepare?: () => Promise<void>): Promise<string[]> {
  const paths: string[] = [];
  for (const theme of THEMES) {
    await setColorTheme(server, wb, theme, frame?.());
    await prepare?.();
    paths.push(await wb.screenshot(`${name}-${theme.name}`));
  }
  await setColorTheme(server, wb, THEMES[1], frame?.());
  return paths;
}
