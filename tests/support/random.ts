/**
 * `size` bytes from a seeded generator (mulberry32): the same bytes on every run, so a test that
 * feeds garbage to a parser passes or fails the same way each time.
 */
export function seededBytes(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size + 3);
  let state = seed >>> 0;
  for (let i = 0; i < size; i += 4) {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    bytes.writeUInt32LE((t ^ (t >>> 14)) >>> 0, i);
  }
  return bytes.subarray(0, size);
}
