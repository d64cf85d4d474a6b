import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { RoleSlug } from '../../common/access.ts';
import { hashPassword } from '../platform/passwords.ts';

export const TEST_PASSWORD = 'Kelpo#Salasana42';
let sequence = 0;

/**
 * One argon2 hash per password and worker: the factory makes thousands of accounts, and each would
 * otherwise spend 20 ms hashing the same password (sign-in still verifies it as it would any hash).
 */
const hashes = new Map<string, Promise<string>>();
function hashOf(password: string): Promise<string> {
  let hashed = hashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    hashes.set(password, hashed);
  }
  return hashed;
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
}

/** Factory: an account straight in the database (verified with role `user` unless told otherwise). */
export async function createUser(
  app: FastifyInstance,
  options: { email?: string; password?: string | null; verified?: boolean; roles?: RoleSlug[]; name?: string } = {},
): Promise<TestUser> {
  sequence += 1;
  const email = options.email ?? `user${sequence}-${Date.now()}@example.com`;
  const password = options.password === undefined ? TEST_PASSWORD : options.password;
  const verified = options.verified ?? true;
  const repo = app.services.users.repo;
  const user = await repo.insert({
    name: options.name ?? `Testi ${sequence}`,
    email,
    passwordHash: password ? await hashOf(password) : null,
    emailVerifiedAt: verified ? new Date() : null,
  });
  await repo.setRoles(user.id, options.roles ?? [verified ? 'user' : 'unverified']);
  return { id: user.id, email, password: password ?? '' };
}

/** The value of a Set-Cookie header from a reply. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((c) => c.name === name)?.value;
}

/** Logs in through the API and gives headers that carry the session as a bearer token (no CSRF needed). */
export async function loginAs(app: FastifyInstance, user: Pick<TestUser, 'email' | 'password'>, remember = false) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: user.email, password: user.password, remember },
  });
  const token = cookieFrom(response, 'session');
  if (!token) throw new Error(`log-in failed: ${response.statusCode} ${response.body}`);
  return { token, headers: { authorization: `Bearer ${token}` }, xsrf: cookieFrom(response, 'XSRF-TOKEN')!, response };
}

export interface ReadMail {
  file: string;
  to: string;
  subject: string;
  text: string;
  raw: string;
}

function decodeQuotedPrintable(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The mails the app wrote to DATA_DIR/mail, oldest first, with their plain-text part decoded. */
export function readMails(app: FastifyInstance): ReadMail[] {
  const dir = path.join(app.config.dataDir, 'mail');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => {
      const raw = fs.readFileSync(path.join(dir, file), 'utf8');
      // Long headers are folded over several lines; encoded words next to each other join without the space.
      const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1]?.trim() ?? '';
      const subjectRaw = header('Subject').replace(/\?=\s+=\?/g, '?==?');
      const subject = subjectRaw.replace(/=\?utf-8\?([QB])\?(.*?)\?=/gi, (_m, enc: string, body: string) =>
        enc.toUpperCase() === 'B' ? Buffer.from(body, 'base64').toString('utf8') : decodeQuotedPrintable(body.replace(/_/g, ' ')),
      );
      const textPart = /Content-Type: text\/plain[^\n]*\n(?:Content-Transfer-Encoding: ([^\n]+)\n)?\n([\s\S]*?)\n--/i.exec(raw);
      const encoding = textPart?.[1]?.trim().toLowerCase();
      const body = textPart?.[2] ?? '';
      const text =
        encoding === 'quoted-printable'
          ? decodeQuotedPrintable(body)
          : encoding === 'base64'
            ? Buffer.from(body, 'base64').toString('utf8')
            : body;
      return { file, to: header('To'), subject, text, raw };
    });
}

/** The first link in a mail that starts with the given path. */
export function linkIn(mail: ReadMail, pathStart: string): URL {
  const match = new RegExp(`https?://[^\\s]*${pathStart.replace(/\//g, '\\/')}[^\\s]*`).exec(mail.text);
  if (!match) throw new Error(`no ${pathStart} link in mail "${mail.subject}":\n${mail.text}`);
  return new URL(match[0]);
}
