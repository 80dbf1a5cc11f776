// Command ids live in one module (src/extension/commandIds.ts): package.json contributes exactly
// its user-facing ids, menus and keybindings name only ids it knows, and no source file calls
// `registerCommand` / `executeCommand` with an Intent Lens id spelled out as a string.
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { ALL_COMMAND_IDS, CONTRIBUTED_COMMAND_IDS, INTERNAL_COMMANDS } from '../../../src/extension/commandIds';

const ROOT = resolve(__dirname, '../../..');

interface Contributes {
  commands: Array<{ command: string }>;
  menus: Record<string, Array<{ command?: string }>>;
  keybindings: Array<{ command: string }>;
}
const contributes = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: Contributes })
  .contributes;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? sourceFiles(p) : /\.tsx?$/.test(name) ? [p] : [];
  });
}

describe('command ids', () => {
  it('package.json contributes exactly the user-facing ids of commandIds', () => {
    const contributed = contributes.commands.map((c) => c.command);
    expect(
      contributed.filter((id) => !CONTRIBUTED_COMMAND_IDS.includes(id)),
      'contributed but not in commandIds',
    ).toEqual([]);
    expect(
      CONTRIBUTED_COMMAND_IDS.filter((id) => !contributed.includes(id)),
      'in commandIds but not contributed',
    ).toEqual([]);
    expect(new Set(contributed).size).toBe(contributed.length);
  });

  it('internal ids are not contributed, and no id is listed twice', () => {
    const contributed = new Set(contributes.commands.map((c) => c.command));
    expect(Object.values(INTERNAL_COMMANDS).filter((id) => contributed.has(id))).toEqual([]);
    expect(new Set(ALL_COMMAND_IDS).size).toBe(ALL_COMMAND_IDS.length);
  });

  it('menus and keybindings name only contributed commands', () => {
    const named = [
      ...Object.values(contributes.menus)
        .flat()
        .map((m) => m.command),
      ...contributes.keybindings.map((k) => k.command),
    ].filter((c): c is string => !!c?.startsWith('intentLens.'));
    expect(named.length).toBeGreaterThan(0);
    expect([...new Set(named.filter((id) => !CONTRIBUTED_COMMAND_IDS.includes(id)))]).toEqual([]);
  });

  it('source files register and execute our commands through commandIds, not string literals', () => {
    // `intentLens.sources.focus` is VS Code's own focus command for our view, not one we register.
    const literal = /\b(?:registerCommand|executeCommand(?:<[^>]*>)?)\(\s*['"`](intentLens\.[\w.]+)['"`]/g;
    const offenders = ['src', 'webview'].flatMap((d) =>
      sourceFiles(join(ROOT, d)).flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(literal)]
          .filter((m) => m[1] !== 'intentLens.sources.focus')
          .map((m) => `${relative(ROOT, f)}: ${m[1]}`),
      ),
    );
    expect(offenders).toEqual([]);
  });
});
