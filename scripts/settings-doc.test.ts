import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EnvSchema } from "../server/settings/env";
import {
  defaultInWords,
  SETTINGS_DOC,
  settingsDoc,
  typeInWords,
  undocumentedSettings,
} from "./settings-doc";

describe("docs/settings.md", () => {
  it("is what the schema writes (run npm run docs:settings)", async () => {
    const written = readFileSync(SETTINGS_DOC, "utf8");
    expect(written, "docs/settings.md is stale: run npm run docs:settings").toBe(
      await settingsDoc(),
    );
  });

  it("documents every setting of the schema, and nothing else", () => {
    expect(undocumentedSettings()).toEqual({ missing: [], unknown: [] });
  });
});

describe("a setting's type and default in words", () => {
  it.each([
    [{ type: "integer", minimum: 1, maximum: 86_400 }, "integer, 1 to 86,400"],
    [{ type: "string", enum: ["true", "false"] }, "`true` or `false`"],
    [{ type: "string", enum: ["a", "b"] }, "one of `a`, `b`"],
    [{ type: "string", format: "uri" }, "an http(s) URL"],
    [{ type: "string", minLength: 32 }, "string, at least 32 characters"],
  ])("reads %j as %s", (field, words) => {
    expect(typeInWords("HOST", field)).toBe(words);
  });

  it("takes a default from the schema, from env.ts's words, or says unset", () => {
    expect(defaultInWords("PORT", { default: 3000 })).toBe("`3000`");
    expect(defaultInWords("RENDER_WORKERS", { default: 1 })).toBe("cores − 1 (1 to 8)");
    // A default given after a transform: the schema's output, as the server reads it.
    expect(defaultInWords("NWS_API_URL", {})).toBe("`https://api.weather.gov`");
    expect(defaultInWords("METRICS_PORT", {})).toBe("unset");
    expect(EnvSchema.shape.METRICS_PORT.safeParse(undefined).data).toBeUndefined();
  });
});
