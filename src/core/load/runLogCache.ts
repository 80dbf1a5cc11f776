// The run-log index cache on disk: what indexing one run log produced (its cursor, refs and
// diagnostics), one entry file per log in a folder of the extension's storage (never in the
// workspace), so a restart takes an unchanged log's summary instead of parsing it again. An entry is
// data on disk like any other: read through zod, and a corrupt, foreign or old-format one is ignored
// with the reason, never trusted. Written atomically under the file's lock (fileStore), bounded in size.
import { createHash } from 'node:crypto';
import { mkdir, readdir, stat, unlink, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { ConditionSchema, ForkedFromSchema, ModeSchema, PathSchema, RecapSchema } from '../schema/runlog';
import { replaceFile } from '../edit/fileStore';
import { DEFAULT_MAX_LINE_BYTES, readRegularFile } from '../jsonl/regularFile';
import type { Diagnostic } from '../jsonl/diagnostics';
import type { ConversationRef } from './runLogRefs';
import type { FileCursor } from './runLogScan';

/**
 * The entries' format. Bump it whenever what a scan yields changes (a field of ConversationRef, a
 * diagnostic's wording, the cursor): entries of another version are ignored and rebuilt.
 */
export const INDEX_CACHE_VERSION = 1;
/** A larger entry (a log with a huge number of conversations or problems) is not cached. */
export const MAX_ENTRY_BYTES = 32 * 1024 * 1024;
/** The folder is pruned to this, least recently used entries first. */
export const DEFAULT_CACHE_MAX_BYTES = 256 * 1024 * 1024;

const count = z.number().int().min(0);

const CursorSchema = z.strictObject({
  indexedBytes: count,
  nextLine: z.number().int().min(1),
  mtimeMs: z.number(),
  incomplete: z.strictObject({ line: z.number().int().min(1), offset: count }).optional(),
  openLastLine: z.boolean().optional(),
  tail: z.string().optional(),
});

/** A ref without its file (the entry's path). */
const RefSchema = z.strictObject({
  line: z.number().int().min(1),
  offset: count,
  length: count,
  conv_id: z.string().min(1),
  task: z.string(),
  task_id: z.string().min(1),
  model: z.string(),
  mode: ModeSchema,
  condition: ConditionSchema,
  path: PathSchema.optional(),
  k: z.number().int().min(0).max(4).optional(),
  recap: RecapSchema.optional(),
  verdict: z.enum(['correct', 'incorrect', 'unscored']),
  turns: count,
  forkedFrom: ForkedFromSchema.optional(),
  responseTypes: z.string().optional(),
  costUsd: z.number().optional(),
  tokens: z.number().min(0).optional(),
});

/** A diagnostic without its file (the entry's path). */
const DiagnosticSchema = z.strictObject({
  line: z.number().int().min(1),
  column: z.number().int().min(1),
  severity: z.enum(['error', 'warning', 'info']),
  code: z.string().min(1),
  message: z.string(),
  path: z.string(),
});

const REF_KEYS: ReadonlySet<string> = new Set(Object.keys(RefSchema.shape));
const MODE_SET = new Set<unknown>(ModeSchema.options);
const CONDITION_SET = new Set<unknown>(ConditionSchema.options);
const PATH_SET = new Set<unknown>(PathSchema.options);
const RECAP_SET = new Set<unknown>(RecapSchema.options);
const VERDICT_SET = new Set<unknown>(['correct', 'incorrect', 'unscored']);
const isCount = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;

/**
 * RefSchema by hand, no more lenient than it (a ref with a fork falls to zod): 40k refs per load
 * are checked in a fraction of zod's time. A ref this refuses is checked by zod, which says why.
 */
function refLooksValid(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const r = v as Record<string, unknown>;
  for (const k in r) if (!REF_KEYS.has(k)) return false;
  return (
    isCount(r.line) &&
    r.line >= 1 &&
    isCount(r.offset) &&
    isCount(r.length) &&
    typeof r.conv_id === 'string' &&
    r.conv_id.length > 0 &&
    typeof r.task === 'string' &&
    typeof r.task_id === 'string' &&
    r.task_id.length > 0 &&
    typeof r.model === 'string' &&
    MODE_SET.has(r.mode) &&
    CONDITION_SET.has(r.condition) &&
    (r.path === undefined || PATH_SET.has(r.path)) &&
    (r.k === undefined || (isCount(r.k) && r.k <= 4)) &&
    (r.recap === undefined || RECAP_SET.has(r.recap)) &&
    VERDICT_SET.has(r.verdict) &&
    isCount(r.turns) &&
    r.forkedFrom === undefined &&
    (r.responseTypes === undefined || typeof r.responseTypes === 'string') &&
    (r.costUsd === undefined || typeof r.costUsd === 'number') &&
    (r.tokens === undefined || (typeof r.tokens === 'number' && r.tokens >= 0))
  );
}

/** Each ref by hand, and through zod only where the hand check refuses it. */
const RefsSchema = z.array(z.unknown()).transform((refs, ctx) => {
  for (let i = 0; i < refs.length; i++) {
    if (refLooksValid(refs[i])) continue;
    const r = RefSchema.safeParse(refs[i]);
    if (r.success) refs[i] = r.data;
    else
      for (const issue of r.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: [i, ...issue.path] });
  }
  return refs as z.output<typeof RefSchema>[];
});

