// Replacement values a free-text argument gets from the task itself rather than from world
// knowledge: the allowed values its tool schema lists in words (`Can be 'delete' or 'add'.`,
// `For instance, GABA, Glutamate, etc.`, `between thinking and feeling`), and a new file name for
// a file path (`cars.csv` → `cars_v2.csv`). A description's list counts only when it holds the
// current value: then its other entries are values of the same kind that the tool accepts.

/** Lists a parameter description names: quoted values, `X or Y`, `between X and Y`, `e.g. A, B, C`. */
function describedLists(description: string): string[][] {
  const lists: string[][] = [];
  const quoted = [...description.matchAll(/'([^'\n]{1,40})'|"([^"\n]{1,40})"/g)].map((m) => (m[1] ?? m[2])!.trim());
  if (quoted.length >= 2) lists.push(quoted);
  const between = /\bbetween\s+([\w -]{1,30}?)\s+and\s+([\w -]{1,30}?)(?=[.,;)]|$)/i.exec(description);
  if (between) lists.push([between[1]!.trim(), between[2]!.trim()]);
  const examples =
    /\b(?:e\.g\.?,?|for instance,?|for example,?|such as|like)\s+([^.;:()]+?)(?:,?\s*etc\.?|[.;:)]|$)/i.exec(
      description,
    );
  if (examples) {
    const items = examples[1]!
      .split(/\s*,\s*|\s+or\s+|\s+and\s+/)
      .map((s) => s.replace(/^['"]|['"]$/g, '').trim())
      .filter((s) => s && s.length <= 40);
    if (items.length >= 2) lists.push(items);
  }
  return lists;
}

/** The other entries of every described list that holds `value` (case-insensitive), each after it in list order. */
export function describedOptions(description: unknown, value: string): string[] {
  if (typeof description !== 'string') return [];
  const key = value.trim().toLowerCase();
  const out: string[] = [];
  for (const list of describedLists(description)) {
    const at = list.findIndex((v) => v.toLowerCase() === key);
    if (at < 0) continue;
    for (let k = 1; k < list.length; k++) {
      const next = list[(at + k) % list.length]!;
      if (next.toLowerCase() !== key && !out.some((o) => o.toLowerCase() === next.toLowerCase())) out.push(next);
    }
  }
  return out;
}

const FILE_PATH = /^(?:[A-Za-z]:)?[\w ./\\~-]*?([\w-]+)\.([A-Za-z][A-Za-z0-9]{0,4})$/;
/** File types (a web address such as `Foodnetwork.com` is not a file). */
const FILE_TYPES = new Set(
  'csv tsv json jsonl txt xml yaml yml xlsx xls parquet nii dcm png jpg jpeg gif bmp tif tiff pdf doc docx ppt pptx py js ts java c cpp h sql db sqlite log md html htm mp3 mp4 wav avi mov zip tar gz h5 hdf5 pkl npy mat sav dta'.split(
    ' ',
  ),
);

/** A file path with another file name of the same type: `C:/data/cars.csv` → `C:/data/cars_v2.csv`. */
export function pathReplacements(value: string): string[] {
  const m = FILE_PATH.exec(value.trim());
  if (!m || !FILE_TYPES.has(m[2]!.toLowerCase())) return [];
  const at = value.lastIndexOf(`${m[1]}.${m[2]}`);
  return [`${value.slice(0, at)}${m[1]}_v2.${m[2]}`];
}
