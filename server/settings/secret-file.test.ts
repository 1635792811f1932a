import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadSecretFile } from "./secret-file";

describe("loadSecretFile", () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), "secret-file-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("generates a private secret once and reads it back", () => {
    const file = path.join(dir, "site.image-key");
    const secret = loadSecretFile(file);
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(loadSecretFile(file, "IMAGE_KEY_SECRET")).toBe(secret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it.each([
    ["names the setting that replaces the file", "IMAGE_KEY_SECRET", /, or set IMAGE_KEY_SECRET$/],
    ["names none when there is none", undefined, /delete it to generate a new one$/],
  ])("refuses a short secret and %s", (_case, setting, message) => {
    const file = path.join(dir, "short.image-key");
    writeFileSync(file, "short\n");
    expect(() => loadSecretFile(file, setting)).toThrow(message);
  });
});