const EntrySchema = z.strictObject({
  version: z.literal(INDEX_CACHE_VERSION),
  path: z.string().min(1),
  maxLineBytes: z.number().int().min(1),
  /** The log's size and mtime when it was scanned. */
  size: count,
  mtimeMs: z.number(),
  cursor: CursorSchema,
  refs: RefsSchema,
  diagnostics: z.array(DiagnosticSchema),
});

/** What a scan of one run log produced, as the cache keeps it. */
export interface CachedScan {
  size: number;
  mtimeMs: number;
  cursor: FileCursor;
  refs: ConversationRef[];
  diagnostics: Diagnostic[];
}

/** The entry file of a run log: named by a hash of its path (the entry holds the path itself too). */
export function cacheEntryPath(dir: string, logPath: string): string {
  return join(dir, `${createHash('sha256').update(logPath).digest('hex').slice(0, 32)}.json`);
}

/** A cached scan of `logPath`, or why there is none (absent, or an entry that cannot be trusted). */
export async function readCachedScan(
  dir: string,
  logPath: string,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): Promise<{ scan: CachedScan } | { absent: true } | { ignored: string }> {
  const file = cacheEntryPath(dir, logPath);
  let raw: Buffer;
  try {
    raw = await readRegularFile(file, MAX_ENTRY_BYTES);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { absent: true };
    return { ignored: `unreadable cache entry: ${e instanceof Error ? e.message : String(e)}` };
  }
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    return { ignored: 'cache entry is not JSON' };
  }
  const version = (value as { version?: unknown } | null)?.version;
  if (version !== INDEX_CACHE_VERSION)
    return { ignored: `cache entry of format ${JSON.stringify(version)}, not ${INDEX_CACHE_VERSION}` };
  const parsed = EntrySchema.safeParse(value);
  if (!parsed.success)
    return {
      ignored: `malformed cache entry (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'invalid'})`,
    };
  const e = parsed.data;
  if (e.path !== logPath) return { ignored: 'cache entry of another file' };
  if (e.maxLineBytes !== maxLineBytes) return { ignored: 'cache entry made with another line limit' };
  // Used: keeps it from being pruned as least recently used.
  const now = new Date();
  await utimes(file, now, now).catch(() => undefined);
  return {
    scan: {
      size: e.size,
      mtimeMs: e.mtimeMs,
      cursor: e.cursor,
      refs: e.refs.map((r) => ({ file: logPath, ...r })),
      diagnostics: e.diagnostics.map((d) => ({ file: logPath, ...d })),
    },
  };
}

/** Stores a scan (atomically, under the entry's lock); false when it is too large to cache. */
export async function writeCachedScan(
  dir: string,
  logPath: string,
  scan: CachedScan,
  maxLineBytes = DEFAULT_MAX_LINE_BYTES,
): Promise<boolean> {
  const entry: z.output<typeof EntrySchema> = {
    version: INDEX_CACHE_VERSION,
    path: logPath,
    maxLineBytes,
    size: scan.size,
    mtimeMs: scan.mtimeMs,
    cursor: scan.cursor,
    refs: scan.refs.map(({ file: _file, ...r }) => r),
    diagnostics: scan.diagnostics.map(({ file: _file, ...d }) => d),
  };
  const text = JSON.stringify(entry);
  if (Buffer.byteLength(text, 'utf8') > MAX_ENTRY_BYTES) return false;
  await mkdir(dir, { recursive: true });
  // Short lock wait: a cache write that has to wait is skipped by the caller, never waited on long.
  await replaceFile(cacheEntryPath(dir, logPath), (sink) => sink.write(text), { timeoutMs: 2000 });
  return true;
}

/** Removes the least recently used entries beyond `maxBytes`; returns how many it removed. */
export async function pruneCache(dir: string, maxBytes = DEFAULT_CACHE_MAX_BYTES): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const entries: { file: string; size: number; used: number }[] = [];
  for (const n of names) {
    if (!/^[0-9a-f]{32}\.json$/.test(n)) continue;
    const st = await stat(join(dir, n)).catch(() => undefined);
    if (st?.isFile()) entries.push({ file: join(dir, n), size: st.size, used: st.mtimeMs });
  }
  entries.sort((a, b) => b.used - a.used);
  let total = 0;
  let removed = 0;
  for (const e of entries) {
    total += e.size;
    if (
      total > maxBytes &&
      (await unlink(e.file).then(
        () => true,
        () => false,
      ))
    )
      removed++;
  }
  return removed;
}
