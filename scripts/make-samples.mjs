// Generates the illustrative sample data in samples/: benchmark records for the four domains, a
// tiny SQLite database built from samples/databases/sample_library.sql, scripted run logs for two
// models, and files with deliberate bad lines. Deterministic: running it again rewrites the same
// bytes. Every answer in the logs is checked here against the verdict it is logged with: math
// numbers are recomputed, SQL runs on the built database, code runs under python3 (when present)
// and tool calls are matched against the reference call list.
// Usage: node scripts/make-samples.mjs [--check]   (--check: verify only, write nothing)
import * as esbuild from 'esbuild';
import initSqlJs from 'sql.js';
import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const samples = join(root, 'samples');
const checkOnly = process.argv.includes('--check');

/** The project's own renderer, so the logged user turns are exactly what FORMAT.md prescribes. */
async function loadRenderer() {
  const r = await esbuild.build({
    entryPoints: [join(root, 'src/core/render/instances.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return import('data:text/javascript;base64,' + Buffer.from(r.outputFiles[0].text).toString('base64'));
}

// ---------------------------------------------------------------------------------------------
// Database
// ---------------------------------------------------------------------------------------------
const DB_ID = 'sample_library';
const dbScript = await readFile(join(samples, 'databases', `${DB_ID}.sql`), 'utf8');
const SQL = await initSqlJs();
const db = new SQL.Database();
db.run(dbScript);
const schemaSql = [...dbScript.matchAll(/CREATE TABLE[\s\S]*?\);/g)].map((m) => m[0]).join('\n\n');

/** Rows of a query as sorted JSON strings: result comparison ignores row order, as LiC's does. */
function rowsOf(sql) {
  const res = db.exec(sql);
  const rows = res.length ? res[0].values.map((r) => JSON.stringify(r)) : [];
  return rows.sort();
}
function sameRows(a, b) {
  const x = rowsOf(a);
  const y = rowsOf(b);
  return x.length === y.length && x.every((r, i) => r === y[i]);
}

// ---------------------------------------------------------------------------------------------
// Records (written for these samples)
// ---------------------------------------------------------------------------------------------
const SYSTEM = {
  math: 'You are a careful math tutor. Work through the problem step by step and end with the final number.',
  code: 'You are an expert Python programmer. When you have enough information, answer with one Python function in a ```python block.',
  database: `You write SQLite queries for the user. Ask if something is unclear. The database schema is:\n\n${schemaSql}`,
  actions:
    'You can call the functions listed below. When you have enough information, answer only with the calls, in the format [func(arg=value, ...)].',
};
const CONNECTOR = 'Before you go, one more quick thought:';

const muffinQuestion = (trays) =>
  `A bakery baked ${trays} trays of muffins. Each tray holds 6 muffins. Every muffin sells for $2 and all of them were sold. How much money did the bakery make?`;
const fenceQuestion = (width) =>
  `Maya wants a fence around her rectangular garden, which is 15 meters long and ${width} meters wide. Fencing costs $4 per meter. How much will the fence cost?`;

const codeSingle = (prompt) =>
  `Write a Python function for the task below.\n\n\`\`\`python\n${prompt}\`\`\`\n\nReturn only the function, matching the signature exactly.`;
const sumEvensPrompt = (name) =>
  `def ${name}(numbers: list[int]) -> int:\n    """Return the sum of the even numbers in the list.\n    >>> ${name}([1, 2, 3, 4])\n    6\n    >>> ${name}([])\n    0\n    """\n`;
const countVowelsPrompt = (name) =>
  `def ${name}(text: str) -> int:\n    """Count the vowels (a, e, i, o, u, either case) in text.\n    >>> ${name}('Hello')\n    2\n    """\n`;
const dbSingle = (question) =>
  `Write one SQLite query that answers the question.\n\nSchema:\n${schemaSql}\n\nQuestion: ${question}\n\nReturn only the SQL, on one line.`;

const weatherFn = {
  name: 'get_weather',
  description: "Get today's weather for a city.",
  parameters: {
    type: 'dict',
    properties: {
      city: { type: 'string', description: 'The city name.' },
      unit: { type: 'string', enum: ['celsius', 'fahrenheit'], description: 'Temperature unit.' },
    },
    required: ['city', 'unit'],
  },
};
const bookingFn = {
  name: 'book_table',
  description: 'Reserve a table at a restaurant.',
  parameters: {
    type: 'dict',
    properties: {
      restaurant: { type: 'string', description: 'Restaurant name.' },
      party_size: { type: 'integer', description: 'Number of guests.' },
      time: { type: 'string', description: 'Time of the booking, HH:MM.' },
    },
    required: ['restaurant', 'party_size', 'time'],
  },
};
const weatherCalls = (second) => [
  { get_weather: { city: ['Paris'], unit: ['celsius'] } },
  { get_weather: { city: [second], unit: ['celsius'] } },
];
const bookingCalls = (size) => [{ book_table: { restaurant: ['Luna Verde'], party_size: [size], time: ['19:30'] } }];
const weatherQuestion = (second) =>
  `What's the weather like today in Paris and in ${second}? Give both temperatures in celsius.`;
const bookingQuestion = (size) => `Book me a dinner table at Luna Verde for ${size} people at 19:30.`;

const oldTitlesSql = (year) => `SELECT title FROM book WHERE year < ${year}`;
const loanNamesSql = (col) =>
  `SELECT loan.loan_date, member.${col} FROM loan JOIN member ON loan.member_id = member.member_id`;

const approved = {
  status: 'approved',
  note: 'values and references checked by hand',
  by: 'sample-author',
  at: '2026-11-28',
};
const pending = { status: 'pending', note: 'generated; awaiting human review', by: 'make-samples', at: '2026-11-28' };

/**
 * One spec per source: the record, and how a scripted model answers given the value it uses for
 * the selected requirement (the active one, or an inactive one it should not use).
 */
const SPECS = [
  {
    record: {
      task_id: 'sample-math/muffin-trays',
      task: 'math',
      shards: [
        { shard_id: 1, shard_text: 'how much money did the bakery make from its muffins today?' },
        { shard_id: 2, shard_text: 'the bakery baked 12 trays of muffins' },
        { shard_id: 3, shard_text: 'each tray holds 6 muffins' },
        { shard_id: 4, shard_text: 'every muffin sells for $2, and they all sold' },
      ],
      system: SYSTEM.math,
      question: muffinQuestion(12),
      answer: '12 trays x 6 muffins = <<12*6=72>>72 muffins.\n72 muffins x $2 = $<<72*2=144>>144.\n#### 144',
      intent: {
        shard_id: 2,
        requirement: 'number of trays',
        original: '12 trays',
        revised: '10 trays',
        proposal: 'Hmm, actually I think they only baked 10 trays. Can we go with 10 trays instead?',
        accept: "Yes, let's go with that.",
        reject: 'No, on second thought, keep the tray count the way I first said it.',
        neutral: [
          'Does the number of trays change how you work out the total?',
          'Are you counting every tray the bakery baked?',
        ],
        connector: CONNECTOR,
        single_turn: { original: muffinQuestion(12), direct_revised: muffinQuestion(10) },
        reference: { original: 144, revised: 120 },
        extra_proposals: [
          {
            revised: '9 trays',
            proposal: 'Wait, maybe it was 9 trays? Should we use 9 trays?',
            reject: 'No, forget that. Leave the tray count as it was.',
          },
          {
            revised: '15 trays',
            proposal: 'Or could it have been 15 trays of muffins?',
            reject: "Never mind, don't change the number of trays.",
          },
          {
            revised: '8 trays',
            proposal: 'What if they baked 8 trays instead?',
            reject: 'No, scratch that and keep the original tray count.',
          },
        ],
        extra_neutral: [
          [
            'Should I assume every tray was completely full?',
            'Is the tray count the only figure you want me to double-check?',
          ],
          [
            'Do you want the total before or after counting the trays?',
            'Would a different tray count change the answer proportionally?',
          ],
        ],
        review: pending,
      },
      provenance: 'written for the Intent Lens samples',
    },
    valueOf: (v) => Number(/\d+/.exec(v)[0]),
    answer(v) {
      const trays = this.valueOf(v);
      const total = trays * 6 * 2;
      return {
        text: `Step by step:\n${trays} trays × 6 muffins = ${trays * 6} muffins.\n${trays * 6} muffins × $2 = $${total}.\n\nThe bakery made $${total}.`,
        exact: String(total),
        partial: `${trays * 6} muffins`,
      };
    },
  },
  {
    record: {
      task_id: 'sample-math/fence-cost',
      task: 'math',
      shards: [
        { shard_id: 1, shard_text: "how much will the fence around Maya's garden cost?" },
        { shard_id: 2, shard_text: 'the garden is a rectangle 15 meters long' },
        { shard_id: 3, shard_text: 'it is 8 meters wide' },
        { shard_id: 4, shard_text: 'fencing costs $4 per meter' },
      ],
      system: SYSTEM.math,
      question: fenceQuestion(8),
      answer: 'Perimeter: 2 x (15 + 8) = <<2*(15+8)=46>>46 meters.\nCost: 46 x $4 = $<<46*4=184>>184.\n#### 184',
      intent: {
        shard_id: 3,
        requirement: 'garden width',
        original: '8 meters wide',
        revised: '10 meters wide',
        proposal: "Actually, I measured again and it's 10 meters wide. Can you use 10 meters?",
        accept: 'Yes, use that width.',
        reject: 'No, ignore that, the width stays as I said before.',
        neutral: [
          'Is the width I gave measured along the short side?',
          'Do you need the width in meters for the perimeter?',
        ],
        connector: CONNECTOR,
        single_turn: { original: fenceQuestion(8), direct_revised: fenceQuestion(10) },
        reference: { original: 184, revised: 200 },
        extra_proposals: [
          {
            revised: '12 meters wide',
            proposal: 'Or maybe it is 12 meters wide after all?',
            reject: 'No, keep the width unchanged.',
          },
        ],
        extra_neutral: [
          [
            'Should the fence go all the way around, with no gate gap?',
            'Is the width the only side you want me to check again?',
          ],
        ],
        review: approved,
      },
      provenance: 'written for the Intent Lens samples',
    },
    valueOf: (v) => Number(/\d+/.exec(v)[0]),
    answer(v) {
      const w = this.valueOf(v);
      const p = 2 * (15 + w);
      return {
        text: `The fence runs around the perimeter.\nPerimeter = 2 × (15 + ${w}) = ${p} meters.\nCost = ${p} × $4 = $${p * 4}.\n\nThe fence will cost $${p * 4}.`,
        exact: String(p * 4),
        partial: `${p} meters of fence`,
      };
    },
    /** A slip unrelated to the revision: uses the area instead of the perimeter. */
    slip(v) {
      const w = this.valueOf(v);
      return {
        text: `Area = 15 × ${w} = ${15 * w} square meters.\nCost = ${15 * w} × $4 = $${15 * w * 4}.\n\nThe fence will cost $${15 * w * 4}.`,
        exact: String(15 * w * 4),
      };
    },
  },
  {
    record: {
      task_id: 'sample-code/sum-evens',
      task: 'code',
      shards: [
        { shard_id: 1, shard_text: 'Write a Python function that adds up the even numbers in a list' },
        { shard_id: 2, shard_text: 'The input is a list of integers called numbers' },
        { shard_id: 3, shard_text: 'An empty list gives 0' },
        { shard_id: 4, shard_text: 'Negative even numbers count too' },
        { shard_id: 5, shard_text: 'Name the function `sum_evens`.' },
      ],
      system: SYSTEM.code,
      source: 'humaneval',
      prompt: sumEvensPrompt('sum_evens'),
      test: 'def check(candidate):\n    assert candidate([1, 2, 3, 4]) == 6\n    assert candidate([]) == 0\n    assert candidate([-2, 3, 5]) == -2\n    assert candidate([7, 9]) == 0\n',
      metadata: { func_name: 'sum_evens' },
      intent: {
        shard_id: 5,
        requirement: 'entry-point function name',
        original: 'sum_evens',
        revised: 'add_evens',
        proposal: 'Actually, could you call the function `add_evens` instead?',
        accept: "Great, let's use that name.",
        reject: 'Hmm, no. Keep the function name I gave you earlier.',
        neutral: [
          'Does the function name matter for how your code will be tested?',
          'Will you use exactly the function name I specified?',
        ],
        connector: CONNECTOR,
        single_turn: {
          original: codeSingle(sumEvensPrompt('sum_evens')),
          direct_revised: codeSingle(sumEvensPrompt('add_evens')),
        },
        reference: { original: 'sum_evens', revised: 'add_evens' },
        extra_proposals: [
          {
            revised: 'total_of_evens',
            proposal: 'Or what about naming it `total_of_evens`?',
            reject: 'No, leave the name alone.',
          },
        ],
        extra_neutral: [
          [
            'Should the function accept any list of integers, including an empty one?',
            'Are you keeping the signature exactly as I described?',
          ],
        ],
        review: approved,
      },
      provenance: 'written for the Intent Lens samples',
    },
    answer(name) {
      const code = `def ${name}(numbers):\n    return sum(n for n in numbers if n % 2 == 0)\n`;
      return { text: `Here is the function:\n\n\`\`\`python\n${code}\`\`\``, exact: code };
    },
  },
  {
    record: {
      task_id: 'sample-code/count-vowels',
      task: 'code',
      shards: [
        { shard_id: 1, shard_text: 'Write a function that counts the vowels in a string' },
        { shard_id: 2, shard_text: 'The input is a string called text' },
        { shard_id: 3, shard_text: 'Only a, e, i, o and u count as vowels, in upper or lower case' },
        { shard_id: 4, shard_text: 'For example, Hello has 2 vowels' },
        { shard_id: 5, shard_text: 'Name the function `count_vowels`.' },
      ],
      system: SYSTEM.code,
      source: 'humaneval',
      prompt: countVowelsPrompt('count_vowels'),
      test: "def check(candidate):\n    assert candidate('Hello') == 2\n    assert candidate('') == 0\n    assert candidate('AEIOU xyz') == 5\n    assert candidate('rhythm') == 0\n",
      metadata: { func_name: 'count_vowels' },
      intent: {
        shard_id: 5,
        requirement: 'entry-point function name',
        original: 'count_vowels',
        revised: 'vowel_count',
        proposal: 'Could you name it `vowel_count` instead?',
        accept: 'Yes, go with that name.',
        reject: 'No, actually keep the name from before.',
        neutral: [
          'Does the function name matter for how your code will be tested?',
          'Will you use exactly the function name I specified?',
        ],
        connector: CONNECTOR,
        single_turn: {
          original: codeSingle(countVowelsPrompt('count_vowels')),
          direct_revised: codeSingle(countVowelsPrompt('vowel_count')),
        },
        reference: { original: 'count_vowels', revised: 'vowel_count' },
        review: {
          status: 'needs-work',
          note: 'the neutral questions repeat those of sample-code/sum-evens; write task-specific ones',
          by: 'sample-author',
          at: '2026-11-28',
        },
      },
      provenance: 'written for the Intent Lens samples',
    },
    answer(name) {
      const code = `def ${name}(text):\n    return sum(1 for ch in text.lower() if ch in 'aeiou')\n`;
      return { text: `\`\`\`python\n${code}\`\`\``, exact: code };
    },
  },
  {
    record: {
      task_id: 'sample-db/old-titles',
      task: 'database',
      shards: [
        { shard_id: 1, shard_text: 'titles of some of the older books in the library' },
        { shard_id: 2, shard_text: 'only books published before 1950' },
        { shard_id: 3, shard_text: 'just list the titles' },
      ],
      system: SYSTEM.database,
      db_id: DB_ID,
      schema_sql: schemaSql,
      reference_sql: oldTitlesSql(1950),
      fully_specified_question: 'Which book titles were published before 1950?',
      intent: {
        shard_id: 2,
        requirement: 'publication year cutoff',
        original: 'before 1950',
        revised: 'before 1970',
        proposal: 'Actually, can we widen that and include books published before 1970?',
        accept: "Yes, let's do that.",
        reject: 'No, never mind. Keep the cutoff I gave first.',
        neutral: [
          'Is the year cutoff meant to be strict, so a book from exactly that year is left out?',
          'Should the year filter apply to the original publication date?',
        ],
        connector: CONNECTOR,
        single_turn: {
          original: dbSingle('Which book titles were published before 1950?'),
          direct_revised: dbSingle('Which book titles were published before 1970?'),
        },
        reference: { original: oldTitlesSql(1950), revised: oldTitlesSql(1970) },
        extra_neutral: [
          ['Do you want the titles exactly as stored?', 'Should books with several copies appear only once?'],
        ],
        review: pending,
      },
      provenance: 'written for the Intent Lens samples',
    },
    answer(v) {
      const year = /\d{4}/.exec(v)[0];
      const sql = `SELECT b.title FROM book AS b WHERE b.year < ${year}`;
      return { text: `\`\`\`sql\n${sql}\n\`\`\``, exact: sql };
    },
  },
  {
    record: {
      task_id: 'sample-db/loan-names',
      task: 'database',
      shards: [
        { shard_id: 1, shard_text: "show the dates of the library's loans" },
        { shard_id: 2, shard_text: 'include the member who borrowed the book' },
        { shard_id: 3, shard_text: 'for the member, give only their first name' },
      ],
      system: SYSTEM.database,
      db_id: DB_ID,
      schema_sql: schemaSql,
      reference_sql: loanNamesSql('first_name'),
      fully_specified_question:
        'For each loan, what is the loan date and the first name of the member who borrowed the book?',
      intent: {
        shard_id: 3,
        requirement: 'member name column',
        original: 'first name',
        revised: 'last name',
        proposal: 'Hmm, on reflection, could you show their last name instead?',
        accept: 'Yes, please do that.',
        reject: 'No, leave the member column as I asked originally.',
        neutral: [
          'Do you need anything else about the member besides the name?',
          'Should each loan appear on its own row?',
        ],
        connector: CONNECTOR,
        single_turn: {
          original: dbSingle(
            'For each loan, what is the loan date and the first name of the member who borrowed the book?',
          ),
          direct_revised: dbSingle(
            'For each loan, what is the loan date and the last name of the member who borrowed the book?',
          ),
        },
        reference: { original: loanNamesSql('first_name'), revised: loanNamesSql('last_name') },
        review: approved,
      },
      provenance: 'written for the Intent Lens samples',
    },
    answer(v) {
      const col = v.startsWith('last') ? 'last_name' : 'first_name';
      const sql = `SELECT l.loan_date, m.${col} FROM loan AS l JOIN member AS m ON m.member_id = l.member_id`;
      return { text: `\`\`\`sql\n${sql}\n\`\`\``, exact: sql };
    },
  },
  {
    record: {
      task_id: 'sample-actions/weather-cities',
      task: 'actions',
      shards: [
        { shard_id: 1, shard_text: "What's the weather like in two cities today?" },
        { shard_id: 2, shard_text: 'The first city is Paris' },
        { shard_id: 3, shard_text: 'The second city is Rome' },
        { shard_id: 4, shard_text: 'Give the temperatures in celsius' },
      ],
      system: SYSTEM.actions,
      fully_specified_question: [[{ role: 'user', content: weatherQuestion('Rome') }]],
      function: [weatherFn],
      reference_answer: weatherCalls('Rome'),
      language: 'Python',
      test_category: 'parallel',
      intent: {
        shard_id: 3,
        requirement: 'second city',
        original: 'Rome',
        revised: 'Milan',
        proposal: 'Oh wait, I meant Milan for the second city. Can you use that?',
        accept: 'Yes, go with that.',
        reject: 'No, scratch that. Keep the second city I named.',
        neutral: [
          'Will you look up the second city exactly as I named it?',
          'Are both cities checked in the same unit?',
        ],
        connector: CONNECTOR,
        single_turn: { original: weatherQuestion('Rome'), direct_revised: weatherQuestion('Milan') },
        reference: { original: weatherCalls('Rome'), revised: weatherCalls('Milan') },
        extra_proposals: [
          {
            revised: 'Naples',
            proposal: 'Hmm, or should the second one be Naples?',
            reject: 'No, leave the second city alone.',
          },
        ],
        extra_neutral: [['Do you need one call per city?', 'Is the order of the two cities important to you?']],
        review: approved,
      },
      provenance: 'written for the Intent Lens samples',
    },
    calls: (v) => [{ get_weather: { city: 'Paris', unit: 'celsius' } }, { get_weather: { city: v, unit: 'celsius' } }],
  },
  {
    record: {
      task_id: 'sample-actions/table-booking',
      task: 'actions',
      shards: [
        { shard_id: 1, shard_text: 'Book me a table for dinner' },
        { shard_id: 2, shard_text: 'It should be at the restaurant Luna Verde' },
        { shard_id: 3, shard_text: "It's for 4 people" },
        { shard_id: 4, shard_text: 'Make it 19:30' },
      ],
      system: SYSTEM.actions,
      fully_specified_question: [[{ role: 'user', content: bookingQuestion(4) }]],
      function: [bookingFn],
      reference_answer: bookingCalls(4),
      language: 'Python',
      test_category: 'simple',
      intent: {
        shard_id: 3,
        requirement: 'party size',
        original: '4 people',
        revised: '6 people',
        proposal: 'Actually, two friends are joining, so can you make it 6 people?',
        accept: 'Yes, book it that way.',
        reject: 'No, they cancelled. Keep the party size as I first said.',
        neutral: ['Does the party size include me?', 'Will the booking say how many guests are coming?'],
        connector: CONNECTOR,
        single_turn: { original: bookingQuestion(4), direct_revised: bookingQuestion(6) },
        reference: { original: bookingCalls(4), revised: bookingCalls(6) },
        extra_proposals: [
          { revised: '5 people', proposal: 'Or maybe just 5 people?', reject: 'No, forget that, same as before.' },
        ],
        review: pending,
      },
      provenance: 'written for the Intent Lens samples',
    },
    calls: (v) => [{ book_table: { restaurant: 'Luna Verde', party_size: Number(/\d+/.exec(v)[0]), time: '19:30' } }],
  },
];

for (const s of SPECS) {
  if (s.record.task === 'actions') {
    s.answer = function (v) {
      const calls = this.calls(v);
      const text =
        '[' +
        calls
          .map(
            (c) =>
              Object.entries(c).map(
                ([fn, args]) =>
                  `${fn}(${Object.entries(args)
                    .map(([k, x]) => `${k}=${typeof x === 'string' ? `'${x}'` : x}`)
                    .join(', ')})`,
              )[0],
          )
          .join(', ') +
        ']';
      return { text, exact: text, calls };
    };
  }
}

// ---------------------------------------------------------------------------------------------
// Verifiers: a verdict is computed from the answer, never chosen.
// ---------------------------------------------------------------------------------------------
const hasPython = spawnSync('python3', ['--version']).status === 0;
if (!hasPython) console.warn('[samples] python3 not found: code answers are checked by entry-point name only');

function runPython(code, test, entry) {
  const program = `${code}\n${test}\nimport sys\nfn = globals().get(${JSON.stringify(entry)})\nif fn is None:\n    print("NameError: name '${entry}' is not defined"); sys.exit(1)\ncheck(fn)\nprint('ok')\n`;
  const r = spawnSync('python3', ['-c', program], { encoding: 'utf8', timeout: 10000 });
  return { passed: r.status === 0, error: r.status === 0 ? undefined : (r.stdout + r.stderr).trim().split('\n').pop() };
}

function callsMatch(calls, reference) {
  if (calls.length !== reference.length)
    return { valid: false, error: [`expected ${reference.length} calls, got ${calls.length}`] };
  const unused = [...reference];
  for (const c of calls) {
    const [fn, args] = Object.entries(c)[0];
    const i = unused.findIndex((r) => {
      const [rfn, rargs] = Object.entries(r)[0];
      return (
        rfn === fn &&
        Object.keys(rargs).length === Object.keys(args).length &&
        Object.entries(rargs).every(([k, allowed]) => allowed.includes(args[k]))
      );
    });
    if (i < 0)
      return {
        valid: false,
        error: [
          `no reference call matches ${fn}(${Object.entries(args)
            .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
            .join(', ')})`,
        ],
      };
    unused.splice(i, 1);
  }
  return { valid: true };
}

function evaluate(spec, answer, reference) {
  switch (spec.record.task) {
    case 'math': {
      const ok = Number(answer.exact) === Number(reference);
      return { is_correct: ok, score: ok ? 1 : 0, evaluation_return: { score: ok ? 1 : 0 } };
    }
    case 'database': {
      const ok = sameRows(answer.exact, reference);
      return {
        is_correct: ok,
        score: ok ? 1 : 0,
        evaluation_return: {
          rows_match: ok,
          predicted_rows: rowsOf(answer.exact).length,
          reference_rows: rowsOf(reference).length,
        },
      };
    }
    case 'code': {
      const r = hasPython
        ? runPython(answer.exact, spec.record.test, reference)
        : { passed: answer.exact.startsWith(`def ${reference}(`) };
      return {
        is_correct: r.passed,
        score: r.passed ? 1 : 0,
        evaluation_return: r.error ? { passed: false, error: r.error } : { passed: r.passed },
      };
    }
    case 'actions': {
      const r = callsMatch(answer.calls, reference);
      return { is_correct: r.valid, score: r.valid ? 1 : 0, evaluation_return: r };
    }
  }
  throw new Error(`unknown task ${spec.record.task}`);
}

// ---------------------------------------------------------------------------------------------
// Scripted conversations
// ---------------------------------------------------------------------------------------------
const MODELS = {
  'illustrative/model-a': { file: 'model-a', opener: 'refuse' },
  'illustrative/model-b': { file: 'model-b', opener: 'clarification' },
};

/**
 * Which value each model uses in its final answer. Model A drifts to the last value it heard
 * proposed (even when it was rejected) on most sources; model B follows the user's decision. The
 * result: new errors for model A in Retained (and one in Revised), none for model B.
 */
function valueUsed(model, spec, inst) {
  const it = spec.record.intent;
  const id = spec.record.task_id;
  const active = inst.active === 'revised' ? it.revised : it.original;
  if (model === 'illustrative/model-b')
    return {
      value: active,
      slip: id === 'sample-math/fence-cost' && inst.mode === 'multi' && inst.condition !== 'revised' && !inst.path,
    };
  const drifts = [
    'sample-math/muffin-trays',
    'sample-math/fence-cost',
    'sample-code/sum-evens',
    'sample-actions/weather-cities',
    'sample-db/loan-names',
  ].includes(id);
  if (inst.path === 'accumulation-retained' && inst.k > 0)
    return { value: inst.k === 1 ? it.revised : it.extra_proposals[inst.k - 2].revised };
  if (inst.path === 'persistence-revised' && inst.k > 0) return { value: it.original };
  if (inst.path === 'persistence-retained' && inst.k > 0) return { value: drifts ? it.revised : it.original };
  if (inst.mode === 'multi' && inst.condition === 'retained' && drifts) return { value: it.revised };
  if (inst.mode === 'multi' && inst.condition === 'revised' && id === 'sample-actions/table-booking')
    return { value: it.original };
  if (
    inst.mode === 'single' &&
    inst.condition === 'retained' &&
    ['sample-math/muffin-trays', 'sample-actions/weather-cities'].includes(id)
  )
    return { value: it.revised };
  return { value: active };
}

class Clock {
  constructor(seed) {
    this.t = Date.parse('2026-11-20T09:00:00Z') + seed * 60_000;
  }
  next(seconds = 2) {
    this.t += seconds * 1000;
    return new Date(this.t).toISOString().replace('T', ' ').slice(0, 19);
  }
}

function reply(model, msg, index, spec) {
  const it = spec.record.intent;
  if (index === 0) {
    return MODELS[model].opener === 'refuse'
      ? { text: "I can't work that out yet: I need more details first.", type: 'refuse' }
      : { text: 'Happy to help. Could you give me the details I need?', type: 'clarification' };
  }
  if (msg.kind === 'event') {
    switch (msg.event) {
      case 'proposal':
        return { text: 'Do you want me to switch to that instead of what you said before?', type: 'clarification' };
      case 'accept':
        return { text: `Okay, I'll use ${it.revised} from now on.`, type: 'discussion' };
      case 'reject':
        return { text: `Understood, I'll keep ${it.original}.`, type: 'discussion' };
      case 'neutral':
        return {
          text: "Good question. I'm using exactly what you stated, and I'll take it into account.",
          type: 'discussion',
        };
    }
  }
  return {
    text: `Got it: ${msg.content.replace(/[.?!]$/, '')}. Anything else I should know?`,
    type: model === 'illustrative/model-a' && index === 1 ? 'hedge' : 'discussion',
  };
}

function logEntry(content, clock) {
  return { role: 'log', content, timestamp: clock.next(0) };
}

function conversation(model, spec, inst, render) {
  const rec = spec.record;
  const keyParts = [model, rec.task_id, inst.mode, inst.condition, inst.path ?? '', inst.k ?? ''];
  const convId = createHash('sha1').update(keyParts.join('|')).digest('hex').slice(0, 24);
  const clock = new Clock(parseInt(convId.slice(0, 4), 16) % 500);
  const rendered = render.renderInstance(rec, inst);
  const used = valueUsed(model, spec, rendered);
  const answer = used.slip ? spec.slip(used.value) : spec.answer(used.value);
  const reference = rendered.reference;
  const verdict = evaluate(spec, answer, reference);
  // One conversation is deliberately left unscored: its verifier timed out.
  const unscored =
    model === 'illustrative/model-b' &&
    rec.task_id === 'sample-db/old-titles' &&
    inst.mode === 'multi' &&
    inst.condition === 'neutral' &&
    !inst.path;
  const trace = [{ role: 'system', content: rec.system, timestamp: clock.next(0) }];
  const msgs = rendered.messages;
  msgs.forEach((m, i) => {
    trace.push(logEntry({ type: 'state_transition', from: 'TURN_START', to: 'BUILD_USER_MESSAGE' }, clock));
    trace.push({ role: 'user', content: m.content, timestamp: clock.next(1), cost_usd: 0 });
    if (m.kind === 'shard') trace.push(logEntry({ type: 'shard_revealed', shard_id: m.shard_id }, clock));
    if (m.kind === 'event') trace.push(logEntry({ type: 'event', event: m.event, block: m.block }, clock));
    // A simulator that tried to reveal a shard twice, as LiC variants log it.
    if (m.kind === 'shard' && m.shard_id === 2 && model === 'illustrative/model-a' && inst.condition === 'neutral')
      trace.push(logEntry({ type: 'duplicate_shard_ignored', shard_id: 1 }, clock));
    trace.push(logEntry({ type: 'state_transition', from: 'BUILD_USER_MESSAGE', to: 'ASSISTANT_RESPONDING' }, clock));
    const last = i === msgs.length - 1;
    if (last) {
      trace.push({ role: 'assistant', content: answer.text, timestamp: clock.next(3), cost_usd: 0.0004 });
      trace.push(logEntry({ type: 'system-verification', response: { response_type: 'answer_attempt' } }, clock));
      const evaluation = unscored
        ? {
            type: 'answer-evaluation',
            exact_answer: answer.exact,
            is_correct: null,
            score: null,
            evaluation_return: { error: 'verifier timed out after 30 s' },
          }
        : { type: 'answer-evaluation', exact_answer: answer.exact, ...verdict };
      trace.push(logEntry(evaluation, clock));
      trace.push(logEntry({ type: 'conversation-completed' }, clock));
      return;
    }
    // Model A answers too early on math, with a partial result (evaluated, and wrong).
    if (model === 'illustrative/model-a' && rec.task === 'math' && i === msgs.length - 2 && msgs.length > 2) {
      const partial = answer.partial ?? answer.exact;
      trace.push({
        role: 'assistant',
        content: `So far that gives ${partial}. Is that the answer you need?`,
        timestamp: clock.next(3),
        cost_usd: 0.0002,
      });
      trace.push(logEntry({ type: 'system-verification', response: { response_type: 'answer_attempt' } }, clock));
      trace.push(
        logEntry(
          {
            type: 'answer-evaluation',
            exact_answer: String(parseFloat(partial)),
            is_correct: false,
            score: 0,
            evaluation_return: { score: 0 },
          },
          clock,
        ),
      );
    } else {
      const r = reply(model, m, i, spec);
      trace.push({ role: 'assistant', content: r.text, timestamp: clock.next(3), cost_usd: 0.0002 });
      trace.push(logEntry({ type: 'system-verification', response: { response_type: r.type } }, clock));
    }
    trace.push(logEntry({ type: 'state_transition', from: 'CLASSIFY_RESPONSE', to: 'TURN_END' }, clock));
  });
  const entry = {
    conv_id: convId,
    conv_type: 'intent-eval-scripted',
    task: rec.task,
    task_id: rec.task_id,
    assistant_model: model,
    user_model: 'scripted-user',
    system_model: 'sample-verifier',
    mode: inst.mode,
    condition: rendered.condition,
    ...(inst.path ? { path: inst.path, k: inst.k } : {}),
    trace,
    is_correct: unscored ? null : verdict.is_correct,
    score: unscored ? null : verdict.score,
  };
  return {
    entry,
    verdict: unscored ? 'unscored' : verdict.is_correct ? 'correct' : 'incorrect',
    used: used.value,
    active: rendered.activeValue,
  };
}

/** Extended-path runs, kept in a few: muffin trays (in the JSONL logs) and weather (a `.json` array file). */
const EXTENDED = [
  { task_id: 'sample-math/muffin-trays', path: 'accumulation-retained', k: 2 },
  { task_id: 'sample-math/muffin-trays', path: 'accumulation-retained', k: 4 },
  { task_id: 'sample-math/muffin-trays', path: 'accumulation-neutral', k: 2 },
  { task_id: 'sample-math/muffin-trays', path: 'persistence-revised', k: 1 },
  { task_id: 'sample-actions/weather-cities', path: 'persistence-retained', k: 1, jsonArray: true },
  { task_id: 'sample-actions/weather-cities', path: 'accumulation-retained', k: 2, jsonArray: true },
];

// ---------------------------------------------------------------------------------------------
// Bad files: one problem a line, each kind the loaders must locate.
// ---------------------------------------------------------------------------------------------
function badRecords() {
  const ok = (id, n) =>
    JSON.stringify({
      task_id: id,
      task: 'math',
      shards: [{ shard_id: 1, shard_text: `what is ${n} plus ${n}?` }],
      question: `What is ${n} plus ${n}?`,
      answer: `#### ${2 * n}`,
    });
  return (
    [
      ok('bad-sample/valid-first', 3),
      '{"task_id": "bad-sample/syntax-error", "task": "math", "shards": [{"shard_id": 1, "shard_text": "x"},]}',
      JSON.stringify({ task_id: 'bad-sample/missing-shards', task: 'math', question: 'What is 1 plus 1?' }),
      JSON.stringify({
        task_id: 'bad-sample/wrong-type',
        task: 'math',
        shards: [{ shard_id: 'one', shard_text: 'what is 2 plus 2?' }],
      }),
      ok('bad-sample/valid-first', 5),
      ok('bad-sample/valid-second', 7),
    ].join('\n') +
    '\n' +
    '{"task_id": "bad-sample/truncated", "task": "math", "shards": [{"shard_id": 1, "sha'
  );
}

function badLogs() {
  const clock = new Clock(0);
  const validEntry = {
    conv_id: 'bad-valid-first',
    task: 'math',
    task_id: 'bad-sample/valid-first',
    assistant_model: 'illustrative/model-b',
    mode: 'multi',
    condition: 'original',
    trace: [
      { role: 'user', content: 'what is 3 plus 3?', timestamp: clock.next() },
      logEntry({ type: 'shard_revealed', shard_id: 1 }, clock),
      { role: 'assistant', content: '3 + 3 = 6', timestamp: clock.next() },
      logEntry({ type: 'system-verification', response: { response_type: 'answer_attempt' } }, clock),
      logEntry(
        { type: 'answer-evaluation', exact_answer: '6', is_correct: true, score: 1, evaluation_return: { score: 1 } },
        clock,
      ),
    ],
    is_correct: true,
    score: 1,
  };
  const base = (id, extra = {}) => ({ ...validEntry, conv_id: id, ...extra });
  const badEvent = structuredClone(validEntry);
  badEvent.conv_id = 'bad-event-content';
  const evIdx = badEvent.trace.findIndex((m) => m.role === 'log' && m.content.type === 'shard_revealed');
  badEvent.trace.splice(evIdx + 1, 0, { role: 'log', content: { type: 'event', event: 'maybe', block: 1 } });
  const { task_id: _dropped, ...missingTaskId } = base('bad-missing-task-id');
  return (
    [
      JSON.stringify(base('bad-valid-first')),
      '{"conv_id": "bad-syntax", "task": "math", "task_id": "bad-sample/valid-first", "trace": [{"role": "user" "content": "hi"}]}',
      JSON.stringify(missingTaskId),
      JSON.stringify(base('bad-wrong-type', { is_correct: 'yes' })),
      JSON.stringify(base('bad-valid-first')),
      JSON.stringify(badEvent),
    ].join('\n') +
    '\n' +
    '{"conv_id": "bad-truncated", "task": "math", "task_id": "bad-sample/valid-first", "trace": [{"role": "user", "content": "what is 3 pl'
  );
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------
const outputs = new Map();
const put = (rel, content) => outputs.set(rel, content);

const render = await loadRenderer();
put('intent.records.jsonl', SPECS.map((s) => JSON.stringify(s.record)).join('\n') + '\n');

// Sanity: references really differ, and the record's own reference answers pass their verifiers.
for (const s of SPECS) {
  const it = s.record.intent;
  for (const which of ['original', 'revised']) {
    const a = s.answer(it[which]);
    const v = evaluate(s, a, it.reference[which]);
    if (!v.is_correct) throw new Error(`${s.record.task_id}: the ${which} answer does not pass its own reference`);
    const other = evaluate(s, a, it.reference[which === 'original' ? 'revised' : 'original']);
    if (other.is_correct) throw new Error(`${s.record.task_id}: the ${which} answer also passes the other reference`);
  }
}

const logs = new Map(); // rel path -> entries
const summary = [];
const addLog = (rel, entry) => {
  if (!logs.has(rel)) logs.set(rel, []);
  logs.get(rel).push(entry);
};
for (const spec of SPECS) {
  for (const model of Object.keys(MODELS)) {
    for (const inst of render.baseInstances(spec.record)) {
      const c = conversation(model, spec, inst, render);
      addLog(`logs/${spec.record.task}/${MODELS[model].file}.jsonl`, c.entry);
      summary.push({
        model,
        task_id: spec.record.task_id,
        instance: render.instanceLabel(inst),
        verdict: c.verdict,
        used: c.used,
      });
    }
  }
}
for (const ext of EXTENDED) {
  const spec = SPECS.find((s) => s.record.task_id === ext.task_id);
  for (const model of Object.keys(MODELS)) {
    const c = conversation(
      model,
      spec,
      { mode: 'multi', condition: render.pathCondition(ext.path, ext.k), path: ext.path, k: ext.k },
      render,
    );
    addLog(
      ext.jsonArray
        ? `logs/${spec.record.task}/extended-paths.json`
        : `logs/${spec.record.task}/${MODELS[model].file}.jsonl`,
      c.entry,
    );
    summary.push({
      model,
      task_id: spec.record.task_id,
      instance: render.instanceLabel(ext),
      verdict: c.verdict,
      used: c.used,
    });
  }
}
for (const [rel, entries] of logs) {
  put(
    rel,
    rel.endsWith('.json')
      ? JSON.stringify(entries, null, 2) + '\n'
      : entries.map((e) => JSON.stringify(e)).join('\n') + '\n',
  );
}
put('bad/broken.records.jsonl', badRecords());
put('logs/bad/broken.jsonl', badLogs());
put(`databases/${DB_ID}/${DB_ID}.sqlite`, Buffer.from(db.export()));

// New errors (correct in Original, wrong in Retained or Revised, same model and mode): the divergence the samples show.
const verdictOfRun = (m, id, inst) =>
  summary.find((s) => s.model === m && s.task_id === id && s.instance === inst)?.verdict;
const newErrors = [];
for (const s of summary) {
  const orig = ['Retained', 'Revised'].includes(s.instance)
    ? 'Original'
    : ['S_Ret', 'S_Rev'].includes(s.instance)
      ? 'S_Orig'
      : undefined;
  if (orig && s.verdict === 'incorrect' && verdictOfRun(s.model, s.task_id, orig) === 'correct')
    newErrors.push(`${s.model} ${s.task_id} ${s.instance} (answered with ${s.used})`);
}
const stats = {};
for (const s of summary) {
  stats[s.model] ??= { correct: 0, incorrect: 0, unscored: 0 };
  stats[s.model][s.verdict]++;
}
console.log(`[samples] ${SPECS.length} records, ${summary.length} conversations`, JSON.stringify(stats));
console.log(`[samples] new errors:\n  ${newErrors.join('\n  ')}`);

if (checkOnly) {
  let stale = 0;
  for (const [rel, content] of outputs) {
    const current = await readFile(join(samples, rel)).catch(() => undefined);
    if (!current || !Buffer.from(content).equals(current)) {
      console.log(`[samples] out of date: samples/${rel}`);
      stale++;
    }
  }
  process.exit(stale ? 1 : 0);
}
for (const [rel, content] of outputs) {
  await mkdir(dirname(join(samples, rel)), { recursive: true });
  await writeFile(join(samples, rel), content);
}
console.log(`[samples] wrote ${outputs.size} files under samples/`);
