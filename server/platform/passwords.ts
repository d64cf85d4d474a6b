import { hash, verify } from '@node-rs/argon2';

// Algorithm.Argon2id; the package exports it as a const enum, which isolated modules cannot read.
const ARGON2ID = 2;

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane): about 20 ms a hash on this machine.
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** False for a wrong password and for a malformed stored hash alike. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
