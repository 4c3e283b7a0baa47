import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, t=3, p=4): memory-hard, per OWASP guidance. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random password, verified against when the email is unknown so both paths cost the same. */
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword(`dummy-${Math.random()}`));
