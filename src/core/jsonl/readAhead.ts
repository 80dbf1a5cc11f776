// A file's bytes in order, read one chunk ahead: while the caller works on a chunk, the next one is
// read on libuv's thread pool. A 1 GB first load reads logs that are often not in the page cache;
// read then parse, chunk after chunk, paid the disk's time on top of the parse's (bench/ui.md).
import type { FileHandle } from 'node:fs/promises';

export class ReadAhead {
  private readonly ahead: Buffer;
  /** The read in flight into `ahead`, resolving to its byte count. */
  private pending: Promise<number> | undefined;
  /** Bytes of `ahead` not yet handed out, from `from`. */
  private have = 0;
  private from = 0;

  constructor(
    private readonly fh: FileHandle,
    chunkSize: number,
    /** File offset of the first byte to read. */
    private pos: number,
  ) {
    this.ahead = Buffer.allocUnsafe(Math.max(1, chunkSize));
    this.start();
  }

  /**
   * Copies the next bytes of the file, up to `length`, into `into` at `offset`; 0 at the end of the
   * file as it is now (a file that grows later is read on from there by the next call).
   */
  async read(into: Buffer, offset: number, length: number): Promise<number> {
    if (this.have === 0) {
      this.pending ??= this.readAt();
      const n = await this.pending;
      this.pending = undefined;
      if (n === 0) return 0;
      this.pos += n;
      this.have = n;
      this.from = 0;
    }
    const n = Math.min(length, this.have);
    this.ahead.copy(into, offset, this.from, this.from + n);
    this.from += n;
    this.have -= n;
    // Only once `ahead` is handed out in full: the read writes into it.
    if (this.have === 0) this.start();
    return n;
  }

  /** Waits for the read in flight (before its file handle is closed); its failure is the caller's no more. */
  async settle(): Promise<void> {
    const p = this.pending;
    this.pending = undefined;
    await p?.catch(() => 0);
  }

  private start(): void {
    const p = this.readAt();
    // A reader that stops early never awaits this read: keep its failure from going unhandled.
    p.catch(() => 0);
    this.pending = p;
  }

  private readAt(): Promise<number> {
    return this.fh.read(this.ahead, 0, this.ahead.length, this.pos).then((r) => r.bytesRead);
  }
}
