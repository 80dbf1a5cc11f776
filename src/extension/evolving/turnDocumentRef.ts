// Reads which conversation (and which trace message) an `intent-lens:` turn document shows: the
// Sources tree's `/conv/<conv_id>/turn/<i>.md` layout first, else any path segment or query value
// that names a known conv_id, with the message from a `traceIndex`/`index`/`turn` query value or a
// number in the last path segment. Pure (no `vscode`).

export const TURN_DOCUMENT_SCHEME = 'intent-lens';

export interface TurnDocumentRef {
  convId: string;
  /** Index in the trace of the message the document shows, when the URI says it. */
  traceIndex?: number;
}

export function parseTurnDocumentUri(
  uri: { scheme: string; path: string; query: string },
  isConversation: (convId: string) => boolean,
): TurnDocumentRef | undefined {
  if (uri.scheme !== TURN_DOCUMENT_SCHEME) return undefined;
  // The Sources tree's layout: /conv/<conv_id>/turn/<trace index>.md and /conv/<conv_id>.md
  // (a vscode.Uri's path is decoded, so a conv_id may itself hold slashes).
  const turnDoc = /^\/conv\/(.+)\/turn\/(\d+)\.md$/.exec(uri.path);
  if (turnDoc && isConversation(safeDecode(turnDoc[1]!)))
    return { convId: safeDecode(turnDoc[1]!), traceIndex: Number(turnDoc[2]) };
  const convDoc = /^\/conv\/(.+)\.md$/.exec(uri.path);
  if (convDoc && isConversation(safeDecode(convDoc[1]!))) return { convId: safeDecode(convDoc[1]!) };
  const query = new URLSearchParams(uri.query);
  const segments = uri.path
    .split('/')
    .filter((s) => s !== '')
    .map((s) => safeDecode(s));
  const candidates = [
    query.get('convId'),
    query.get('conv_id'),
    query.get('conv'),
    ...segments,
    ...segments.map((s) => s.replace(/\.[a-z]+$/i, '')),
  ].filter((s): s is string => !!s);
  const convId = candidates.find((c) => isConversation(c));
  if (!convId) return undefined;
  const fromQuery = query.get('traceIndex') ?? query.get('index') ?? query.get('turn');
  let traceIndex = fromQuery !== null && /^\d+$/.test(fromQuery) ? Number(fromQuery) : undefined;
  if (traceIndex === undefined) {
    const last = segments[segments.length - 1];
    const m =
      last !== undefined && last !== convId && last.replace(/\.[a-z]+$/i, '') !== convId
        ? /(\d+)(?:\.[a-z]+)?$/i.exec(last)
        : null;
    if (m) traceIndex = Number(m[1]);
  }
  return { convId, ...(traceIndex !== undefined ? { traceIndex } : {}) };
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The user turn a trace message belongs to: the last user message at or before it. */
export function userTurnOfTraceIndex(userMessageIndices: readonly number[], traceIndex: number): number | undefined {
  let turn: number | undefined;
  userMessageIndices.forEach((at, i) => {
    if (at <= traceIndex) turn = i;
  });
  return turn;
}
