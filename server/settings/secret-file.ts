import { randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { privateDir } from "./private-files";

/** The shortest secret accepted, from a setting or a generated file. */
export const MIN_SECRET_LENGTH = 32;

/**
 * The secret kept in `file`, generated (256 random bits, mode 0600) when the file does not exist
 * yet. Throws when the file holds fewer than MIN_SECRET_LENGTH characters; the message names
 * `setting`, the variable that would replace the file, when there is one.
 */
export function loadSecretFile(file: string, setting?: string): string {
  try {
    return readSecret(file, setting);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  privateDir(path.dirname(file));
  // Written whole to a private temporary file, then hard-linked into place: link() fails when the
  // name exists, so of two processes starting together the first wins, the other reads its
  // secret, and nobody ever reads a half-written file. Should the link itself be lost on power
  // loss, the next start makes a new secret (what it keys is then simply made afresh).
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  const fd = openSync(temporary, "wx", 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString("hex")}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readSecret(file, setting);
}

function readSecret(file: string, setting: string | undefined): string {
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < MIN_SECRET_LENGTH)
    throw new Error(
      `${file} holds no usable secret (fewer than ${MIN_SECRET_LENGTH} characters): delete it to generate a new one${setting ? `, or set ${setting}` : ""}`,
    );
  return secret;
}
