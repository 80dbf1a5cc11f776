// `npm run test:electron`: the extension-host Mocha suite (test/host/suite/*.test.ts, bundled to
// dist-test/host/suite/ by scripts/build-host-tests.mjs) in a real desktop VS Code that
// @vscode/test-cli downloads into .vscode-test/ (needs network and a display; not used in CI, where
// `npm test` runs the same suite in code-server).
import { defineConfig } from '@vscode/test-cli';

export default defineConfig({
  label: 'host',
  files: 'dist-test/host/suite/**/*.test.js',
  workspaceFolder: './samples',
  extensionDevelopmentPath: '.',
  launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
  mocha: { ui: 'bdd', timeout: 30000, color: true },
});
