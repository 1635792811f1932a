// Writes .br (quality 11) and .gz (level 9) beside every hashed JS and CSS asset of the client
// build, and the service worker (sw.js), so the server sends the smallest files without
// compressing them on each request.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const dir = "build/client/assets";
let before = 0;
let after = 0;
const files = readdirSync(dir)
  .filter((name) => /\.(js|css|svg|json)$/.test(name))
  .map((name) => path.join(dir, name));
for (const file of [...files, "build/client/sw.js"]) {
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  before += body.length;
  after += br.length;
}
console.log(
  `precompressed assets: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB brotli`,
);
