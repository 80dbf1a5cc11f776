// One line for a batch of verdicts: how many code answers were not run for want of isolation, or
// ran unisolated (opted in). The CLI prints it; the extension shows it as a warning.
import type { VerifyDetails } from '../verifyTypes';

export function codeIsolationNote(details: readonly VerifyDetails[]): string | undefined {
  let notRun = 0;
  let unisolated = 0;
  let reason = '';
  for (const d of details) {
    if (d.domain !== 'code' || !d.info) continue;
    if (d.info.run === 'not-run') {
      notRun++;
      reason ||= d.message;
    } else if (d.info.isolation === 'none') unisolated++;
  }
  const parts: string[] = [];
  const s = (n: number) => (n === 1 ? '' : 's');
  if (notRun)
    parts.push(
      `${notRun} code answer${s(notRun)} ${reason || 'not run: no isolation available'}; install bubblewrap (bwrap) or allow unisolated runs to score them`,
    );
  if (unisolated)
    parts.push(
      `${unisolated} code answer${s(unisolated)} ran unisolated (model code could read files and the network of this machine)`,
    );
  return parts.length ? parts.join('; ') : undefined;
}
