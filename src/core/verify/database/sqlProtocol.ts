// Messages between the SQL executor and its worker.
export type SqlCell = number | string | null | { blob: string };

export interface SqlWorkerRequest {
  id: number;
  dbPath: string;
  sql: string;
  maxRows: number;
}

export type SqlWorkerResponse = { id: number; ok: true; columns: string[]; rows: SqlCell[][] } | { id: number; ok: false; error: string };
