import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A mail the loopback SMTP server took: its envelope's recipients and the parsed message. */
export interface ReceivedMail {
  to: string[];
  parsed: ParsedMail;
  /** The message as it came (headers and body). */
  raw: string;
}

/** What the server answers a recipient: accepted, or a reply code (4xx: try again, 5xx: never). */
export type RecipientRule = (address: string) => number | undefined;

export interface TestSmtp {
  /** smtp://127.0.0.1:<port> (no TLS, no login: nodemailer sends in the clear on loopback). */
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** How many RCPT TO commands each address was sent (retries counted). */
  attempts: Map<string, number>;
  /** Sets how recipients are answered (all accepted unless told). */
  rule(rule: RecipientRule | undefined): void;
  /** Resolves once `count` mails (all of them unless `match` says which) were taken. */
  waitFor(count: number, match?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}

/**
 * An SMTP server on 127.0.0.1 and a free port (the `smtp-server` package), keeping every mail it
 * takes parsed (mailparser): what the briefing's tests, the e2e site and the benchmark send to.
 * `parse: false` keeps only the count (the benchmark: parsing is not what it measures); `dir`
 * also writes each mail there as `<n>.eml`, whole once it is there (the e2e specs, in other
 * processes than the global setup that runs the server, read them).
 */
export async function startSmtp(
  options: { parse?: boolean; dir?: string } = {},
): Promise<TestSmtp> {
  const parse = options.parse ?? true;
  const { dir } = options;
  if (dir) mkdirSync(dir, { recursive: true });
  const mails: ReceivedMail[] = [];
  const attempts = new Map<string, number>();
  const waiters = new Set<() => void>();
  let rule: RecipientRule | undefined;
  let counted = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    size: 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      attempts.set(to, (attempts.get(to) ?? 0) + 1);
      const code = rule?.(to);
      if (code === undefined) return callback();
      const error = Object.assign(new Error(code >= 500 ? "No such user" : "Try again later"), {
        responseCode: code,
      });
      callback(error);
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks);
        const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
        const done = () => {
          counted++;
          if (dir) {
            const file = path.join(dir, `${counted}.eml`);
            writeFileSync(`${file}.part`, raw);
            renameSync(`${file}.part`, file);
          }
          for (const wake of waiters) wake();
          callback();
        };
        if (!parse) return done();
        simpleParser(raw).then(
          (parsed) => {
            mails.push({ to, parsed, raw: raw.toString("utf8") });
            done();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    mails,
    attempts,
    rule: (next) => (rule = next),
    waitFor(count, match) {
      const found = () => (match ? mails.filter(match) : parse ? mails : []);
      const enough = () => (match || parse ? found().length >= count : counted >= count);
      if (enough()) return Promise.resolve(found());
      return new Promise((resolve) => {
        const wake = () => {
          if (!enough()) return;
          waiters.delete(wake);
          resolve(found());
        };
        waiters.add(wake);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
