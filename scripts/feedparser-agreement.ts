// npx tsx scripts/feedparser-agreement.ts /path/to/feedparser/tests
//
// How far what our Article shows agrees with what Python feedparser's own one-entry test cases
// expect (issue 25, point 5). feedparser (BSD-licensed) is not part of this repository: point
// the script at a checkout's tests/ folder (or its tests/wellformed/). Each test file there is a
// feed with a header comment whose `Expect:` line is a Python expression, such as
//   not bozo and entries[0]['title'] == u'Example Atom'
// The clauses about an entry's title, link, summary (description), or content value are checked
// against our parser + normalizer, in our terms: we show plain text, so feedparser's expected
// value is turned into the text a reader would see (tags stripped and entities decoded, by our
// own plainText, when feedparser types it as HTML; whitespace collapsed either way), a summary is
// cut at 200 characters as ours is, and an expected link is made absolute against the feed's URL.
// Cases that are not comparable are counted apart, each with its reason. A file agrees when
// every comparable clause of its Expect does. Prints the agreement and every disagreement.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { decodeHTML } from "entities";
import { feedBytes } from "../server/news/decode";
import { normalizeItem, plainText, truncate, type Article } from "../server/news/normalize";
import { parseFeedBytes, type RawItem } from "../server/news/parse";

/** Where feedparser's HTTP test cases are served (tests/helpers.py): relative links resolve here. */
const TEST_SERVER = "http://127.0.0.1:8097/";

// ---------------------------------------------------------------------------------------------
// The Expect line: a small reader for the Python expressions it uses.

type Token =
  | { kind: "str"; value: string }
  | { kind: "num"; value: number }
  | { kind: "name"; value: string }
  | { kind: "op"; value: string };

const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "\n": "",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
  "0": "\0",
};

