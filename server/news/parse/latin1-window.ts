// skim()'s view of a document's bytes: Latin-1 text, a window at a time.

/**
 * How much of a document skim() holds as text at a time: less than V8's largest ordinary object
 * (128 KiB). A longer string is put in the large-object space, where each one is memory freshly
 * mapped: on a 2-core VM, reading the 1.6 MB podcast feed as one string took 8 ms, as long as
 * skimming all of it.
 */
export const SKIM_WINDOW = 64 * 1024;

/**
 * A document's bytes as Latin-1 text, held a window at a time (see SKIM_WINDOW). Positions taken
 * and given are the bytes'; whatever is asked for outside the window moves the window there (a
 * range longer than a window gets a window as long).
 */
export class Latin1Window {
  /** The text of the window, and where it starts in the bytes. */
  private text = "";
  private start = 0;
  readonly length: number;

  constructor(
    private readonly bytes: Buffer,
    private readonly size: number,
  ) {
    this.length = bytes.length;
    this.load(0, 0);
  }

  /** The window from `from`, holding at least [from, to) of the bytes. */
  private load(from: number, to: number): void {
    this.start = from;
    const end = Math.min(this.length, Math.max(to, from + this.size));
    this.text = this.bytes.toString("latin1", from, end);
  }

  /** Makes sure the window holds [from, to) (as far as the bytes go). */
  private hold(from: number, to: number): void {
    const end = Math.min(to, this.length);
    if (from < this.start || end > this.start + this.text.length) this.load(from, end);
  }

  charCodeAt(i: number): number {
    const at = i - this.start;
    if (at >= 0 && at < this.text.length) return this.text.charCodeAt(at);
    if (i < 0 || i >= this.length) return NaN;
    this.load(i, i + 1);
    return this.text.charCodeAt(0);
  }

  slice(from: number, to: number): string {
    this.hold(from, to);
    return this.text.slice(from - this.start, to - this.start);
  }

  startsWith(search: string, at: number): boolean {
    this.hold(at, at + search.length);
    return this.text.startsWith(search, at - this.start);
  }

  /** Where `search` first occurs at or after `from`, or -1. */
  indexOf(search: string, from: number): number {
    if (from >= this.length) return -1;
    this.hold(from, from + search.length);
    for (let after = from; ;) {
      const found = this.text.indexOf(search, after - this.start);
      if (found !== -1) return found + this.start;
      const end = this.start + this.text.length;
      if (end >= this.length) return -1;
      // on, from where a match could still start
      after = Math.max(after, end - search.length + 1);
      this.load(after, after + search.length);
    }
  }
}
