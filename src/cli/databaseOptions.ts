// `--databases DIR` and `--follow-db-links`: where the database verifier and the reference check find
// `<db_id>.sqlite`, shared by `score`, `validate`, `run` and `fork`. Links that lead out of DIR (a
// Spider download elsewhere) are used only when the user says so, as a trusted workspace does.
export const DATABASE_OPTIONS = { databases: { type: 'string' }, 'follow-db-links': { type: 'boolean' } } as const;

export const DATABASE_HELP = `  --databases DIR      SQLite databases (<db_id>.sqlite, <db_id>/<db_id>.sqlite or .sql dumps)
  --follow-db-links    use databases that symbolic links in DIR lead to outside it (refused without)`;

export interface DatabaseValues {
  databases?: string;
  'follow-db-links'?: boolean;
}
