// Issue 38.1: every `intentLens.*` setting is read in one module (src/extension/settings/), typed
// by a table that matches package.json, with package.json's defaults; and every road to a verdict
// in the extension (Re-score, Run, Fork, the Test Explorer through Run, the diagnostics) takes its
// verifier options or databases folder from settings/verifySettings.ts, never builds them itself.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { SETTING_TYPES } from '../../../src/extension/settings/settingTypes';

const ROOT = resolve(__dirname, '../../..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

const extensionFiles = sourceFiles(join(ROOT, 'src/extension')).map((f) => ({
  path: relative(ROOT, f).replace(/\\/g, '/'),
  text: readFileSync(f, 'utf8'),
}));
const textOf = (path: string) => extensionFiles.find((f) => f.path === path)!.text;

describe('the settings module', () => {
  it('types exactly the settings package.json contributes', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      contributes: { configuration: unknown };
    };
    const sections = [pkg.contributes.configuration].flat() as Array<{ properties: Record<string, { type: string }> }>;
    const contributed = Object.fromEntries(
      sections.flatMap((s) => Object.entries(s.properties)).map(([k, v]) => [k.replace(/^intentLens\./, ''), v.type]),
    );
    expect(SETTING_TYPES).toEqual(contributed);
  });

  it('is the only reader of intentLens settings; at most two getConfiguration sites in src/extension', () => {
    const sites = extensionFiles.flatMap((f) => (f.text.match(/getConfiguration\(/g) ?? []).map(() => f.path));
    expect(sites.length).toBeLessThanOrEqual(2);
    expect(sites.filter((p) => /getConfiguration\('intentLens'/.test(textOf(p)))).toEqual([
      'src/extension/settings/settings.ts',
    ]);
  });

  it('repeats no default in code: no setting read with a fallback value', () => {
    // previewReuse.ts reads VS Code's own workbench.editor.enablePreview, not ours.
    const ours = extensionFiles.filter((f) => f.path !== 'src/extension/webviews/previewReuse.ts');
    const withDefault = ours.filter((f) => /\.get<[^>]+>\('[\w.]+',/.test(f.text)).map((f) => f.path);
    expect(withDefault).toEqual([]);
  });
});

describe('every road to a verdict takes its options from settings/verifySettings.ts', () => {
  const paths = [
    'src/extension/scoring/registerScoring.ts',
    'src/extension/runner/runSession.ts',
    'src/extension/fork/forkSession.ts',
    'src/extension/construct/constructVerifyOptions.ts',
  ];
  it.each(paths)('%s scores with verifyOptionsFor', (path) => {
    const text = textOf(path);
    expect(text).toMatch(/\bverifyOptionsFor\(/);
    // No options object written inline: no literal trusted/python/lenient/databases keys.
    expect(text).not.toMatch(
      /verifierScorer\(\{|rescoreConversation\([^)]*\{\s*trusted|lenientActionsFormat|databasesDir:/,
    );
  });

  it('the Test Explorer runs through runOneInstance (Run)', () => {
    expect(textOf('src/extension/runner/instanceTests.ts')).toMatch(/\brunOneInstance\(/);
  });

  it('the diagnostics and the revision editor find databases by databasesFor', () => {
    expect(textOf('src/extension/review/intentDiagnostics.ts')).toMatch(/\bdatabasesFor\(/);
    expect(textOf('src/extension/review/revisionEditorPanel.ts')).toMatch(/\bdatabaseFolders\(this\.state\.file\)/);
  });

  it('only the settings module resolves the databases folder', () => {
    const resolvers = extensionFiles.filter((f) => /setting\('databasesFolder'\)/.test(f.text)).map((f) => f.path);
    expect(resolvers).toEqual(['src/extension/settings/verifySettings.ts']);
  });
});
