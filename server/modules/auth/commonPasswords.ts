import fs from 'node:fs';
import { createRequire } from 'node:module';
import { badRequest } from '@/server/http/errors.js';

const COMMON_PASSWORD = 'This password is one of the most common ones and easy to guess; please choose another';

let common: Set<string> | undefined;

/** The 49,000 most common passwords (zxcvbn-ts's list, lower case), read once on first use. */
function commonPasswords(): Set<string> {
  if (!common) {
    const file = createRequire(import.meta.url).resolve('@zxcvbn-ts/language-common/src/passwords.json');
    common = new Set(JSON.parse(fs.readFileSync(file, 'utf8')) as string[]);
  }
  return common;
}

/** True when the password, ignoring case, is on the common list. */
export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.toLowerCase());
}

/** Refuses a common password with a 400 naming the field. */
export function refuseCommonPassword(password: string, field: string) {
  if (isCommonPassword(password)) throw badRequest(COMMON_PASSWORD, { [field]: [COMMON_PASSWORD] });
}
