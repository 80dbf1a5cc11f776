// VS Code glob syntax as the data-glob settings use it, in one place: brace groups expanded (the
// discovery widens a glob with them) and a glob read as a RegExp (the folder walk matches with it).

/** Expands brace groups (`a/*.{jsonl,json}` → `a/*.jsonl`, `a/*.json`); unbalanced braces are kept as they are. */
export function expandBraces(glob: string): string[] {
  const open = glob.indexOf('{');
  if (open < 0) return [glob];
  let depth = 0;
  let close = -1;
  for (let i = open; i < glob.length; i++) {
    if (glob[i] === '{') depth++;
    else if (glob[i] === '}' && --depth === 0) {
      close = i;
      break;
    }
  }
  if (close < 0) return [glob];
  const parts: string[] = [];
  let depthIn = 0;
  let start = open + 1;
  for (let i = open + 1; i < close; i++) {
    if (glob[i] === '{') depthIn++;
    else if (glob[i] === '}') depthIn--;
    else if (glob[i] === ',' && depthIn === 0) {
      parts.push(glob.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(glob.slice(start, close));
  const head = glob.slice(0, open);
  const tail = glob.slice(close + 1);
  return parts.flatMap((p) => expandBraces(head + p + tail));
}

/**
 * A VS Code glob (`**`, `*`, `?`, `{a,b}`, `[a-z]`, `[!a]`) as a RegExp over a path relative to a
 * workspace folder, `/`-separated: one alternative per brace expansion.
 */
export function globToRegExp(glob: string): RegExp {
  return new RegExp(`^(?:${expandBraces(glob).map(braceFreeToRegExp).join('|')})$`);
}

function braceFreeToRegExp(glob: string): string {
  let re = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` at a segment's start also matches no folder at all.
      const segment = (i === 0 || glob[i - 1] === '/') && glob[i + 2] === '/';
      re += segment ? '(?:.*/)?' : '.*';
      i += segment ? 2 : 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '[') {
      const end = glob.indexOf(']', i + 1);
      if (end < 0) re += '\\[';
      else {
        const body = glob.slice(i + 1, end).replace(/\\/g, '\\\\');
        re += `[${body.startsWith('!') ? `^${body.slice(1)}` : body}]`;
        i = end;
      }
    } else re += c.replace(/[.+^$(){}|\\\]]/g, '\\$&');
  }
  return re;
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
export function classifyByGlobs(files: ReadonlyArray<{ path: string; relative: string }>, globs: readonly string[]): string[][] {
  const res = globs.map(globToRegExp);
  const out: string[][] = globs.map(() => []);
  for (const f of files) {
    const relative = f.relative.replace(/\\/g, '/');
    res.forEach((r, i) => r.test(relative) && out[i]!.push(f.path));
  }
  return out.map((l) => l.sort());
}
