// Messages between the SQL executor and its worker.
export type SqlCell = number | string | null | { blob: string };

export interface SqlWorkerRequest {
  id: number;
  dbPath: string;
  sql: string;
  maxRows: number;
}

/** `started`: the database is loaded and the statement begins; its time limit counts from here. */
export type SqlWorkerResponse =
  | { id: number; started: true }
  | { id: number; ok: true; columns: string[]; rows: SqlCell[][] }
  | { id: number; ok: false; error: string };
