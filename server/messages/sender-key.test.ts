import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSenderSecret, senderBucket, senderKey } from "./sender-key";

describe("senderBucket", () => {
  it.each([
    ["an IPv4 address", "203.0.113.5", "203.0.113.5"],
    ["an IPv4-mapped IPv6 address", "::ffff:203.0.113.5", "203.0.113.5"],
    ["an IPv4-mapped address in hex", "::ffff:cb00:7105", "203.0.113.5"],
    ["an IPv6 address", "2001:db8:aa:bb:1:2:3:4", "2001:db8:aa:bb::/64"],
    ["a compressed IPv6 address", "2001:db8::1", "2001:db8::/64"],
    ["an IPv6 address with a zone", "fe80::1%eth0", "fe80::/64"],
    ["an unparsable address", "unknown", "unknown"],
    ["an empty address", "", ""],
  ])("keys %s as %j", (_case, address, bucket) => {
    expect(senderBucket(address)).toBe(bucket);
  });
});

describe("senderKey", () => {
  it("differs with the secret", () => {
    const secret = "a".repeat(32);
    expect(senderKey(secret, "203.0.113.5")).toMatch(/^[0-9a-f]{64}$/);
    expect(senderKey(secret, "203.0.113.5")).toBe(senderKey(secret, "::ffff:203.0.113.5"));
    expect(senderKey(secret, "203.0.113.5")).not.toBe(senderKey("b".repeat(32), "203.0.113.5"));
  });
});

describe("loadSenderSecret", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "sender-secret-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("generates 256 random bits into a new folder and leaves no temporary file", () => {
    const file = path.join(dir, "new", "site.contact-key");
    const secret = loadSenderSecret(file);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadSenderSecret(file)).toBe(secret);
    expect(readdirSync(path.dirname(file))).toEqual(["site.contact-key"]);
  });

  it("refuses a file that holds too short a secret, naming it", () => {
    const file = path.join(dir, "short.contact-key");
    writeFileSync(file, "too short\n");
    expect(() => loadSenderSecret(file)).toThrow(/short\.contact-key holds no usable secret/);
  });
});
