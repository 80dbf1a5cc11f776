// Settings a cloned repository's .vscode/settings.json must not control: the data globs and the
// databases folder are restricted in untrusted workspaces; the spending confirmation and the
// prices it is based on are user settings only (a workspace cannot switch the confirmation off).
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const pkg = JSON.parse(readFileSync(join(__dirname, '../../../package.json'), 'utf8')) as {
  capabilities: { untrustedWorkspaces: { restrictedConfigurations: string[] } };
  contributes: { configuration: { properties: Record<string, { scope?: string }> } };
};

describe('settings and workspace trust', () => {
  it('restricts the glob settings and the databases folder in untrusted workspaces', () => {
    const restricted = pkg.capabilities.untrustedWorkspaces.restrictedConfigurations;
    for (const key of ['recordsGlob', 'logsGlob', 'evolvingGlob', 'databasesFolder'])
      expect(restricted).toContain(`intentLens.${key}`);
  });

  it('gives the confirmation threshold and the prices a scope no workspace can set', () => {
    for (const key of ['runs.confirmAbove', 'prices'])
      expect(['application', 'machine']).toContain(
        pkg.contributes.configuration.properties[`intentLens.${key}`]?.scope,
      );
  });
});
