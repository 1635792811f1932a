/** A metadata block is at most 255 × 16 bytes: its length is one byte, counted in 16s. */
export const MAX_METADATA_BYTES = 255 * 16;

/**
 * The largest metadata interval the relay accepts. Icecast sends 16000 and Shoutcast 8192 (both
 * can be configured); Icecast-KH keeps the interval in an unsigned short. Anything larger is not a
 * server's setting but a broken or hostile header.
 */
export const MAX_METAINT = 65_536;

const TITLE_START = Buffer.from("StreamTitle='");
const TITLE_END = Buffer.from("';");

/**
 * Reads an `icy-metaint` header: 0 when it is absent or "0" (no metadata in the stream), the
 * interval when it is a plain decimal from 1 to MAX_METAINT, else null. Number() read "0x10" as
 * 16, "1e3" as 1000, "" as 0 and "-5abc" as NaN (which silenced every byte): only digits pass, and
 * the caller fails an upstream that sends anything else.
 */
export function parseMetaint(raw: string | undefined): number | null {
  if (raw === undefined) return 0;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const metaint = Number(raw);
  return metaint <= MAX_METAINT ? metaint : null;
}

/**
 * Splits an ICY stream (audio with a metadata block every `metaint` bytes) into the audio alone
 * and the titles the metadata carries. A metadata block is one length byte (×16) and that many
 * bytes of `StreamTitle='…';StreamUrl='…';` text. Each byte is looked at once, and a block is kept
 * in one fixed buffer of the largest size the format allows, so garbage costs no more than audio.
 */
export class IcyDemuxer {
  private untilMeta: number;
  /** Bytes of the current metadata block still to come; -1 between blocks. */
  private metaLeft = -1;
  private readonly meta: Buffer;
  private metaSize = 0;

  /**
   * The StreamTitle of one metadata block's text (`StreamTitle='…';StreamUrl='…';`), or undefined.
   * Two native searches rather than a regular expression: the text is the upstream's and up to
   * 4,080 bytes, and a backtracking pattern over crafted text costs the square of that per block.
   */
  static parseTitle(text: Buffer): string | undefined {
    const at = text.indexOf(TITLE_START);
    if (at === -1) return undefined;
    const start = at + TITLE_START.length;
    const end = text.indexOf(TITLE_END, start);
    return end === -1 ? undefined : text.toString("utf8", start, end).trim();
  }

  constructor(
    private readonly metaint: number,
    private readonly onTitle: (title: string) => void,
  ) {
    this.untilMeta = metaint;
    this.meta = Buffer.alloc(metaint > 0 ? MAX_METADATA_BYTES : 0);
  }

  /** Feeds bytes from upstream; returns the audio bytes among them. */
  push(chunk: Buffer): Buffer {
    if (this.metaint <= 0) return chunk;
    const audio: Buffer[] = [];
    let i = 0;
    while (i < chunk.length) {
      if (this.metaLeft > 0) {
        const take = Math.min(this.metaLeft, chunk.length - i);
        chunk.copy(this.meta, this.metaSize, i, i + take);
        this.metaSize += take;
        this.metaLeft -= take;
        i += take;
        if (this.metaLeft === 0) this.finishMeta();
      } else if (this.metaLeft === 0) {
        // the length byte of a metadata block
        this.metaLeft = (chunk[i] ?? 0) * 16;
        i += 1;
        if (this.metaLeft === 0) this.finishMeta();
      } else {
        const take = Math.min(this.untilMeta, chunk.length - i);
        audio.push(chunk.subarray(i, i + take));
        this.untilMeta -= take;
        i += take;
        if (this.untilMeta === 0) this.metaLeft = 0;
      }
    }
    return audio.length === 1 ? (audio[0] as Buffer) : Buffer.concat(audio);
  }

  private finishMeta(): void {
    // Called through the class so that a test can count the bytes it examines.
    const title =
      this.metaSize > 0 ? IcyDemuxer.parseTitle(this.meta.subarray(0, this.metaSize)) : undefined;
    this.metaSize = 0;
    this.metaLeft = -1;
    this.untilMeta = this.metaint;
    if (title !== undefined) this.onTitle(title);
  }
}