/** A Python string literal's body, its escapes read (none in a raw string). */
function unescape(body: string, raw: boolean): string {
  if (raw) return body;
  return body.replace(
    /\\(u[\da-fA-F]{4}|U[\da-fA-F]{8}|x[\da-fA-F]{2}|[\s\S])/g,
    (all, esc: string) => {
      if (esc.length > 1) return String.fromCodePoint(Number.parseInt(esc.slice(1), 16));
      return ESCAPES[esc] ?? all;
    },
  );
}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const space = /^\s+/.exec(rest);
    if (space) {
      i += space[0].length;
      continue;
    }
    const str = /^([uUrRbB]{0,2})("""|'''|"|')/.exec(rest);
    if (str) {
      const [opening, prefix = "", quote = ""] = str;
      const raw = /r/i.test(prefix);
      let j = opening.length;
      while (j < rest.length && !rest.startsWith(quote, j)) j += rest[j] === "\\" ? 2 : 1;
      tokens.push({ kind: "str", value: unescape(rest.slice(opening.length, j), raw) });
      i += j + quote.length;
      continue;
    }
    const num = /^\d+/.exec(rest);
    if (num) {
      tokens.push({ kind: "num", value: Number(num[0]) });
      i += num[0].length;
      continue;
    }
    const name = /^[A-Za-z_]\w*/.exec(rest);
    if (name) {
      tokens.push({ kind: "name", value: name[0] });
      i += name[0].length;
      continue;
    }
    const op = /^(==|!=|<=|>=|[[\]().,+<>%*-])/.exec(rest);
    tokens.push({ kind: "op", value: op ? op[0] : rest.charAt(0) });
    i += op ? op[0].length : 1;
  }
  return tokens;
}

/** One side of a comparison: a string, a path into the result (entries[0]['title']), or else. */
type Term =
  | { kind: "literal"; value: string }
  | { kind: "path"; entry: number; keys: (string | number)[] }
  | { kind: "other"; text: string };

function termOf(tokens: Token[]): Term {
  // 'a' + 'b' (feedparser writes "--" that way inside comments)
  if (
    tokens.length > 0 &&
    tokens.every((t, i) => (i % 2 === 0 ? t.kind === "str" : t.kind === "op" && t.value === "+"))
  ) {
    return {
      kind: "literal",
      value: tokens.map((t) => (t.kind === "str" ? t.value : "")).join(""),
    };
  }
  const text = tokens.map((t) => String(t.value)).join(" ");
  const [first, open, index, close] = tokens;
  if (
    first?.kind !== "name" ||
    first.value !== "entries" ||
    open?.value !== "[" ||
    index?.kind !== "num" ||
    close?.value !== "]"
  ) {
    return { kind: "other", text };
  }
  const keys: (string | number)[] = [];
  for (let i = 4; i < tokens.length;) {
    const [a, b, c] = [tokens[i], tokens[i + 1], tokens[i + 2]];
    if (a?.value === "[" && (b?.kind === "str" || b?.kind === "num") && c?.value === "]") {
      keys.push(b.value);
      i += 3;
    } else if (a?.value === "." && b?.kind === "name") {
      keys.push(b.value);
      i += 2;
    } else {
      return { kind: "other", text };
    }
  }
  return { kind: "path", entry: index.value, keys };
}

/** The Expect expression as clauses joined by `and`, each a chain of `==` comparisons. */
function clausesOf(expect: string): Term[][] {
  const clauses: Token[][] = [[]];
  let depth = 0;
  for (const token of tokenize(expect)) {
    if (token.kind === "op" && (token.value === "(" || token.value === "[")) depth++;
    if (token.kind === "op" && (token.value === ")" || token.value === "]")) depth--;
    if (depth === 0 && token.kind === "name" && token.value === "and") clauses.push([]);
    else clauses.at(-1)?.push(token);
  }
  return clauses.map((clause) => {
    const terms: Token[][] = [[]];
    for (const token of clause) {
      if (token.kind === "op" && token.value === "==") terms.push([]);
      else terms.at(-1)?.push(token);
    }
    // anything but a plain equality (!=, in, not, a call) stays one "other" term
    if (terms.length < 2) return [{ kind: "other", text: clause.map((t) => t.value).join(" ") }];
    return terms.map(termOf);
  });
}

// ---------------------------------------------------------------------------------------------
// What feedparser would call the expected value: plain text or markup.

/** A test file's entry, its markup (a <source> element's own title and summary set aside). */
function firstEntryMarkup(xml: string): string {
  const start = /<(?:[\w-]+:)?(?:entry|item)[\s>]/i.exec(xml);
  if (!start) return "";
  const rest = xml.slice(start.index);
  const end = /<\/(?:[\w-]+:)?(?:entry|item)\s*>/i.exec(rest);
  return (end ? rest.slice(0, end.index) : rest).replace(/<source[\s>][\s\S]*?<\/source\s*>/g, "");
}

/** The first element of `names` in `markup`: its attributes and content (null when there is none). */
function firstElement(
  markup: string,
  names: readonly string[],
): { name: string; attrs: Record<string, string>; inner: string } | null {
  let found: { at: number; name: string; tag: string; qname: string; attrs: string } | null = null;
  for (const name of names) {
    // (an unprefixed name in any namespace prefix: feedparser maps a feed's own prefixes)
    const pattern = name.includes(":") ? name : `(?:[\\w-]+:)?${name}`;
    const match = new RegExp(`<(${pattern})(\\s[^>]*)?>`, "i").exec(markup);
    if (match && (!found || match.index < found.at)) {
      found = {
        at: match.index,
        name,
        tag: match[0],
        qname: match[1] ?? name,
        attrs: match[2] ?? "",
      };
    }
  }
  if (!found) return null;
  const attrs: Record<string, string> = {};
  for (const m of found.attrs.matchAll(/([\w:-]+)\s*=\s*("([^"]*)"|'([^']*)')/g)) {
    attrs[(m[1] ?? "").toLowerCase()] = m[3] ?? m[4] ?? "";
  }
  const start = found.at + found.tag.length;
  const end = found.tag.endsWith("/>")
    ? start
    : markup.toLowerCase().indexOf(`</${found.qname.toLowerCase()}`, start);
  return { name: found.name, attrs, inner: markup.slice(start, end === -1 ? undefined : end) };
}

/**
 * Whether an element's content holds markup: feedparser takes a child element in a construct
 * that says it is text or escaped HTML as inline XHTML (but for a lone wrapping div: TypePad's).
 */
function holdsElements(inner: string): boolean {
  const tags = [...inner.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, "").matchAll(/<([A-Za-z][\w:.-]*)/g)];
  return tags.some((m) => m[1] !== "div" && m[1] !== "xhtml:div");
}

/** feedparser's map_content_type. */
function mapContentType(type: string): string {
  const t = type.toLowerCase();
  if (t === "text" || t === "plain") return "text/plain";
  if (t === "html") return "text/html";
  if (t === "xhtml") return "application/xhtml+xml";
  return t;
}

/**
 * feedparser's looks_like_html, in short: an end tag or an entity reference, and no tag or entity
 * that HTML does not have (its own list of elements is long; an unknown one is what matters).
 */
function looksLikeHtml(value: string): boolean {
  if (!/<\/\w+>/.test(value) && !/&#?\w+;/.test(value)) return false;
  const tags = [...value.matchAll(/<\/?(\w+)/g)].map((m) => (m[1] ?? "").toLowerCase());
  if (tags.some((t) => !HTML_ELEMENTS.has(t))) return false;
  const names = [...value.matchAll(/&(\w+);/g)].map((m) => m[1] ?? "");
  return names.every((n) => decodeHTML(`&${n};`) !== `&${n};`);
}
const HTML_ELEMENTS = new Set(
  (
    "a abbr acronym address area article aside audio b bdi bdo big blink blockquote br button " +
    "canvas caption center cite code col colgroup command datagrid datalist dd del details dfn " +
    "dialog dir div dl dt em event-source fieldset figcaption figure font footer form h1 h2 h3 " +
    "h4 h5 h6 header hr i img input ins kbd keygen label legend li m map menu meter multicol " +
    "nav nextid noscript ol optgroup option output p pre progress q s samp section select small " +
    "sound source spacer span strike strong sub sup table tbody td textarea tfoot th thead time " +
    "tr tt u ul var video"
  ).split(" "),
);

type Field = "title" | "summary" | "content";

/** Elements feedparser takes as markup when they name no type (the others are text). */
const MARKUP_BY_DEFAULT = new Set([
  "description",
  "dc:description",
  "content:encoded",
  "fullitem",
  "body",
  "xhtml:body",
]);
const TITLES = ["title", "dc:title", "media:title"];
const SUMMARIES = [
  "summary",
  "description",
  "dc:description",
  "abstract",
  "itunes:summary",
  "media:description",
];
const CONTENTS = ["content", "content:encoded", "body", "xhtml:body", "fullitem"];
/** Where each field is read from, in turn: the first element found in the entry, of each group. */
const SOURCES: Record<Field, string[][]> = {
  title: [TITLES],
  // no summary: feedparser copies the content into it
  summary: [SUMMARIES, CONTENTS],
  content: [CONTENTS],
};

/**
 * Whether feedparser gives `value`, the expected value of `field`, as plain text (text/plain)
 * rather than markup: the element's type (or its default), and for the formats that do not say,
 * feedparser's guess from the value itself.
 */
function expectedIsPlain(entry: string, atom: boolean, field: Field, value: string): boolean {
  for (const names of SOURCES[field]) {
    const element = firstElement(entry, names);
    if (!element) continue;
    const { name, attrs, inner } = element;
    let type = mapContentType(attrs.type ?? (MARKUP_BY_DEFAULT.has(name) ? "html" : "text"));
    if (type !== "text/plain" || holdsElements(inner)) return false;
    if (!atom && looksLikeHtml(value)) type = "text/html";
    return type === "text/plain";
  }
  return false;
}

/** Whether the entry has a summary of its own, the text we show in place of its content. */
function hasOwnSummary(entry: string): boolean {
  return firstElement(entry, SUMMARIES) !== null;
}

// ---------------------------------------------------------------------------------------------
// The cases.

interface Check {
  field: Field | "link";
  expected: string;
  ours: string;
}

type Outcome =
  | { kind: "excluded"; reason: string }
  | { kind: "irrelevant" }
  | { kind: "compared"; checks: Check[]; agree: boolean };

/** Reasons a whole folder of cases is not comparable. */
const EXCLUDED_FOLDERS: Record<string, string> = {
  sanitize: "feedparser's HTML sanitizer output (which tags and attributes it keeps)",
  lang: "language metadata (xml:lang, Content-Language): not a shown value",
};

const ENTRY_FIELDS = new Set([
  "title",
  "title_detail",
  "summary",
  "summary_detail",
  "description",
  "content",
  "link",
]);

/** The field a path is about, or the reason it is not comparable. */
function fieldOf(keys: (string | number)[]): Field | "link" | { reason: string } {
  const [top, ...rest] = keys;
  const tail = rest.join(".");
  if (top === "title" && tail === "") return "title";
  if (top === "title_detail" && tail === "value") return "title";
  if ((top === "summary" || top === "description") && tail === "") return "summary";
  if (top === "summary_detail" && tail === "value") return "summary";
  if (top === "content" && tail === "0.value") return "content";
  if (top === "link" && tail === "") return "link";
  const what = String(rest.at(-1) ?? top);
  return { reason: `the value's metadata (${what}): an Article carries no such field` };
}

interface Ours {
  article: Article | null;
  item: RawItem | undefined;
  feedUrl: string;
}

function ourValue(ours: Ours, field: Field | "link"): string {
  const { article } = ours;
  if (!article) return "";
  if (field === "title") return article.title;
  if (field === "link") return article.url === "#" ? "" : article.url;
  return article.summary;
}

/** The expected value as our Article would show it. */
function shown(field: Field | "link", value: string, plain: boolean, feedUrl: string): string {
  if (field === "link") {
    try {
      return value ? new URL(value, feedUrl).href : "";
    } catch {
      return value;
    }
  }
  const text = plain ? value.replace(/\s+/g, " ").trim() : plainText(value);
  return field === "title" ? text : truncate(text);
}

function readOurs(bytes: Buffer, contentType: string | null, feedUrl: string, n: number): Ours {
  const feed = parseFeedBytes(feedBytes(bytes, contentType));
  const item = feed.entries[n]?.read();
  const article = item
    ? normalizeItem(item, {
        key: "local",
        feedUrl,
        defaultImage: "/d.svg",
        now: Date.now(),
        timeZone: "UTC",
      })
    : null;
  return { article, item, feedUrl };
}

function judge(path: string, rel: string, folder: string): Outcome {
  const bytes = readFileSync(path);
  const text = bytes.toString("utf8");
  const expect = /Expect:\s*(.*)/.exec(text)?.[1]?.trim();
  if (!expect) return { kind: "irrelevant" };
  const clauses = clausesOf(expect).filter((terms) =>
    terms.some((t) => t.kind === "path" && ENTRY_FIELDS.has(String(t.keys[0]))),
  );
  if (clauses.length === 0) return { kind: "irrelevant" };
  const folderReason = EXCLUDED_FOLDERS[folder];
  if (folderReason) return { kind: "excluded", reason: folderReason };

  // feedparser's HTTP cases (a path with "http" in it) are served with the headers their
  // comment gives, at the test server's address.
  const http = rel.includes("http");
  const header = (name: string) =>
    new RegExp(`^Header:\\s*${name}:\\s*(.*)$`, "im").exec(text)?.[1]?.trim() ?? null;
  // (A Content-Location header, which feedparser takes as the base URI, is not passed on: our
  // fetcher resolves against the URL fetched, as HTML does; where that matters the case disagrees.)
  const feedUrl = `${TEST_SERVER}tests/wellformed/${rel}`;
  const atom = /<feed[\s>]/.test(text.replace(/<!--[\s\S]*?-->/g, ""));
  const entryMarkup = firstEntryMarkup(text);

  const checks: Check[] = [];
  let excluded: string | undefined;
  for (const terms of clauses) {
    const literals = terms.filter((t) => t.kind === "literal");
    const paths = terms.filter((t) => t.kind === "path");
    if (literals.length !== 1 || paths.length + 1 !== terms.length) {
      excluded ??= "not an equality with a string (None, a list, a comparison between fields)";
      continue;
    }
    const literal = literals[0] as { value: string };
    for (const path of paths) {
      const field = fieldOf(path.keys);
      if (typeof field === "object") {
        excluded ??= field.reason;
        continue;
      }
      if (field === "content" && hasOwnSummary(entryMarkup)) {
        excluded ??= "the content of an entry that has a summary: we show the summary";
        continue;
      }
      let ours: string;
      try {
        ours = ourValue(
          readOurs(bytes, http ? header("Content-type") : null, feedUrl, path.entry),
          field,
        );
      } catch (error) {
        ours = `(${String(error)})`;
      }
      const plain = field !== "link" && expectedIsPlain(entryMarkup, atom, field, literal.value);
      checks.push({ field, expected: shown(field, literal.value, plain, feedUrl), ours });
    }
  }
  if (checks.length === 0) return { kind: "excluded", reason: excluded ?? "no comparable clause" };
  return { kind: "compared", checks, agree: checks.every((c) => c.expected === c.ours) };
}

function walk(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return walk(path);
      return name.endsWith(".xml") ? [path] : [];
    });
}

function main(): void {
  const arg = process.argv[2];
  if (!arg) {
    console.error("usage: npx tsx scripts/feedparser-agreement.ts /path/to/feedparser/tests");
    process.exit(2);
  }
  const root = statSync(join(arg, "wellformed"), { throwIfNoEntry: false })?.isDirectory()
    ? join(arg, "wellformed")
    : arg;
  const files = walk(root);
  const disagreements: { rel: string; check: Check }[] = [];
  const excluded = new Map<string, string[]>();
  let compared = 0;
  let agreeing = 0;
  for (const path of files) {
    const rel = relative(root, path);
    const outcome = judge(path, rel, rel.split(/[\\/]/)[0] ?? "");
    if (outcome.kind === "irrelevant") continue;
    if (outcome.kind === "excluded") {
      excluded.set(outcome.reason, [...(excluded.get(outcome.reason) ?? []), rel]);
      continue;
    }
    compared++;
    if (outcome.agree) agreeing++;
    for (const check of outcome.checks) {
      if (check.expected !== check.ours) disagreements.push({ rel, check });
    }
  }
  const excludedCount = [...excluded.values()].reduce((n, list) => n + list.length, 0);
  const percent = compared === 0 ? 0 : (100 * agreeing) / compared;
  console.log(`feedparser test files read: ${files.length} (in ${root})`);
  console.log(
    `about an entry's title, link, summary/description or content: ${compared + excludedCount}`,
  );
  console.log(`excluded as not comparable: ${excludedCount}`);
  for (const [reason, list] of excluded)
    console.log(`  ${String(list.length).padStart(4)}  ${reason}`);
  if (process.argv.includes("--list-excluded")) {
    for (const [reason, list] of excluded) console.log(`\n${reason}:\n  ${list.join("\n  ")}`);
  }
  console.log(`\ndisagreements (${disagreements.length}):`);
  for (const { rel, check } of disagreements) {
    console.log(`  ${rel} [${check.field}]`);
    console.log(`    expected: ${JSON.stringify(check.expected)}`);
    console.log(`    ours:     ${JSON.stringify(check.ours)}`);
  }
  console.log(`\nagreement: ${agreeing} of ${compared} comparable cases (${percent.toFixed(1)}%)`);
}

main();
