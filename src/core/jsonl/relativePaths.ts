// Messages shown in the Problems panel and the editors never carry absolute paths: a path inside a
// workspace folder is written relative to it, any other absolute path by its last two segments.
const ABSOLUTE_PATH = /(?:[A-Za-z]:[\\/]|\/)(?:[^\s'"`,;:()[\]{}<>]+[\\/])*[^\s'"`,;:()[\]{}<>]+/g;

/** `message` with every absolute path made relative to the first root that holds it. */
export function withRelativePaths(message: string, roots: readonly string[]): string {
  const sorted = [...roots].filter((r) => r.length > 1).sort((a, b) => b.length - a.length);
  return message.replace(ABSOLUTE_PATH, (path, offset: number) => {
    // A slash inside a word (a/b, 1/2, http://) is not the start of a path.
    const before = offset > 0 ? message[offset - 1]! : ' ';
    if (/[\w.:/\\-]/.test(before)) return path;
    for (const root of sorted) {
      const trimmed = root.replace(/[\\/]+$/, '');
      if (path === trimmed) return '.';
      if (path.startsWith(trimmed + '/') || path.startsWith(trimmed + '\\')) return path.slice(trimmed.length + 1);
    }
    const parts = path.split(/[\\/]/).filter(Boolean);
    if (parts.length < 2) return path; // "/" or a lone segment such as a unit ("km/h" is caught above)
    return `…/${parts.slice(-2).join('/')}`;
  });
}
