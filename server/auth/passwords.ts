import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashing with scrypt and a per-user random salt. The stored form carries its
 * own parameters, `scrypt$N$r$p$salt$hash` (hex), so they can be raised later without
 * invalidating existing hashes.
 */
export interface ScryptCost {
  /** CPU and memory cost, a power of two. */
  readonly N: number;
  readonly r: number;
  readonly p: number;
}

/** What the server hashes new passwords with (about 32 MB and 0.1 s per hash). */
export const strongScryptCost: ScryptCost = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 64;
const saltLength = 16;

const derive = (password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    // scrypt needs 128 * N * r bytes of memory; allow twice that.
    const options: ScryptOptions = { N: cost.N, r: cost.r, p: cost.p, maxmem: 256 * cost.N * cost.r };
    scrypt(password.normalize("NFC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

export const hashPassword = async (password: string, cost: ScryptCost = strongScryptCost): Promise<string> => {
  const salt = randomBytes(saltLength);
  const key = await derive(password, salt, cost, keyLength);
  return ["scrypt", cost.N, cost.r, cost.p, salt.toString("hex"), key.toString("hex")].join("$");
};

interface StoredHash {
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

const storedHashPattern = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([0-9a-f]+)\$([0-9a-f]+)$/;

export const parseStoredHash = (stored: string): StoredHash | null => {
  const match = storedHashPattern.exec(stored);
  if (!match) return null;
  const [, n, r, p, salt, key] = match;
  const parsed = { N: Number(n), r: Number(r), p: Number(p) };
  if (!salt || !key || !Number.isSafeInteger(parsed.N) || parsed.N > 2 ** 20 || parsed.r > 32 || parsed.p > 16) return null;
  return { ...parsed, salt: Buffer.from(salt, "hex"), key: Buffer.from(key, "hex") };
};

/** Constant-time comparison of a password with a stored hash; false for a malformed hash. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const hash = parseStoredHash(stored);
  if (!hash || hash.key.length === 0) return false;
  const key = await derive(password, hash.salt, hash, hash.key.length);
  return timingSafeEqual(key, hash.key);
};
