// Checks a user-simulator reply (Appendix B.2): JSON format, an eligible shard id, non-empty text,
// not a bare acknowledgement; on a mandatory-disclosure turn a shard must be revealed.

export type ReplyRejection = 'format' | 'empty' | 'acknowledgement' | 'ineligible-shard' | 'no-disclosure';

export type CheckedReply =
  { ok: true; response: string; shardId: number } | { ok: false; reason: ReplyRejection; detail: string };

const ACK_WORDS = new Set([
  'ok',
  'okay',
  'k',
  'kk',
  'sure',
  'thanks',
  'thank',
  'you',
  'thx',
  'ty',
  'got',
  'it',
  'yes',
  'yep',
  'yeah',
  'yup',
  'alright',
  'all',
  'right',
  'cool',
  'great',
  'sounds',
  'good',
  'noted',
  'understood',
  'perfect',
  'fine',
  'nice',
  'awesome',
  'go',
  'ahead',
  'continue',
  'np',
  'hmm',
  'mhm',
  'uh',
  'huh',
]);

/** True for replies like "ok", "Thanks!", "got it, sounds good". */
export function isBareAcknowledgement(text: string): boolean {
  const words = text.toLowerCase().match(/[a-z']+/g);
  if (!words) return true;
  return words.length <= 5 && words.every((w) => ACK_WORDS.has(w));
}

/** Pulls the JSON object out of a reply that may be fenced or wrapped in prose. */
function extractJsonObject(raw: string): unknown {
  const text = raw.replace(/```(?:json)?/gi, '');
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

export function checkSimulatorReply(raw: string, eligibleIds: ReadonlySet<number>, mandatory: boolean): CheckedReply {
  const obj = extractJsonObject(raw);
  if (typeof obj !== 'object' || obj === null || Array.isArray(obj))
    return { ok: false, reason: 'format', detail: 'reply is not a JSON object' };
  const { response, shard_id } = obj as { response?: unknown; shard_id?: unknown };
  if (typeof response !== 'string') return { ok: false, reason: 'format', detail: '`response` is not a string' };
  const id =
    typeof shard_id === 'number'
      ? shard_id
      : typeof shard_id === 'string' && /^-?\d+$/.test(shard_id.trim())
        ? Number(shard_id)
        : NaN;
  if (!Number.isInteger(id)) return { ok: false, reason: 'format', detail: '`shard_id` is not an integer' };
  const text = response.trim();
  if (text === '') return { ok: false, reason: 'empty', detail: 'empty response' };
  if (isBareAcknowledgement(text))
    return { ok: false, reason: 'acknowledgement', detail: `bare acknowledgement "${text.slice(0, 40)}"` };
  if (id === -1) {
    if (mandatory)
      return { ok: false, reason: 'no-disclosure', detail: 'this turn must reveal a shard, the reply revealed none' };
    return { ok: true, response: text, shardId: -1 };
  }
  if (!eligibleIds.has(id))
    return { ok: false, reason: 'ineligible-shard', detail: `shard ${id} is not eligible on this turn` };
  return { ok: true, response: text, shardId: id };
}
