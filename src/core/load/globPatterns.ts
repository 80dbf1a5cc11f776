// VS Code glob syntax as the data-glob settings use it, in one place: brace groups expanded (the
// discovery widens a glob with them, the file search takes them joined) and a glob compiled into a
// matcher (the folder walk and the split of the search's answer match with it). A glob comes from a
// setting a cloned repository can set: its length and expansions are capped, its matching is linear.
import { LinearGlob } from './globMatch';

/** Longest glob setting accepted; real ones are tens of characters. */
export const MAX_GLOB_LENGTH = 1000;
/** Most alternatives a glob's brace groups may expand to (they multiply: `{a,b}` 18 times is 262,144). */
export const MAX_GLOB_ALTERNATIVES = 256;

/** A glob refused by the limits above; the message says which and is fit to show as it is. */
export class GlobError extends Error {}

/** The first balanced brace group of `glob`: its span and top-level alternatives; none when unbalanced. */
function firstBraceGroup(glob: string): { open: number; close: number; parts: string[] } | undefined {
  const open = glob.indexOf('{');
  if (open < 0) return undefined;
  const parts: string[] = [];
  let depth = 0;
  let start = open + 1;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === '{') depth++;
    else if (glob[i] === '}' && --depth === 0) {
      parts.push(glob.slice(start, i));
      return { open, close: i, parts };
    } else if (glob[i] === ',' && depth === 1) {
      parts.push(glob.slice(start, i));
      start = i + 1;
    }
  }
  return undefined;
}

function checkLength(glob: string): void {
  if (glob.length > MAX_GLOB_LENGTH)
    throw new GlobError(`the glob is ${glob.length} characters long; at most ${MAX_GLOB_LENGTH} are accepted`);
}

/**
 * Expands brace groups (`a/*.{jsonl,json}` → `a/*.jsonl`, `a/*.json`); unbalanced braces are kept as
 * they are. Throws GlobError for a glob over MAX_GLOB_LENGTH or with more than MAX_GLOB_ALTERNATIVES
 * expansions, found before they are built (each round at most multiplies the count).
 */
export function expandBraces(glob: string): string[] {
  checkLength(glob);
  let pending = [glob];
  const done: string[] = [];
  while (pending.length) {
    const next: string[] = [];
    for (const g of pending) {
      const group = firstBraceGroup(g);
      if (!group) done.push(g);
      else for (const p of group.parts) next.push(g.slice(0, group.open) + p + g.slice(group.close + 1));
      if (done.length + next.length > MAX_GLOB_ALTERNATIVES) {
        throw new GlobError(`the glob's {…} groups expand to more than ${MAX_GLOB_ALTERNATIVES} alternatives`);
      }
    }
    pending = next;
  }
  return done;
}

/** A glob ready to test paths relative to a workspace folder, `/`-separated. */
export interface GlobMatcher {
  test(path: string): boolean;
}

/**
 * A VS Code glob (`**`, `*`, `?`, `{a,b}`, `[a-z]`, `[!a]`) as a matcher of a path relative to a
 * workspace folder, `/`-separated: one linear-time matcher per brace expansion (globMatch.ts).
 * Throws GlobError for a glob over the limits.
 */
export function compileGlob(glob: string): GlobMatcher {
  const alternatives = expandBraces(glob).map((g) => new LinearGlob(g));
  return { test: (path) => alternatives.some((a) => a.test(path)) };
}

/** Why a glob setting is refused (too long, too many expansions), or undefined when it is usable. */
export function globRefusal(glob: string): string | undefined {
  try {
    expandBraces(glob);
    return undefined;
  } catch (e) {
    if (e instanceof GlobError) return e.message;
    throw e;
  }
}

/**
 * Several globs as one (`{a,b,c}` over their brace expansions: VS Code's globs do not nest braces),
 * so one file search answers for all; undefined where an alternative holds a brace or a comma of its
 * own (a character class, an unbalanced brace), which the joined group would misread.
 */
export function unionGlob(globs: readonly string[]): string | undefined {
  const alternatives = [...new Set(globs.flatMap(expandBraces))];
  if (alternatives.some((a) => /[{},]/.test(a))) return undefined;
  return alternatives.length === 1 ? alternatives[0] : `{${alternatives.join(',')}}`;
}

/**
 * The files each glob matches, by their path relative to their workspace folder, one sorted list of
 * full paths per glob: the folder walk's answer and the file search's, split the same way.
 */
export function classifyByGlobs(
  files: ReadonlyArray<{ path: string; relative: string }>,
  globs: readonly string[],
): string[][] {
  const res = globs.map(compileGlob);
  const out: string[][] = globs.map(() => []);
  for (const f of files) {
    const relative = f.relative.replace(/\\/g, '/');
    res.forEach((r, i) => r.test(relative) && out[i]!.push(f.path));
  }
  return out.map((l) => l.sort());
}
