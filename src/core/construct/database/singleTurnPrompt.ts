// S_Orig for a database source: LiC's fully specified text-to-SQL prompt (schema, question, rules),
// as the Intent-Eval records carry it; without a schema, the question alone.
export function databaseSingleTurn(question: string, schemaSql: string | undefined): string {
  if (!schemaSql?.trim()) return question;
  return [
    'You must generate the valid SQL query that answers the given user query in natural language.',
    '',
    'The schema of the database you are responding to is as follows:',
    schemaSql,
    '',
    'The user query is:',
    question,
    '',
    'Rules:',
    '- [Single Answer] Produce a single valid SQL query based on the database schema and the user query.',
    '- [Only SQL] Do not include any other text or comments.',
    '- [Validity] The SQL query must be valid and executable.',
    '- [Single Line] Produce your entire response in a single line.',
  ].join('\n');
}
