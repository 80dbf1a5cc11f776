// `intent-lens search --logs <path>... [--regex] [--case-sensitive] [--word] [--role R] [--json] <query>`:
// full-text search over the messages of run logs, on the same index and matcher as the extension's
// "Search Conversations…" (a regex runs in a worker under a time budget).
import { parseArgs } from 'node:util';
import { resolve } from 'node:path';
import { CliError, type CliCommand } from './cliTypes';
import { detectFileKind, listDataFiles } from '../core/load/dataFiles';
import { SearchService } from '../core/search/searchService';
import { QueryError, SEARCH_ROLES, type SearchRole } from '../core/search/searchQuery';

const USAGE = `intent-lens search --logs <file-or-folder>... [options] <query>
  --regex            the query is a JavaScript regular expression
  --case-sensitive   match case (default: case-insensitive)
  --word             whole words only
  --role R           only user, assistant or system messages (repeatable)
  --limit N          stop after N matches (default: all)
  --timeout-ms N     stop a slow search after N ms (default 30000)
  --json             print {"matches":[{conv_id, task_id, model, file, line, turn, role, snippet}]}
One row per matching message: its first match with context; turn is the 1-based user turn (U1, U2, …).
`;

function positiveInt(name: string, v: string | undefined, dflt: number): number {
  if (v === undefined) return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw new CliError(`${name} must be a positive integer`);
  return n;
}

/** The run logs under the given paths (a folder may hold records or plans beside the logs). */
async function runLogFiles(logs: string[]): Promise<string[]> {
  try {
    // As scoring does, search only run logs.
    const files: string[] = [];
    for (const f of await listDataFiles(logs.map((p) => resolve(p))))
      if ((await detectFileKind(f)) === 'logs') files.push(f);
    return files;
  } catch (e) {
    throw new CliError(e instanceof Error ? e.message : String(e), 1);
  }
}

/** The command on a given search service (tests pass one whose worker they built). */
export function searchCommand(makeService: () => SearchService = () => new SearchService()): CliCommand {
  return {
    async run(args) {
      let parsed;
      try {
        parsed = parseArgs({
          args,
          allowPositionals: true,
          options: {
            logs: { type: 'string', multiple: true },
            regex: { type: 'boolean' },
            'case-sensitive': { type: 'boolean' },
            word: { type: 'boolean' },
            role: { type: 'string', multiple: true },
            limit: { type: 'string' },
            'timeout-ms': { type: 'string' },
            json: { type: 'boolean' },
            help: { type: 'boolean', short: 'h' },
          },
        });
      } catch (e) {
        throw new CliError(e instanceof Error ? e.message : String(e));
      }
      const { values, positionals } = parsed;
      if (values.help) {
        process.stdout.write(USAGE);
        return 0;
      }
      // `--logs a b "query"`: later positionals are more log paths, the last one is the query.
      const query = positionals.at(-1);
      const logs = [...(values.logs ?? []), ...positionals.slice(0, -1)];
      if (logs.length === 0) throw new CliError('--logs <file-or-folder> is required');
      if (query === undefined || query === '') throw new CliError('a query is required (the last argument)');
      const roles = values.role ?? [];
      for (const r of roles)
        if (!(SEARCH_ROLES as readonly string[]).includes(r))
          throw new CliError(`--role must be one of ${SEARCH_ROLES.join(', ')}`);
      const limit = positiveInt('--limit', values.limit, Infinity);
      const budgetMs = positiveInt('--timeout-ms', values['timeout-ms'], 30_000);

      const files = await runLogFiles(logs);
      const service = makeService();
      try {
        const indexed = await service.indexFiles(files);
        if (indexed.diagnostics)
          process.stderr.write(
            `${indexed.diagnostics} problem(s) in the logs (run 'intent-lens validate' for details)\n`,
          );
        let outcome;
        try {
          outcome = await service.search(
            {
              text: query,
              regex: values.regex ?? false,
              caseSensitive: values['case-sensitive'] ?? false,
              wholeWord: values.word ?? false,
              roles: roles as SearchRole[],
            },
            { budgetMs, ...(Number.isFinite(limit) ? { limit } : {}) },
          );
        } catch (e) {
          if (e instanceof QueryError) throw new CliError(e.message);
          throw e;
        }
        const matches = outcome.matches.map(({ conv_id, task_id, model, file, line, turn, role, snippet }) => ({
          conv_id,
          task_id,
          model,
          file,
          line,
          turn,
          role,
          snippet,
        }));
        if (values.json) process.stdout.write(JSON.stringify({ matches }, null, 2) + '\n');
        else
          for (const m of matches)
            process.stdout.write(
              `${m.file}:${m.line} ${m.task_id} · ${m.model} · U${m.turn} ${m.role}: ${m.snippet}\n`,
            );
        const notes = [
          `${matches.length} match(es) in ${indexed.conversations} conversation(s), ${files.length} file(s)`,
        ];
        if (outcome.truncated) notes.push(`stopped at --limit ${limit}`);
        if (outcome.timedOut)
          notes.push(`stopped after ${budgetMs} ms (results are partial; raise --timeout-ms or simplify the pattern)`);
        process.stderr.write(notes.join('; ') + '\n');
        return outcome.timedOut ? 3 : 0;
      } finally {
        service.dispose();
      }
    },
  };
}
export default searchCommand();
