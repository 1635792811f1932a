// The feed reader's public entry: importers read feeds through here. Its parts are in parse/, by
// name (parse/reader.ts is the reader; parse/types.ts the shapes it gives and takes).
export { FeedParseError, parseFeed, parseFeedBytes, parseWithTree } from "./parse/reader";
export { repair } from "./parse/document";
export { skim, type SkimmedEntry } from "./parse/skim";
export { buildTree, tokenizeTree } from "./parse/tree";
export type {
  FeedBytes,
  FeedEntry,
  MediaRef,
  ParsedFeed,
  RawItem,
  SourceRange,
} from "./parse/types";
