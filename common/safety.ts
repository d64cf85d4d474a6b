/**
 * The chat scam guard's detector (issue 25): what in a message moves the deal off the site. A
 * flagged message is still delivered; its reader sees a safety tip under it, and staff see how
 * often an account sends such messages. Pure and synchronous, so the server runs it on every
 * message and the web may reuse it.
 *
 * The rules lean towards saying nothing: a price, a year, a postal code, a size, a time or a date
 * is never a phone number, and a link counts only when it leads off the site to a messenger, a
 * payment, parcel or bank page, or a look-alike of our own or Posti's address.
 */

export const SAFETY_KINDS = [
  'phone',
  'whatsapp',
  'telegram',
  'signal',
  'email',
  'payment_link',
  'parcel_link',
  'bank_link',
  'lookalike_domain',
] as const;
export type SafetyKind = (typeof SAFETY_KINDS)[number];

export function isSafetyKind(value: unknown): value is SafetyKind {
  return typeof value === 'string' && (SAFETY_KINDS as readonly string[]).includes(value);
}

export interface SafetyOptions {
  /** The site's own host name (`kauppis.fi`, `localhost`): links to it are fine, look-alikes of it are not. */
  siteHost?: string | undefined;
}

/** Domains whose look-alikes are phishing: our own name and the parcel carriers people expect links from. */
const BRAND_DOMAINS = ['kauppis.fi', 'posti.fi', 'matkahuolto.fi'] as const;

// ---------------------------------------------------------------------------------------------
// Phone numbers

