// A child process for the listen backlog's test (server/http/server.test.ts): it listens as the
// site does (listen() of server/http/server.ts, or Node's default backlog with `default`), says
// its port, and on "block" keeps its event loop busy for `BLOCK_MS`, accepting nothing: whatever
// connects meanwhile waits in the kernel's queue, whose length is the backlog's.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { createInterface } from "node:readline";
import { listen } from "../../server/http/server";

const BLOCK_MS = Number(process.env.BLOCK_MS ?? 3000);
const server = createServer((_req, res) => res.end("ok"));
const ready = () => console.log(`port ${(server.address() as AddressInfo).port}`);
if (process.argv.includes("default")) server.listen(0, "127.0.0.1", ready);
else listen(server, 0, "127.0.0.1", ready);

createInterface({ input: process.stdin }).on("line", (line) => {
  if (line !== "block") return;
  console.log("blocked");
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, BLOCK_MS);
  server.close();
  process.exit(0);
});
