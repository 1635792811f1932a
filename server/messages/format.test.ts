import { describe, expect, it } from "vitest";
import { escapeControls, formatAsJson, formatForTerminal } from "./format";
import type { StoredMessage } from "./store";

const AT = Date.parse("2026-11-20T10:00:00Z");
const message = (change: Partial<StoredMessage>): StoredMessage => ({
  id: 1,
  site: "houston",
  createdAt: AT,
  name: "Ana",
  email: "ana@example.org",
  subject: "Tip",
  message: "Hello",
  ...change,
});

describe("escapeControls", () => {
  it.each([
    ["a screen clear", "\x1b[2J", "\\x1b[2J"],
    ["an OSC 52 clipboard write", "\x1b]52;c;ZXZpbA==\x07", "\\x1b]52;c;ZXZpbA==\\x07"],
    [
      "an OSC 8 link",
      "\x1b]8;;https://evil.example\x1b\\",
      "\\x1b]8;;https://evil.example\\x1b\\\\",
    ],
    ["a carriage return", "real\rfake", "real\\rfake"],
    ["a newline and a tab", "a\nb\tc", "a\\nb\\tc"],
    ["NUL, DEL and the C1 CSI", "\0\x7f\x9b", "\\x00\\x7f\\x9b"],
    ["a right-to-left override", "abc\u202Etxt.exe", "abc\\u202etxt.exe"],
    ["a bidi isolate and marks", "\u2066x\u2069\u200F", "\\u2066x\\u2069\\u200f"],
    ["a line separator", "a\u2028b", "a\\u2028b"],
    ["a backslash, so no escape can be faked", "\\x1b", "\\\\x1b"],
    ["plain text, accents and emoji", "Café ☕ 東京", "Café ☕ 東京"],
  ])("writes %s visibly", (_case, text, shown) => {
    expect(escapeControls(text)).toBe(shown);
  });
});

describe("formatForTerminal", () => {
  it("says so when there is no message", () => {
    expect(formatForTerminal([])).toBe("No messages.\n");
  });

  it("indents every body line, keeping LF and CRLF breaks and escaping a lone CR", () => {
    expect(formatForTerminal([message({ message: "one\r\ntwo\n\nthree\rfour" })])).toBe(
      "#1  [houston]  2026-11-20T10:00:00.000Z  Ana <ana@example.org>\nSubject: Tip\n" +
        "  one\n  two\n  \n  three\\rfour\n\n",
    );
  });

  it("names the city a message was sent to, and none for a message of before the network", () => {
    expect(formatForTerminal([message({ site: "honolulu" })])).toMatch(
      /^#1 {2}\[honolulu\] {2}2026/,
    );
    expect(formatForTerminal([message({ site: "" })])).toMatch(/^#1 {2}2026/);
  });

  it("keeps a newline in the name or subject from starting a line", () => {
    const text = formatForTerminal([
      message({ name: "Ana\n#2  2026-11-20T09:00:00.000Z  Fake", subject: "a\nSubject: b" }),
    ]);
    expect(text.split("\n").filter((line) => /^(#|Subject:)/.test(line))).toHaveLength(2);
  });
});

describe("formatAsJson", () => {
  it("round-trips the exact text, with no raw control, separator or bidi character", () => {
    const hostile = message({ message: "\x1b[2J\x9b\u2028\u202e\r\n\\x", name: "\u2066" });
    const json = formatAsJson([hostile]);
    expect(JSON.parse(json)).toEqual([hostile]);
    const raw = [...json].filter(
      (c) => c !== "\n" && /[\p{Cc}\u2028\u2029\u202a-\u202e\u2066-\u2069]/u.test(c),
    );
    expect(raw).toEqual([]);
  });
});
