import { z } from "zod";

/** The longest address taken (RFC 5321's path limit less its brackets). */
export const MAX_ADDRESS_LENGTH = 254;

/** Why an address was refused: left empty, too long, or not an address. */
export type AddressProblem = "required" | "tooLong" | "invalid";

const AddressSchema = z
  .string()
  .trim()
  .min(1, "required")
  .max(MAX_ADDRESS_LENGTH, "tooLong")
  .pipe(z.email("invalid"));

/**
 * A reader's address as kept: trimmed and lower-cased (one address is one subscriber however it
 * is typed; the providers readers use ignore case), or why it was refused.
 */
export function readAddress(
  text: string,
): { ok: true; email: string } | { ok: false; problem: AddressProblem } {
  const parsed = AddressSchema.safeParse(text);
  if (parsed.success) return { ok: true, email: parsed.data.toLowerCase() };
  const problem = parsed.error.issues[0]?.message;
  return {
    ok: false,
    problem: problem === "required" || problem === "tooLong" ? problem : "invalid",
  };
}
