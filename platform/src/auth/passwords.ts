import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import type { CommonPasswords } from '@placement/domain';

/** argon2id with the library's defaults (64 MiB, 3 passes). */
export const hashPassword = (password: string): Promise<string> => argon2.hash(password, { type: argon2.argon2id });

export async function passwordMatches(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Hashing and checking passwords, handed to the command side so that tests can count the checks. */
export interface PasswordHasher {
  hash: (password: string) => Promise<string>;
  matches: (hash: string, password: string) => Promise<boolean>;
}

export const argon2Passwords: PasswordHasher = { hash: hashPassword, matches: passwordMatches };

/**
 * Checks a password against an account that may not exist. Without an account the password is
 * checked against a hash of a random password made once, so that an unknown address costs what a
 * known one does (one argon2id verification) and the reply's timing does not tell them apart.
 */
export function accountPasswordCheck(passwords: PasswordHasher): (hash: string | null | undefined, password: string) => Promise<boolean> {
  let dummy: Promise<string> | undefined;
  return async (hash, password) => {
    if (hash) return passwords.matches(hash, password);
    dummy ??= passwords.hash(randomBytes(24).toString('base64url'));
    await passwords.matches(await dummy, password);
    return false;
  };
}

let commonPasswordList: Promise<CommonPasswords> | undefined;

/**
 * The common passwords every new password is checked against (the rule is the domain's
 * `isCommonPassword`): the list of `@zxcvbn-ts/language-common`, about 49,000 passwords from the
 * leaked-password corpora zxcvbn ranks guesses by, lower-cased. Loaded once, on first use: the
 * package unpacks its list when it is imported (some 25 ms and 10 MB), which services that take no
 * passwords should not pay.
 */
export function commonPasswords(): Promise<CommonPasswords> {
  commonPasswordList ??= import('@zxcvbn-ts/language-common').then(({ dictionary }) => new Set(dictionary['passwords-common'].map((password) => password.toLowerCase())));
  return commonPasswordList;
}
