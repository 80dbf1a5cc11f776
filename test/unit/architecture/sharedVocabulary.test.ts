// Issue 38.5: the shared vocabulary is defined once. The verdict marks and labels, the check-outcome
// marks and the verdict codicons come from src/shared/verdicts.ts; regex escaping from
// core/text/escapeRegExp.ts; the instance + recap label from instanceRecapLabel; InactiveSpan from
// core/inactive/detectInactive.ts. A copy written anywhere else fails here.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { verdictLabel, VERDICT_MARKS, CHECK_OUTCOME_MARKS, markOfBoolean } from '../../../src/shared/verdicts';

const ROOT = resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

/** Every source file's code lines (comment lines dropped: they may name a mark to explain it). */
const files = [...sourceFiles(join(ROOT, 'src')), ...sourceFiles(join(ROOT, 'webview'))].map((f) => ({
  path: relative(ROOT, f).replace(/\\/g, '/'),
  code: readFileSync(f, 'utf8')
    .split('\n')
    .filter((l) => !/^\s*(\/\/|\*|\/\*)/.test(l))
    .join('\n'),
}));

const where = (re: RegExp, except: readonly string[] = []) =>
  files.filter((f) => re.test(f.code) && !except.includes(f.path)).map((f) => f.path);

describe('the shared vocabulary is written once', () => {
  it('verdict marks ✓ ✗ appear only in src/shared/verdicts.ts (and paired-verdict column headings)', () => {
    // Column headings that pair two verdicts ("Both ✓", "✓→✗") in the stats tables are headings,
    // not a verdict's mark.
    const headings = [
      'src/core/stats/report/htmlReport.ts',
      'src/core/stats/runDiffText.ts',
      'webview/dashboard/PairedTable.tsx',
      'webview/dashboard/RunDiff.tsx',
      'webview/dashboard/RunDiffResultView.tsx',
    ];
    expect(where(/[✓✗]/, ['src/shared/verdicts.ts', ...headings])).toEqual([]);
  });

  it('verdict codicons are not spelled out per view', () => {
    expect(where(/'\$\((pass|error)\)'|\$\(pass\) \$\{|correct: '(\$\()?pass/, ['src/shared/verdicts.ts'])).toEqual([]);
  });

  it('regex escaping, InactiveSpan and the recap label each have one definition', () => {
    expect(where(/\[\.\*\+\?\^\$\{\}\(\)\|\[\\\]\\\\\]/)).toEqual(['src/core/text/escapeRegExp.ts']);
    expect(where(/^(export )?(interface|type) InactiveSpan\b/m)).toEqual(['src/core/inactive/detectInactive.ts']);
    // The dashboard's evolving cells title a model's column (the webview bundle keeps core/render out).
    expect(where(/evolving · recap \$\{/, ['webview/dashboard/Evolving.tsx'])).toEqual([]);
  });

  it('the labels read as they did', () => {
    expect(verdictLabel('incorrect')).toBe('✗ incorrect');
    expect([markOfBoolean(true), markOfBoolean(false), markOfBoolean(null)]).toEqual(['✓', '✗', '–']);
    expect(CHECK_OUTCOME_MARKS).toEqual({ pass: VERDICT_MARKS.correct, fail: '✗', 'not-run': '–' });
  });

  it('the test stand-in for the inactive detector is gone', () => {
    expect(where(/literalInactiveDetector/)).toEqual([]);
  });
});
