/**
 * Splits an ICY stream (audio with a metadata block every `metaint` bytes) into the audio alone
 * and the titles the metadata carries. A metadata block is one length byte (×16) and that many
 * bytes of `StreamTitle='…';StreamUrl='…';` text.
 */
export class IcyDemuxer {
  private untilMeta: number;
  private metaLeft = -1;
  private meta: Buffer[] = [];

  constructor(
    private readonly metaint: number,
    private readonly onTitle: (title: string) => void,
  ) {
    this.untilMeta = metaint;
  }

  /** Feeds bytes from upstream; returns the audio bytes among them. */
  push(chunk: Buffer): Buffer {
    if (this.metaint <= 0) return chunk;
    const audio: Buffer[] = [];
    let i = 0;
    while (i < chunk.length) {
      if (this.metaLeft > 0) {
        const take = Math.min(this.metaLeft, chunk.length - i);
        this.meta.push(chunk.subarray(i, i + take));
        this.metaLeft -= take;
        i += take;
        if (this.metaLeft === 0) this.finishMeta();
      } else if (this.metaLeft === 0 || this.untilMeta === 0) {
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
    const text = Buffer.concat(this.meta).toString("utf8").replace(/\0+$/, "");
    this.meta = [];
    this.metaLeft = -1;
    this.untilMeta = this.metaint;
    const title = /StreamTitle='(.*?)';/s.exec(text)?.[1];
    if (title !== undefined) this.onTitle(title.trim());
  }
}
