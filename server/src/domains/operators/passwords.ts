/**
 * Operator passwords: argon2id through @node-rs/argon2 (prebuilt, maintained), with its defaults (19 MiB, 2 passes,
 * one lane: OWASP's recommended minimum). The encoded hash carries its own salt and parameters, so stronger settings
 * later still verify the old hashes.
 */
import { hash, verify } from '@node-rs/argon2';

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a wrong password, never a 500.
    return false;
  }
}

/**
 * A hash to compare against when the username is unknown, so a miss costs as long as a wrong password and the
 * answer's timing does not tell which usernames exist.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hash('decoy-password-never-valid');
  return decoy;
}
