// Compact columns for views with 100,000 rows: unsigned integers packed little-endian into 1, 2 or
// 4 bytes each and sent as base64 (one string instead of 100,000 JSON numbers), strings as a
// dictionary of distinct values plus a packed index, sets of rows as base64 bitmaps. Both sides
// use it (host packs, webview unpacks); checking a column is checking its length, never its elements
// one by one with zod.
import * as z from 'zod/mini';

export const PackedUintsSchema = z.object({
  width: z.union([z.literal(1), z.literal(2), z.literal(4)]),
  data: z.string(),
});
export type PackedUints = z.infer<typeof PackedUintsSchema>;

/** Strings as `values` + an index per row: 0 means absent, n means `values[n - 1]`. */
export const DictColumnSchema = z.object({ values: z.array(z.string()), index: PackedUintsSchema });
export type DictColumn = z.infer<typeof DictColumnSchema>;

// The platform's btoa/atob (browsers and Node ≥ 16) do the coding natively; only the byte ↔ binary
// string step is ours, in chunks that keep String.fromCharCode's argument list small.
export function toBase64(bytes: Uint8Array): string {
  // On the host (Node), Buffer codes without the intermediate string.
  if (typeof Buffer !== 'undefined')
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  const CHUNK = 8192;
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK)
    parts.push(String.fromCharCode(...bytes.subarray(start, start + CHUNK)));
  return btoa(parts.join(''));
}

export function fromBase64(text: string): Uint8Array {
  if (text.length % 4 !== 0) throw new Error('base64 length is not a multiple of 4');
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    throw new Error('not base64');
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/** Packs unsigned integers (< 2^32) in the narrowest width that holds the largest. */
export function packUints(values: ArrayLike<number>): PackedUints {
  let max = 0;
  for (let i = 0; i < values.length; i++) if (values[i]! > max) max = values[i]!;
  const width = max < 256 ? 1 : max < 65536 ? 2 : 4;
  const bytes = new Uint8Array(values.length * width);
  for (let i = 0, o = 0; i < values.length; i++) {
    const v = values[i]!;
    bytes[o++] = v & 255;
    if (width > 1) bytes[o++] = (v >>> 8) & 255;
    if (width > 2) {
      bytes[o++] = (v >>> 16) & 255;
      bytes[o++] = (v >>> 24) & 255;
    }
  }
  return { width, data: toBase64(bytes) };
}

/** The number of bytes base64 `text` decodes to, from its length and padding (no decoding). */
function base64Bytes(text: string): number {
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - pad;
}

/** True when `p` holds exactly `count` values (a length check: no decoding). */
export function packedLengthOk(p: PackedUints, count: number): boolean {
  return p.data.length % 4 === 0 && base64Bytes(p.data) === count * p.width;
}

export function unpackUints(p: PackedUints, count: number): Uint32Array {
  const bytes = fromBase64(p.data);
  if (bytes.length !== count * p.width)
    throw new Error(`packed column has ${bytes.length} bytes, expected ${count * p.width}`);
  const out = new Uint32Array(count);
  const w = p.width;
  for (let i = 0, o = 0; i < count; i++, o += w)
    out[i] =
      w === 1
        ? bytes[o]!
        : w === 2
          ? bytes[o]! | (bytes[o + 1]! << 8)
          : (bytes[o]! | (bytes[o + 1]! << 8) | (bytes[o + 2]! << 16) | (bytes[o + 3]! << 24)) >>> 0;
  return out;
}

/** A dictionary column of per-row strings (`undefined`: absent); values in first-seen order. */
export function packDict(count: number, valueAt: (i: number) => string | undefined): DictColumn {
  const at = new Map<string, number>();
  const values: string[] = [];
  const index = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const v = valueAt(i);
    if (v === undefined) continue;
    let n = at.get(v);
    if (n === undefined) {
      values.push(v);
      at.set(v, (n = values.length));
    }
    index[i] = n;
  }
  return { values, index: packUints(index) };
}

/** Unpacks a dictionary column's index and checks every entry points into `values`. */
export function unpackDict(d: DictColumn, count: number): Uint32Array {
  const index = unpackUints(d.index, count);
  for (let i = 0; i < count; i++)
    if (index[i]! > d.values.length) throw new Error(`dictionary index ${index[i]} out of range`);
  return index;
}

/** A set of row numbers as a bitmap of `count` bits, base64. */
export function packBits(count: number, rows: Iterable<number>): string {
  const bytes = new Uint8Array(Math.ceil(count / 8));
  for (const r of rows) bytes[r >> 3] = bytes[r >> 3]! | (1 << (r & 7));
  return toBase64(bytes);
}

export function bitsLengthOk(bits: string, count: number): boolean {
  return bits.length % 4 === 0 && base64Bytes(bits) === Math.ceil(count / 8);
}

/** The rows set in a bitmap, ascending. */
export function unpackBits(bits: string, count: number): Uint32Array {
  const bytes = fromBase64(bits);
  if (bytes.length !== Math.ceil(count / 8)) throw new Error(`bitmap has ${bytes.length} bytes for ${count} rows`);
  let n = 0;
  for (let r = 0; r < count; r++) if (bytes[r >> 3]! & (1 << (r & 7))) n++;
  const out = new Uint32Array(n);
  for (let r = 0, o = 0; r < count; r++) if (bytes[r >> 3]! & (1 << (r & 7))) out[o++] = r;
  return out;
}
