// Edits one record inside a whole records file text: only that record's text (its JSONL line or
// its JSON array element) changes; every other byte of the file, line terminators included, stays.
import { parseRecordsText } from '../load/recordsFile';
import { applyFieldEdits, EditError, type FieldEdit } from './editRaw';

export interface ItemPosition {
  /** 1-based line and column where the item's text starts (as the loader reports them). */
  line: number;
  column: number;
  raw: string;
}

/** Offset in `text` of a 1-based line/column (a leading BOM is skipped, as the loader does). */
export function offsetOf(text: string, line: number, column: number): number {
  let offset = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let l = 1; l < line; l++) {
    const nl = text.indexOf('\n', offset);
    if (nl < 0) throw new EditError(`line ${line} is past the end of the file`);
    offset = nl + 1;
  }
  return offset + column - 1;
}

/** Replaces one item's text, after checking it is still exactly where the loader saw it. */
export function replaceItemText(fileText: string, item: ItemPosition, newRaw: string): string {
  const start = offsetOf(fileText, item.line, item.column);
  if (fileText.slice(start, start + item.raw.length) !== item.raw) {
    throw new EditError(`line ${item.line} no longer holds the record that was read: the file changed`);
  }
  return fileText.slice(0, start) + newRaw + fileText.slice(start + item.raw.length);
}

export interface RecordEditResult {
  text: string;
  line: number;
  column: number;
  before: string;
  after: string;
}

/** Applies field edits to the record `taskId` of a records file text. */
export function editRecordInText(
  path: string,
  fileText: string,
  taskId: string,
  edits: readonly FieldEdit[],
): RecordEditResult {
  const file = parseRecordsText(path, fileText);
  const item = file.items.find((i) => i.value.task_id === taskId);
  if (!item) throw new EditError(`no valid record with task_id ${JSON.stringify(taskId)} in ${path}`);
  const column = file.format === 'json' ? columnOf(fileText, item.line, item.raw) : 1;
  const after = applyFieldEdits(item.raw, edits);
  return {
    text: replaceItemText(fileText, { line: item.line, column, raw: item.raw }, after),
    line: item.line,
    column,
    before: item.raw,
    after,
  };
}

// The loader keeps an array element's start line; its column is where its text begins on that line.
function columnOf(fileText: string, line: number, raw: string): number {
  const lineStart = offsetOf(fileText, line, 1);
  const idx = fileText.indexOf(raw, lineStart);
  if (idx < 0) throw new EditError(`the record at line ${line} was not found in the text`);
  return idx - lineStart + 1;
}