/** Number words of fi, sv and en, so "nolla neljä nolla…" reads as 040…. */
const NUMBER_WORDS: Readonly<Record<string, string>> = {
  nolla: '0',
  yksi: '1',
  kaksi: '2',
  kolme: '3',
  neljä: '4',
  nelja: '4',
  viisi: '5',
  kuusi: '6',
  seitsemän: '7',
  seitseman: '7',
  kahdeksan: '8',
  yhdeksän: '9',
  yhdeksan: '9',
  noll: '0',
  ett: '1',
  två: '2',
  tva: '2',
  tre: '3',
  fyra: '4',
  fem: '5',
  sex: '6',
  sju: '7',
  åtta: '8',
  atta: '8',
  nio: '9',
  zero: '0',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/** Dates (24.12.2024, 24.12., 2024-12-24) and clock times (10.30, 10:30): digits that are never a phone number. */
const DATE_OR_TIME = /\b(?:\d{4}-\d{1,2}-\d{1,2}|\d{1,2}\.\d{1,2}\.(?:\d{4}|\d{2})?|\d{1,2}[:.]\d{2}(?:[:.]\d{2})?)(?![\d])/gu;

/**
 * A run of digits with the separators people put in phone numbers: spaces, dashes, dots, slashes
 * and brackets, at most two in a row ("040 - 123 4567", "0 4 0 1 2…"), optionally after + or 00.
 */
const DIGIT_RUN = /(?<![\p{L}\d])\+?\s?\d(?:[ \t.\-/()]{0,3}\d)+(?![\p{L}\d])/gu;

/** What after a number makes it a price or a measurement rather than a phone number. */
const UNIT_AFTER = /^\s?(?:€|e\b|eur|euro|mk\b|kr\b|sek\b|:-|%|x\b|×|cm\b|mm\b|m\b|km\b|kg\b|g\b|l\b|v\b|w\b|kpl\b|h\b|min\b)/iu;

function isNationalNumber(digits: string, groups: string[]): boolean {
  // Finnish numbers: 04x/050 mobiles (8–11 digits with the 0), landlines 0[1-35-9]… (7–10).
  if (!/^0[1-9]/.test(digits)) return false;
  // "0 5 10 15 20" is a list; a number's first group holds its area or mobile code unless every
  // digit stands alone ("0 4 0 1 2 3 4 5 6 7", written so to slip past a filter).
  const firstGroup = groups[0] ?? '';
  const spacedOut = groups.every((group) => group.length === 1);
  if (firstGroup.length < 2 && !spacedOut) return false;
  if (/^0(?:4\d|50)/.test(digits)) return digits.length >= 8 && digits.length <= 11;
  return digits.length >= 7 && digits.length <= 10;
}

function isPhoneCandidate(raw: string): boolean {
  const international = /^\+|^00/.test(raw.trim());
  const groups = raw
    .replace(/^\s*\+/, '')
    .split(/[^\d]+/)
    .filter(Boolean);
  let digits = groups.join('');
  if (international) {
    if (digits.startsWith('00')) digits = digits.slice(2);
    if (digits.startsWith('358')) {
      // +358 (0)40 123 4567: the trunk zero written in brackets is dropped.
      const national = digits.slice(3).replace(/^0/, '');
      return national.length >= 6 && national.length <= 11;
    }
    // Any other country: a country code not starting with 0 and a full number.
    return /^[1-9]/.test(digits) && digits.length >= 9 && digits.length <= 15;
  }
  // 358401234567 without the plus.
  if (/^358[1-9]/.test(digits) && digits.length >= 11 && digits.length <= 13) return true;
  return isNationalNumber(digits, groups);
}

/** Masks what must never read as a phone number (dates, times) so the digit runs skip it. */
function maskDatesAndTimes(text: string): string {
  return text.replace(DATE_OR_TIME, (match) => '¤'.repeat(match.length));
}

/** A letter O written for a zero beside digits: "O4O 123 4567". */
const LETTER_ZERO = /(?<!\p{L})[oO](?=\d)|(?<=\d)[oO](?!\p{L})/gu;

function hasPhoneNumber(text: string): boolean {
  const masked = maskDatesAndTimes(text.replace(LETTER_ZERO, '0'));
  for (const match of masked.matchAll(DIGIT_RUN)) {
    const raw = match[0];
    const after = masked.slice(match.index + raw.length);
    if (UNIT_AFTER.test(after)) continue;
    if (isPhoneCandidate(raw)) return true;
  }
  return hasSpelledNumber(text);
}

/** "nolla neljä nolla yksi kaksi kolme neljä viisi kuusi seitsemän": seven or more number words (or digits) in a row. */
function hasSpelledNumber(text: string): boolean {
  const tokens = text
    .toLowerCase()
    .split(/[\s,.\-/]+/u)
    .filter(Boolean);
  let run = '';
  let words = 0;
  const check = () => words >= 3 && run.length >= 7 && isPhoneCandidate(run);
  for (const token of tokens) {
    const digit = NUMBER_WORDS[token] ?? (/^\d{1,4}$/.test(token) ? token : undefined);
    if (digit === undefined) {
      if (check()) return true;
      run = '';
      words = 0;
      continue;
    }
    run += digit;
    if (NUMBER_WORDS[token]) words += 1;
  }
  return check();
}

// ---------------------------------------------------------------------------------------------
// Messengers

const WHATSAPP = [/\bwa\.me\b/iu, /\bwhatsapp\.com\b/iu, /\bwhat'?s\s?app/iu, /\bwh?atsap+/iu, /\bvatsap+/iu];
const TELEGRAM = [/\bt\.me\//iu, /\btelegram/iu, /\btg\s?:\s?@?\w/iu];
const SIGNAL = [
  /\bsignal\.(?:me|group|org)\b/iu,
  // Finnish and Swedish forms of the app's name ("signaliin", "Signalissa", "Signalilla", "på Signal").
  /\bsignal(?:iin|issa|ista|illa|ille|in\s+kautta)\b/iu,
  /\b(?:on|in|via|over|use|på|i|genom)\s+signal\b(?!\s+(?:strength|is|was|lost|bars?|here|there))/iu,
  /\bsignal(?:\s?-?\s?(?:app|sovellus|appen|messenger))\b/iu,
  /\bsignal\s?:\s?\+?\d/iu,
];

// ---------------------------------------------------------------------------------------------
// E-mail addresses, also written "name (at) gmail dot com"

const EMAIL = /[\p{L}\d._%+-]+@[\p{L}\d-]+(?:\.[\p{L}\d-]+)*\.\p{L}{2,}/giu;
const SPELLED_TLD = '(?:com|fi|net|org|se|ru|eu|info|io|me|nu|de|uk)';
const SPELLED_EMAIL = new RegExp(
  `[\\p{L}\\d._%+-]{2,}\\s?(?:\\(at\\)|\\[at\\]|\\{at\\}|\\s(?:at|ät|miukumauku|kissanhäntä)\\s|@\\s)\\s?[\\p{L}\\d-]{2,}(?:\\.|\\s?\\(dot\\)\\s?|\\s?\\[dot\\]\\s?|\\s(?:dot|piste|punkt)\\s)${SPELLED_TLD}\\b`,
  'iu',
);

// ---------------------------------------------------------------------------------------------
// Links

/**
 * Addresses as written: with a scheme, starting www., or a bare name with a top-level domain
 * people meet in scam messages. Letters of any script, so a Cyrillic "роstі.fi" is caught too.
 */
const BARE_TLDS =
  'com|fi|net|org|se|ru|eu|info|io|me|app|xyz|top|site|online|shop|store|live|link|click|icu|co|cc|biz|pw|ly|to|tk|ml|ga|cf|gq|page|help|support|services|pro|cfd|sbs|bond|lol|vip|buzz|fun|today|cloud|digital|center|world|life|net\\.ru';
const URL_PATTERN = new RegExp(
  `(?:https?:\\/\\/|www\\.)[^\\s<>"']+|(?<![\\p{L}\\d@.-])(?:[\\p{L}\\d](?:[\\p{L}\\d-]*[\\p{L}\\d])?\\.)+(?:${BARE_TLDS})(?![\\p{L}\\d-])(?:[/?#][^\\s<>"']*)?`,
  'giu',
);

const PAYMENT_WORDS = [
  'pay',
  'maksu',
  'maksa',
  'payment',
  'checkout',
  'kassa',
  'betal',
  'invoice',
  'lasku',
  'faktura',
  'refund',
  'hyvitys',
  'mobilepay',
  'paypal',
  'klarna',
  'stripe',
  'vastaanota',
  'receive',
  'tilisiirto',
];
const PARCEL_WORDS = [
  'paketti',
  'parcel',
  'package',
  'tracking',
  'track',
  'seuranta',
  'lahetys',
  'lähetys',
  'toimitus',
  'delivery',
  'shipping',
  'shipment',
  'leverans',
  'paket',
  'kuljetus',
  'frakt',
  'noutopiste',
  'dhl',
  'ups',
  'postnord',
  'budbee',
  'schenker',
  'posti',
];
const BANK_WORDS = [
  'bank',
  'pankki',
  'pankkitunnus',
  'tunnistus',
  'tunnistautuminen',
  'tunnistaudu',
  'verify',
  'verification',
  'vahvista',
  'vahvistus',
  'login',
  'signin',
  'kirjaudu',
  'bankid',
  'nordea',
  'osuuspankki',
  'danske',
  'aktia',
  'handelsbanken',
  'saastopankki',
  'säästöpankki',
  'spankki',
  'omasp',
  'alandsbanken',
  'op',
];
/** Words that match only as a whole part of the address ("ups" is in "groups", "op" everywhere). */
const WHOLE_WORDS = new Set(['pay', 'op', 'ups', 'dhl', 'paket', 'track', 'kassa', 'maksa', 'lasku', 'login', 'posti']);

/** Letters that look alike in another script or as a digit, mapped to the Latin letter they pass for. */
const LOOKALIKE_LETTERS: Readonly<Record<string, string>> = {
  а: 'a',
  е: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  у: 'y',
  х: 'x',
  і: 'i',
  ј: 'j',
  ѕ: 's',
  к: 'k',
  м: 'm',
  т: 't',
  н: 'h',
  в: 'b',
  ԁ: 'd',
  ո: 'n',
  ν: 'v',
  ο: 'o',
  α: 'a',
  ι: 'i',
  κ: 'k',
  ρ: 'p',
  τ: 't',
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '|': 'l',
};

/** What a name looks like to a hurried reader: accents gone, homoglyphs and digits read as letters, "rn" as "m", i as l. */
function skeleton(name: string): string {
  const plain = name.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  let out = '';
  for (const character of plain) out += LOOKALIKE_LETTERS[character] ?? character;
  return out.replace(/rn/g, 'm').replace(/vv/g, 'w').replace(/i/g, 'l');
}

function editDistance(a: string, b: string): number {
  if (a === b) return 0;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= b.length; j += 1) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[b.length]!;
}

function isSameOrSubdomain(host: string, domain: string): boolean {
  return host === domain || host.endsWith(`.${domain}`);
}

interface Target {
  domain: string;
  /** The name without its top-level domain: "posti". */
  label: string;
  labelSkeleton: string;
}

function targetsFor(siteHost: string | undefined): Target[] {
  const domains = new Set<string>(BRAND_DOMAINS);
  const own = siteHost
    ?.toLowerCase()
    .replace(/:\d+$/, '')
    .replace(/^www\./, '');
  // localhost or an IP address has no look-alikes worth the name.
  if (own && own.includes('.') && !/^[\d.]+$/.test(own)) domains.add(own);
  return [...domains].map((domain) => {
    const labels = domain.split('.');
    const label = labels.length > 1 ? labels[labels.length - 2]! : domain;
    return { domain, label, labelSkeleton: skeleton(label) };
  });
}

/** A host that passes for one of ours (or Posti's) without being it: p0sti.fi, posti-fi.com, kauppis-maksu.com, роsti.fi. */
function isLookalike(host: string, targets: Target[]): boolean {
  if (targets.some((target) => isSameOrSubdomain(host, target.domain))) return false;
  const labels = host.split('.');
  const parts = labels.flatMap((label) => label.split(/[-_]/)).filter(Boolean);
  for (const target of targets) {
    const tld = skeleton(target.domain.slice(target.domain.lastIndexOf('.') + 1));
    // The name itself in another host: posti-fi.com, postifi.net, posti.fi.secure-login.com, kauppis-maksu.com.
    if (parts.some((part) => [target.labelSkeleton, target.labelSkeleton + tld].includes(skeleton(part)))) return true;
    // A letter or two off: p0sti.fi, postl.fi, kaupis.fi, rnatkahuolto.fi.
    const allowed = target.label.length >= 8 ? 2 : 1;
    for (const label of labels) {
      const labelSkeleton = skeleton(label);
      if (labelSkeleton.length < 4) continue;
      if (editDistance(labelSkeleton, target.labelSkeleton) <= allowed) return true;
    }
  }
  return false;
}

function mentions(words: readonly string[], parts: readonly string[], whole: string): boolean {
  return words.some((word) => (WHOLE_WORDS.has(word) ? parts.includes(word) : whole.includes(word)));
}

interface Link {
  host: string;
  /** Host, path and query in lower case, for the words of a payment, parcel or bank page. */
  text: string;
}

function linksIn(text: string): Link[] {
  const links: Link[] = [];
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0].replace(/[.,;:!?)\]}'"»”]+$/u, '');
    const withoutScheme = raw.replace(/^https?:\/\//iu, '');
    const hostEnd = withoutScheme.search(/[/?#]/);
    const hostPart = (hostEnd === -1 ? withoutScheme : withoutScheme.slice(0, hostEnd))
      .replace(/^[^@]*@/u, '')
      .replace(/:\d*$/u, '')
      .toLowerCase();
    if (!hostPart.includes('.')) continue;
    let decodedPath = withoutScheme.slice(hostPart.length);
    try {
      decodedPath = decodeURIComponent(decodedPath);
    } catch {
      // Keep a malformed escape as written.
    }
    links.push({ host: hostPart.replace(/^www\./u, ''), text: `${hostPart}${decodedPath}`.toLowerCase() });
  }
  return links;
}

function linkKinds(link: Link, targets: Target[], found: Set<SafetyKind>): void {
  const { host } = link;
  if (isSameOrSubdomain(host, 'wa.me') || isSameOrSubdomain(host, 'whatsapp.com')) found.add('whatsapp');
  if (['t.me', 'telegram.me', 'telegram.org', 'telegram.dog'].some((domain) => isSameOrSubdomain(host, domain))) found.add('telegram');
  if (['signal.me', 'signal.group', 'signal.org'].some((domain) => isSameOrSubdomain(host, domain))) found.add('signal');
  // The site itself and the real carriers are fine, whatever the address says.
  if (targets.some((target) => isSameOrSubdomain(host, target.domain))) return;
  if (isLookalike(host, targets)) found.add('lookalike_domain');
  const parts = link.text.split(/[^\p{L}\d]+/u).filter(Boolean);
  if (mentions(PAYMENT_WORDS, parts, link.text)) found.add('payment_link');
  if (mentions(PARCEL_WORDS, parts, link.text)) found.add('parcel_link');
  if (mentions(BANK_WORDS, parts, link.text)) found.add('bank_link');
}

// ---------------------------------------------------------------------------------------------

/**
 * The kinds of off-site contact a chat message carries, in SAFETY_KINDS order; empty when none.
 * `siteHost`: the site's own host name (links to it are fine; look-alikes of it are not).
 */
export function messageSafety(text: string, options: SafetyOptions = {}): SafetyKind[] {
  const found = new Set<SafetyKind>();
  // Full-width digits read as digits; invisible characters put between them are dropped.
  const normalized = text.normalize('NFKC').replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/gu, '');
  const targets = targetsFor(options.siteHost);

  // E-mail addresses first, and out of the way of the links and numbers.
  let rest = normalized.replace(EMAIL, () => {
    found.add('email');
    return ' ';
  });
  if (SPELLED_EMAIL.test(rest)) found.add('email');

  if (WHATSAPP.some((pattern) => pattern.test(rest))) found.add('whatsapp');
  if (TELEGRAM.some((pattern) => pattern.test(rest))) found.add('telegram');
  if (SIGNAL.some((pattern) => pattern.test(rest))) found.add('signal');

  for (const link of linksIn(rest)) linkKinds(link, targets, found);
  // Links are out of the way of the numbers: an order id in a path is no phone number.
  rest = rest.replace(URL_PATTERN, ' ');
  if (hasPhoneNumber(rest)) found.add('phone');

  return SAFETY_KINDS.filter((kind) => found.has(kind));
}
