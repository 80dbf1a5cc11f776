// Reading the workbench's own panels: the Notifications center and the Problems panel. Both wait on
// what VS Code renders (the lists are virtual), never on time.
import type { Workbench } from './workbench';

export interface ProblemEntry {
  severity: 'error' | 'warning' | 'info' | 'unknown';
  message: string;
  /** File the problem belongs to (base name, as the Problems tree shows it). */
  file: string;
  /** e.g. "[Ln 3, Col 1]" as rendered; empty when not shown. */
  position: string;
  /** The row's accessible label, the most complete text VS Code gives. */
  ariaLabel: string;
}

/**
 * Waits for a notification containing the text and returns its message. Reads the Notifications
 * center, which lists toasts too (toasts are hidden when the server runs with the smoke-test driver).
 * With `action`, clicks that button of the notification.
 */
export async function readNotification(
  wb: Workbench,
  text: string | RegExp,
  options: { action?: string } = {},
): Promise<string> {
  const center = wb.page.locator('.notifications-center');
  const item = center.locator('.notification-list-item', { hasText: text }).first();
  // VS Code hides the center by itself when its last notification goes (a progress that ended, a
  // message its sender closed), and a notification that arrives later is then a hidden toast: show
  // the center again each time it closed rather than wait out the timeout on a hidden one.
  const deadline = Date.now() + wb.timeoutMs;
  for (;;) {
    if (!(await center.isVisible())) await wb.runCommand('Notifications: Show Notifications');
    try {
      await item.waitFor({ state: 'visible', timeout: Math.max(1, Math.min(5_000, deadline - Date.now())) });
      break;
    } catch (e) {
      if (Date.now() < deadline) continue;
      const shown = await center
        .locator('.notification-list-item-message')
        .allInnerTexts()
        .catch(() => []);
      const listed = shown.length ? shown.map((m) => JSON.stringify(m.trim())).join(', ') : 'nothing';
      throw new Error(`no notification matching ${String(text)} in ${wb.timeoutMs} ms; the center lists: ${listed}`, {
        cause: e,
      });
    }
  }
  const message = (await item.locator('.notification-list-item-message').innerText()).trim();
  if (options.action) {
    await item
      .locator('.notification-list-item-buttons-container .monaco-button', { hasText: options.action })
      .first()
      .click();
  }
  await hideNotificationsCenter(wb);
  return message;
}

/**
 * Hides the Notifications center. A notification that arrives while it closes (the action just
 * clicked may post one) shows it again, so each attempt waits a short while and tries again until
 * the workbench's timeout rather than waiting once.
 */
async function hideNotificationsCenter(wb: Workbench): Promise<void> {
  const center = wb.page.locator('.notifications-center');
  const deadline = Date.now() + wb.timeoutMs;
  while (await center.isVisible()) {
    // The center's own Hide button, not the palette: an action may have just opened a view that
    // takes the focus, which would close the palette under the driver.
    const hide = center.locator('.notifications-center-header .codicon-notifications-hide').first();
    try {
      if (await hide.isVisible()) await hide.click({ timeout: 3_000 });
      else await wb.runCommand('Notifications: Hide Notifications');
      await center.waitFor({ state: 'hidden', timeout: Math.max(1, Math.min(3_000, deadline - Date.now())) });
    } catch (e) {
      if (Date.now() >= deadline)
        throw new Error(`the Notifications center stayed open for ${wb.timeoutMs} ms`, { cause: e });
    }
  }
}

/**
 * Opens the Problems panel and reads its entries (rows VS Code rendered; the list is virtual).
 * With `atLeast`, waits until that many entries show.
 */
export async function readProblems(wb: Workbench, options: { atLeast?: number } = {}): Promise<ProblemEntry[]> {
  const panel = wb.page.locator('.markers-panel');
  if (!(await panel.isVisible())) await wb.runCommand('Problems: Focus on Problems View');
  await panel.waitFor({ state: 'visible', timeout: wb.timeoutMs });
  const markerRows = panel.locator('.monaco-list-row').filter({ has: wb.page.locator('.marker-icon') });
  const atLeast = options.atLeast ?? 0;
  if (atLeast > 0) await markerRows.nth(atLeast - 1).waitFor({ state: 'visible', timeout: wb.timeoutMs });
  return panel.locator('.monaco-list-row').evaluateAll((rows) => {
    const out: ProblemEntry[] = [];
    let file = '';
    for (const row of rows) {
      const icon = row.querySelector('.marker-icon');
      if (!icon) {
        file = (row.querySelector('.label-name')?.textContent ?? '').trim();
        continue;
      }
      // `.marker-icon error|warning|info` wraps a matching codicon.
      const cls = `${icon.className} ${icon.querySelector('.codicon')?.className ?? ''}`;
      const severity = /\berror\b|codicon-error/.test(cls)
        ? 'error'
        : /\bwarning\b|codicon-warning/.test(cls)
          ? 'warning'
          : /\binfo\b|codicon-info/.test(cls)
            ? 'info'
            : 'unknown';
      out.push({
        severity,
        message: (row.querySelector('.marker-message')?.textContent ?? '').trim(),
        file,
        position: (row.querySelector('.marker-line')?.textContent ?? '').trim(),
        ariaLabel: row.getAttribute('aria-label') ?? '',
      });
    }
    return out;
  });
}
