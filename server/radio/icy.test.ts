import { describe, expect, it, vi } from "vitest";
import { icyBlock } from "../../tests/fixture-servers/radio-upstream";
import { seededBytes } from "../../tests/support/random";
import { IcyDemuxer, MAX_METADATA_BYTES, parseMetaint } from "./icy";

/** Builds an ICY stream: `audio` with a metadata block (title or empty) every `metaint` bytes. */
function icyStream(audio: Buffer, metaint: number, titles: (string | null)[]): Buffer {
  const parts: Buffer[] = [];
  let block = 0;
  for (let i = 0; i < audio.length; i += metaint) {
    parts.push(audio.subarray(i, i + metaint));
    if (i + metaint > audio.length) break;
    const title = titles[block++ % titles.length] ?? null;
    parts.push(title === null ? icyBlock(null) : icyBlock(title, ""));
  }
  return Buffer.concat(parts);
}

/**
 * What an ICY stream holds, cut by position alone: its audio, and the size of each metadata block
 * that is not empty (a block cut off by the end of the stream is left out: it never finishes).
 */
function splitIcy(stream: Buffer, metaint: number): { audio: Buffer; blockSizes: number[] } {
  const audio: Buffer[] = [];
  const blockSizes: number[] = [];
  for (let i = 0; i < stream.length;) {
    audio.push(stream.subarray(i, i + metaint));
    i += metaint;
    if (i >= stream.length) break;
    const size = (stream[i] as number) * 16;
    i += 1 + size;
    if (size > 0 && i <= stream.length) blockSizes.push(size);
  }
  return { audio: Buffer.concat(audio), blockSizes };
}

/** Feeds `stream` to `demux` in chunks of seeded sizes (1 byte to 64 KB); returns the audio. */
function pushInChunks(demux: IcyDemuxer, stream: Buffer): Buffer {
  const sizes = seededBytes(64 * 1024, 99);
  const out: Buffer[] = [];
  for (let i = 0, k = 0; i < stream.length; k = (k + 2) % (sizes.length - 1)) {
    const size = 1 + sizes.readUInt16LE(k);
    out.push(demux.push(stream.subarray(i, i + size)));
    i += size;
  }
  return Buffer.concat(out);
}

describe("IcyDemuxer", () => {
  const audio = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));

  it.each([1, 7, 100, 4096, 50_000])(
    "strips metadata and keeps every audio byte, fed in chunks of %i",
    (size) => {
      const titles: string[] = [];
      const demux = new IcyDemuxer(1000, (t) => titles.push(t));
      const stream = icyStream(audio, 1000, ["Morning Show", null, "Jazz Hour – Live"]);
      const out: Buffer[] = [];
      for (let i = 0; i < stream.length; i += size)
        out.push(demux.push(stream.subarray(i, i + size)));
      expect(Buffer.concat(out).equals(audio)).toBe(true);
      expect(titles[0]).toBe("Morning Show");
      expect(titles).toContain("Jazz Hour – Live");
    },
  );

  it("passes audio through when the stream has no metadata", () => {
    const demux = new IcyDemuxer(0, () => {});
    expect(demux.push(audio).equals(audio)).toBe(true);
  });

  it("keeps no more than one block of metadata, however long a run of blocks without a title", () => {
    // Blocks of the largest size, 255 × 16 bytes, none with a StreamTitle: 1 MB of them.
    const block = Buffer.concat([Buffer.from([255]), Buffer.alloc(MAX_METADATA_BYTES, "x")]);
    const stream = Buffer.concat(
      Array.from({ length: 256 }, (_, i) => [audio.subarray(i, i + 16), block]).flat(),
    );
    const parse = vi.spyOn(IcyDemuxer, "parseTitle");
    const titles: string[] = [];
    const out = pushInChunks(new IcyDemuxer(16, (t) => titles.push(t)), stream);
    expect(out.length).toBe(256 * 16);
    expect(titles).toEqual([]);
    expect(parse).toHaveBeenCalledTimes(256);
    for (const [text] of parse.mock.calls) expect(text.length).toBe(MAX_METADATA_BYTES);
  });

  it.each([16, 8192])(
    "looks at each byte once in 8 MB of seeded random bytes, a block every %i bytes",
    (metaint) => {
      // Random length bytes make blocks of 0 to 4,080 bytes of random text: the work is counted
      // in bytes handed on (audio out, metadata to the title search), never timed.
      const stream = seededBytes(8 * 1024 * 1024, metaint);
      const expected = splitIcy(stream, metaint);
      const parse = vi.spyOn(IcyDemuxer, "parseTitle");
      const out = pushInChunks(new IcyDemuxer(metaint, () => {}), stream);
      expect(out.equals(expected.audio)).toBe(true);
      // One title search per block, over that block alone (the buffer is reused, so only the
      // sizes can be compared afterwards).
      const searched = parse.mock.calls.map(([text]) => text.length);
      expect(searched).toEqual(expected.blockSizes);
      expect(Math.max(...searched)).toBeLessThanOrEqual(MAX_METADATA_BYTES);
      const total = searched.reduce((a, b) => a + b, 0);
      expect(out.length + total).toBeLessThanOrEqual(stream.length);
    },
  );
});

describe("IcyDemuxer.parseTitle", () => {
  it.each([
    ["a title and a URL", "StreamTitle='Morning Show';StreamUrl='';", "Morning Show"],
    ["a title padded with NULs", "StreamTitle='  City Desk ';\0\0\0\0", "City Desk"],
    ["an empty title", "StreamTitle='';", ""],
    ["a title after the URL", "StreamUrl='x';StreamTitle='Late';", "Late"],
    ["quotes within the title", "StreamTitle='Rock 'n' Roll';", "Rock 'n' Roll"],
    ["a title without its end", "StreamTitle='no end", undefined],
    ["nothing", "", undefined],
    // crafted against backtracking patterns: a long run of NULs, openings that never end
    ["4,079 NULs and an x", `${"\0".repeat(4079)}x`, undefined],
    ["313 openings", "StreamTitle='".repeat(313), undefined],
  ])("reads %s", (_case, text, title) => {
    expect(IcyDemuxer.parseTitle(Buffer.from(text))).toBe(title);
  });
});

describe("parseMetaint", () => {
  it.each([
    [undefined, 0],
    ["0", 0],
    ["1", 1],
    ["8192", 8192],
    ["16000", 16000],
    ["65536", 65536],
    ["65537", null],
    ["99999999999", null],
    ["-5abc", null],
    ["-16000", null],
    ["+16000", null],
    ["0x10", null],
    ["1e3", null],
    ["16000.0", null],
    [" 16000", null],
    ["16000, 16000", null],
    ["", null],
  ])("%j → %j", (raw, metaint) => {
    expect(parseMetaint(raw)).toBe(metaint);
  });
});
