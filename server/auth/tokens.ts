import { createHash, randomBytes } from "node:crypto";

/** A random 128-bit token in lower-case hex: sessions and reset links. */
export const issueToken = (): string => randomBytes(16).toString("hex");

const tokenPattern = /^[0-9a-f]{32}$/;

/** Whether a string has the shape of an issued token (checked before any lookup). */
export const isTokenShaped = (candidate: string): boolean => tokenPattern.test(candidate);

/** What the warehouse stores instead of a token: its SHA-256, so a leaked table opens nothing. */
export const tokenDigest = (token: string): string => createHash("sha256").update(token).digest("hex");
