import type { StoredMessage } from "./store";

// What a sender could use to drive the newsroom's terminal or disguise a message: C0 and C1
// controls and DEL (ESC starts screen clears, OSC 52 clipboard writes and OSC 8 links; CR
// overwrites a line; LF starts a fake entry), the line and paragraph separators, and the bidi
// marks, embeddings, overrides and isolates that reorder the text after them.
const BIDI = "\\u061c\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069";
const UNSAFE = new RegExp(`[\\p{Cc}\\u2028\\u2029${BIDI}\\\\]`, "gu");
// JSON.stringify escapes C0 only; the rest of UNSAFE is valid raw inside a JSON string.
const UNSAFE_IN_JSON = new RegExp(`[\\u007f-\\u009f\\u2028\\u2029${BIDI}]`, "gu");

const NAMED: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

const hex = (code: number, digits: number) => code.toString(16).padStart(digits, "0");

/**
 * `text` with every control, separator and bidi character written as a visible escape (`\n`,
 * `\r`, `\t`, `\x1b`, `\u202e`), and a backslash doubled so that an escape cannot be faked.
 */
export function escapeControls(text: string): string {
  return text.replace(UNSAFE, (char) => {
    const code = char.codePointAt(0) ?? 0;
    return NAMED[char] ?? (code <= 0xff ? `\\x${hex(code, 2)}` : `\\u${hex(code, 4)}`);
  });
}

/**
 * The messages as text for a terminal. The header (`#id  date  name <email>`) and `Subject:`
 * lines start at the margin, and no field can end them: a newline there is escaped. The body
 * keeps its line breaks (LF or CRLF, as browsers send a textarea) for reading, but every line of
 * it is indented two spaces, so that none can pass for a header; a lone CR is escaped.
 */
export function formatForTerminal(messages: readonly StoredMessage[]): string {
  if (messages.length === 0) return "No messages.\n";
  return messages
    .map((m) => {
      const date = new Date(m.createdAt).toISOString();
      const body = m.message
        .split(/\r?\n/)
        .map((line) => `  ${escapeControls(line)}`)
        .join("\n");
      // The city it was sent to, when it names one (messages of before the network name none).
      const site = m.site ? `  [${escapeControls(m.site)}]` : "";
      return `#${m.id}${site}  ${date}  ${escapeControls(m.name)} <${escapeControls(m.email)}>\nSubject: ${escapeControls(m.subject)}\n${body}\n\n`;
    })
    .join("");
}

/**
 * The messages as one JSON array, exactly as stored (JSON.parse gives back the same strings),
 * with the characters JSON leaves raw (DEL, C1, separators, bidi) escaped as `\uXXXX` too, so
 * that printing it to a terminal is as safe as the text form.
 */
export function formatAsJson(messages: readonly StoredMessage[]): string {
  const json = JSON.stringify(messages, null, 2);
  return `${json.replace(UNSAFE_IN_JSON, (char) => `\\u${hex(char.charCodeAt(0), 4)}`)}\n`;
}
