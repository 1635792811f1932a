import { readFileSync } from "node:fs";
import CodecParser from "codec-parser";
import { describe, expect, it, vi } from "vitest";
import { STATION_MP3, frameOffsets } from "../../tests/fixture-servers/radio-upstream";
import { seededBytes } from "../../tests/support/random";
import { FRAME_SEARCH_BYTES, frameStart } from "./sync";

const mp3 = readFileSync(STATION_MP3);
const frames = frameOffsets(mp3);

describe("frameStart", () => {
  it("knows the fixture's frames: 128 kbps at 44.1 kHz is 417 or 418 bytes a frame", () => {
    expect(frames.length).toBe(193); // 5.04 s of 1,152-sample frames
    expect(frames[0]).toBe(0);
    const sizes = new Set(frames.slice(1).map((at, i) => at - (frames[i] as number)));
    expect([...sizes].every((n) => n === 417 || n === 418)).toBe(true);
  });

  it.each([0, 1, 200, 416, 5000, 33333])(
    "finds the first whole MP3 frame of audio cut at byte %i",
    (cut) => {
      const expected = (frames.find((at) => at >= cut) as number) - cut;
      expect(frameStart(mp3.subarray(cut, cut + 8192), "audio/mpeg")).toBe(expected);
    },
  );

  it("reads audio/mp3, a common name for MP3, as MP3", () => {
    const expected = (frames.find((at) => at >= 200) as number) - 200;
    expect(frameStart(mp3.subarray(200), "audio/mp3")).toBe(expected);
  });

  it("answers 0 for what it cannot read: another type, no frames, nothing", () => {
    expect(frameStart(mp3.subarray(100, 8000), "audio/x-unknown")).toBe(0);
    expect(frameStart(mp3.subarray(100, 8000), "audio/webm")).toBe(0);
    expect(frameStart(Buffer.from("StreamTitle='x';".repeat(100)), "audio/mpeg")).toBe(0);
    expect(frameStart(Buffer.alloc(0), "audio/mpeg")).toBe(0);
  });

  it.each(["audio/mpeg", "audio/aac", "audio/aacp", "audio/flac", "audio/ogg", "application/ogg"])(
    "gives up on 1 MB of seeded random bytes after FRAME_SEARCH_BYTES (%s)",
    (type) => {
      // codec-parser is handed the window alone: what it reads is bounded whatever it does with it.
      const parse = vi.spyOn(CodecParser.prototype, "parseChunk");
      const garbage = seededBytes(1024 * 1024, 7);
      const at = frameStart(garbage, type);
      expect(at).toBeGreaterThanOrEqual(0);
      expect(at).toBeLessThan(FRAME_SEARCH_BYTES);
      expect(parse).toHaveBeenCalledTimes(1);
      expect(parse.mock.calls[0]?.[0].length).toBeLessThanOrEqual(FRAME_SEARCH_BYTES);
    },
  );
});
