// `intent-lens construct --sources FILE [--databases DIR] [--out FILE] [--json] [--task-id ID] [--target T --value V]`:
// builds a revision for every source task without one (the paper's steps I–III) and writes the
// sources that got one, each line's bytes kept with `intent` added, through the locked atomic
// write. Bad input in one source (unknown domain, missing keys, no database, SQL that fails) is a
// reason for that source and never stops the batch. The same input gives byte-identical output.
import { existsSync } from 'node:fs';
import { readFile, realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { CliCommand } from './cliTypes';
import { CliError } from './cliTypes';
import { readFlags } from './readOptions';
import { splitSource } from '../core/load/recordsFile';
import { BenchmarkRecordSchema, DOMAINS, type BenchmarkRecord } from '../core/schema/records';
import { constructSource, intentBlockFor, recordWithIntent, summarize } from '../core/construct/construct';
import type { Candidate, SourceConstruction } from '../core/construct/constructTypes';
import { SqlExecutor } from '../core/verify/database/sqlExecutor';
import { replaceFile } from '../core/edit/fileStore';
import { defaultDatabaseFolders } from '../core/checks/intentRecordCheck';

const USAGE = `intent-lens construct --sources FILE [--databases DIR] [--out FILE] [--json] [--task-id ID] [--target T --value V]

  --sources FILE     records without an intent block (JSONL or a JSON array; LiC's \`shard\` key accepted)
  --databases DIR    SQLite databases for database sources (<db_id>.sqlite or <db_id>/<db_id>.sqlite)
  --out FILE         write every source that got a revision, with its \`intent\` block (never an input)
  --json             print every source's candidates, checks and selection, and the summary
  --task-id ID       only this source
  --target T         ask for one candidate: a shard id, a value as stated (\`4 bags\`) or a SQL clause (\`age < 30\`)
  --value V          with --target: the replacement value (\`2\`, \`32\`, \`Bristol\`)
`;

interface SourceLine {
  raw: string;
  record?: BenchmarkRecord;
  /** Why the line is not a source that can be constructed. */
  problem?: SourceConstruction;
}

function readSourceLine(raw: string, line: number): SourceLine {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (e) {
    return {
      raw,
      problem: {
        task_id: `line ${line}`,
        domain: 'unknown',
        candidates: [],
        selected: null,
        reason: 'invalid-json',
        message: e instanceof Error ? e.message : String(e),
      },
    };
  }
  const obj = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const taskId = typeof obj.task_id === 'string' ? obj.task_id : `line ${line}`;
  const domain = typeof obj.task === 'string' ? obj.task : 'unknown';
  if (!(DOMAINS as readonly string[]).includes(domain))
    return {
      raw,
      problem: {
        task_id: taskId,
        domain,
        candidates: [],
        selected: null,
        reason: 'unknown-domain',
        message: `unknown domain ${JSON.stringify(obj.task)} (expected ${DOMAINS.join(', ')})`,
      },
    };
  const parsed = BenchmarkRecordSchema.safeParse(json);
  if (!parsed.success) {
    const what = parsed.error.issues.map((i) => `${i.path.join('.') || '(record)'}: ${i.message}`).join('; ');
    return {
      raw,
      problem: { task_id: taskId, domain, candidates: [], selected: null, reason: 'missing-keys', message: what },
    };
  }
  return { raw, record: parsed.data };
}

/** The candidate as `--json` prints it. */
function candidateJson(c: Candidate) {
  return {
    shard_id: c.shard_id,
    requirement: c.requirement,
    original: c.original,
    revised: c.revised,
    reference: c.reference,
    checks: c.checks,
    ...(c.discarded ? { discarded: c.discarded } : {}),
    selected: c.selected,
    target: c.target,
    ...(c.evidence ? { evidence: c.evidence } : {}),
  };
}

function sourceJson(r: SourceConstruction) {
  return {
    task_id: r.task_id,
    domain: r.domain,
    candidates: r.candidates.map(candidateJson),
    selected: r.selected,
    ...(r.reason ? { reason: r.reason } : {}),
    ...(r.message ? { message: r.message } : {}),
  };
}

async function sameFile(a: string, b: string): Promise<boolean> {
  const ra = await realpath(a).catch(() => resolve(a));
  const rb = await realpath(b).catch(() => resolve(b));
  return ra === rb;
}

function databasesFolder(explicit: string | undefined, sources: string): string | undefined {
  if (explicit) {
    if (!existsSync(explicit)) throw new CliError(`--databases ${explicit} does not exist`);
    return explicit;
  }
  return defaultDatabaseFolders(sources).find((d) => existsSync(d));
}

const command: CliCommand = {
  async run(args) {
    const values = readFlags(args, USAGE, {
      sources: { type: 'string' },
      databases: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean' },
      'task-id': { type: 'string' },
      target: { type: 'string' },
      value: { type: 'string' },
    });
    const file = values.sources;
    if (!file) throw new CliError('--sources FILE is required');
    if (!values.out && !values.json) throw new CliError('give --out FILE, --json, or both');
    if (values.value !== undefined && values.target === undefined) throw new CliError('--value needs --target');
    if (values.out && (await sameFile(values.out, file)))
      throw new CliError('--out must not be the --sources file (inputs are never modified)');
    const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      throw new CliError(`cannot read ${file}: ${e.message}`, 1);
    });
    const lines = splitSource(file, text).chunks.map((c) => readSourceLine(c.text, c.line));
    const wanted = values['task-id'];
    const selectedLines = wanted ? lines.filter((l) => (l.record?.task_id ?? l.problem?.task_id) === wanted) : lines;
    if (wanted && !selectedLines.length)
      throw new CliError(`no source with task_id ${JSON.stringify(wanted)} in ${file}`);
    const databasesDir = databasesFolder(values.databases, file);
    const sql = new SqlExecutor();
    const ctx = {
      verify: { ...(databasesDir ? { databasesDir } : {}), sql },
      ...(values.target !== undefined
        ? { request: { target: values.target, ...(values.value !== undefined ? { value: values.value } : {}) } }
        : {}),
    };
    const results: SourceConstruction[] = [];
    const outLines: string[] = [];
    try {
      for (const l of selectedLines) {
        const r = l.problem ?? (await constructSource(l.record!, ctx));
        results.push(r);
        if (l.record && r.selected !== null)
          outLines.push(recordWithIntent(l.raw, intentBlockFor(l.record, r.candidates[r.selected]!)));
      }
    } finally {
      await sql.close();
    }
    const summary = summarize(results);
    if (values.out) await replaceFile(values.out, async (sink) => sink.write(outLines.map((x) => x + '\n').join('')));
    if (values.json)
      process.stdout.write(JSON.stringify({ sources: results.map(sourceJson), summary }, null, 2) + '\n');
    else {
      for (const [domain, d] of Object.entries(summary)) {
        const why = Object.entries(d.discarded)
          .map(([k, n]) => `${k} ${n}`)
          .join(', ');
        process.stderr.write(`${domain}: ${d.constructed}/${d.sources} constructed${why ? ` (none: ${why})` : ''}\n`);
      }
    }
    if (values.out) process.stderr.write(`wrote ${outLines.length} record(s) to ${values.out}\n`);
    return 0;
  },
};
export default command;
