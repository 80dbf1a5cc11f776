// Runs a command by its palette label. Kept apart from the Workbench class, which only delegates.
import type { Locator, Page } from 'playwright-core';

/**
 * How long a palette that lists other commands is given to list this one before it is opened again.
 * The palette lists the commands whose `when` clauses hold *as it opens*: one opened just before a
 * context key is set (e.g. `intentLens.hasData` at the end of a load) never lists the command,
 * however long it waits.
 */
const LISTED_WITHIN_MS = 5_000;

/** `s` as a literal in a regular expression. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Opens the command palette and types `>label`, retrying when a webview takes the focus back. */
async function openPaletteWith(page: Page, label: string, timeoutMs: number): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  // A quick input left open by an earlier step (a quick pick, a prompt) is not the command
  // palette: close it first and wait until it is gone, so F1 opens a fresh palette.
  if (await input.isVisible()) {
    await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden', timeout: timeoutMs });
  }
  // An open context menu makes the rest of the workbench inert: dismiss it first.
  const menu = page.locator('.monaco-menu').first();
  if (await menu.isVisible()) {
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: timeoutMs });
  }
  // Focus the workbench first so F1 reaches it even after a webview took focus. A webview that
  // takes focus back a moment later closes the palette before it is typed in: open it again
  // (up to three times) rather than wait out the timeout on a closed palette.
  for (let attempt = 1; ; attempt++) {
    await page.locator('.monaco-workbench').focus();
    await page.keyboard.press('F1');
    try {
      // F1 can also be lost: pressed while a webview that was just opened takes the focus, it
      // reaches that page (or a palette that closes at once). Press it again.
      await input.waitFor({ state: 'visible', timeout: attempt < 3 ? 10_000 : timeoutMs });
      await input.fill('>' + label, { timeout: attempt < 3 ? 10_000 : timeoutMs });
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
      if (await input.isVisible()) {
        await page.keyboard.press('Escape');
        await input.waitFor({ state: 'hidden', timeout: timeoutMs });
      }
    }
  }
}

/**
 * Opens the palette with `label` typed and waits for the command's row: true once it shows; false
 * when this palette will not list it (it shows other rows but not this one after a while, or it
 * closed), so it should be opened again. A palette that has listed nothing yet (a loaded machine)
 * is waited on, until `deadline`.
 */
async function listed(page: Page, row: Locator, label: string, deadline: number, timeoutMs: number): Promise<boolean> {
  await openPaletteWith(page, label, timeoutMs);
  const input = page.locator('.quick-input-widget input');
  const anyRow = page.locator('.quick-input-list .monaco-list-row').first();
  for (;;) {
    const left = deadline - Date.now();
    if (left <= 0)
      throw new Error(
        `"${label}" was not listed in the command palette within ${timeoutMs} ms (is its when clause false?)`,
      );
    try {
      await row.waitFor({ state: 'visible', timeout: Math.min(LISTED_WITHIN_MS, left) });
      return true;
    } catch {
      if (!(await input.isVisible()) || (await anyRow.isVisible())) return false;
    }
  }
}

/** Runs a command by its exact palette label (e.g. "Intent Lens: Refresh") through F1. */
export async function runPaletteCommand(page: Page, label: string, timeoutMs: number): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  // Pick the row whose label is exactly the command, not the first fuzzy match.
  const row = page
    .locator('.quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) }) })
    .first();
  const deadline = Date.now() + timeoutMs;
  while (!(await listed(page, row, label, deadline, timeoutMs))) {
    // Not listed in this palette: close it, so the next one is listed against the contexts now.
    if (await input.isVisible()) await page.keyboard.press('Escape');
    await input.waitFor({ state: 'hidden', timeout: timeoutMs });
  }
  await row.click();
  // Done when the palette closed, or when the command opened its own quick input (value changed).
  await page.waitForFunction(
    (typed) => {
      const el = document.querySelector<HTMLInputElement>('.quick-input-widget input');
      const widget = document.querySelector<HTMLElement>('.quick-input-widget');
      return !el || !widget || widget.style.display === 'none' || el.offsetParent === null || el.value !== typed;
    },
    '>' + label,
    { timeout: timeoutMs },
  );
}
