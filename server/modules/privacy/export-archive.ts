import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { Locale } from '../../../common/locales.ts';
import { translate } from '../../platform/i18n.ts';
import { escapeHtml } from '../../platform/mail-layout.ts';
import type { Storage } from '../../platform/storage.ts';
import { adPictureKey } from '../images/image-processing.ts';
import type { ExportData } from './export-data.repo.ts';

/** The JSON files of the archive, one per section, in the order index.html lists them. */
export const EXPORT_SECTIONS = [
  'account',
  'profile',
  'sessions',
  'ads',
  'wishes',
  'saved_searches',
  'messages',
  'ratings',
  'reports',
  'consents',
] as const;
type Section = (typeof EXPORT_SECTIONS)[number];

const encoder = new TextEncoder();

/** A picture of an ad inside the archive: `pictures/<ad uuid>/<position>.webp`, the full-size variant. */
const picturePath = (adUuid: string, position: number) => `pictures/${adUuid}/${position + 1}.webp`;

/**
 * Builds the ZIP of a person's data: `data/<section>.json` (machine-readable, GDPR Art. 20), the ads'
 * pictures themselves, and `index.html`, a page in the person's language that explains each file
 * and shows the pictures. Files are streamed into the archive one after another (a picture is read
 * from storage chunk by chunk); the archive's bytes are gathered for `storage.put`, which takes a
 * whole body on both drivers.
 */
export async function buildExportArchive(
  data: ExportData,
  options: { locale: Locale; siteName: string; createdAt: Date; storage: Storage },
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let finished!: () => void;
  let failed!: (error: Error) => void;
  const done = new Promise<void>((resolve, reject) => {
    finished = resolve;
    failed = reject;
  });
  const zip = new Zip((error, chunk, final) => {
    if (error) return failed(error);
    chunks.push(chunk);
    if (final) finished();
  });

  const addText = (name: string, text: string) => {
    const file = new ZipDeflate(name, { level: 6 });
    zip.add(file);
    file.push(encoder.encode(text), true);
  };

  for (const section of EXPORT_SECTIONS) addText(`data/${section}.json`, `${JSON.stringify(data[section], null, 2)}\n`);

  const included = new Set<string>();
  for (const ad of data.ads) {
    for (const picture of ad.pictures) {
      const object = await options.storage.read(adPictureKey(picture.storage_prefix, 'full'));
      if (!object) continue;
      // WebP is compressed already: stored as it is.
      const file = new ZipPassThrough(picturePath(ad.uuid, picture.position));
      zip.add(file);
      for await (const chunk of object.body as AsyncIterable<Buffer | Uint8Array>)
        file.push(chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk));
      file.push(new Uint8Array(0), true);
      included.add(picturePath(ad.uuid, picture.position));
    }
  }

  addText('index.html', indexPage(data, included, options));
  zip.end();
  await done;
  return Buffer.concat(chunks);
}

function indexPage(data: ExportData, pictures: Set<string>, options: { locale: Locale; siteName: string; createdAt: Date }): string {
  const { locale } = options;
  const t = (key: string, params: Record<string, string | number> = {}) =>
    escapeHtml(translate(locale, `privacy.export_file.${key}`, params));
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Helsinki' }).format(
    options.createdAt,
  );
  const count = (section: Section): number => {
    const value = data[section] as unknown;
    if (Array.isArray(value)) return value.length;
    if (value && typeof value === 'object') return Object.values(value).reduce<number>((n, v) => n + (Array.isArray(v) ? v.length : 1), 0);
    return 0;
  };
  const sections = EXPORT_SECTIONS.map(
    (section) => `<section id="${section}">
<h2>${t(`sections.${section}.title`)}</h2>
<p>${t(`sections.${section}.text`)}</p>
<p><a href="data/${section}.json">data/${section}.json</a> · ${t('entries', { count: count(section) })}</p>
${section === 'ads' ? adsList(data, pictures, t) : `<details><summary>${t('show')}</summary>${render(data[section])}</details>`}
</section>`,
  ).join('\n');
  return `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t('title', { site: options.siteName })}</title>
<style>body{font-family:system-ui,sans-serif;max-width:860px;margin:auto;padding:24px;color:#15202b}dl{display:grid;grid-template-columns:max-content 1fr;gap:2px 12px}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}section{border-top:1px solid #c9d2dc;margin-top:24px}img{max-width:200px;height:auto;margin:4px}ul{padding-left:20px}</style>
</head>
<body>
<h1>${t('title', { site: options.siteName })}</h1>
<p>${t('intro', { date })}</p>
<p>${t('formats')}</p>
<nav><ul>${EXPORT_SECTIONS.map((s) => `<li><a href="#${s}">${t(`sections.${s}.title`)}</a></li>`).join('')}</ul></nav>
${sections}
</body>
</html>
`;
}

function adsList(data: ExportData, pictures: Set<string>, t: (key: string) => string): string {
  if (!data.ads.length) return `<p>${t('none')}</p>`;
  return data.ads
    .map((ad) => {
      const images = ad.pictures
        .map((p) => picturePath(ad.uuid, p.position))
        .filter((path) => pictures.has(path))
        .map((path) => `<a href="${path}"><img src="${path}" alt=""></a>`)
        .join('');
      return `<article><h3>${escapeHtml(ad.name)}</h3>${images}<details><summary>${t('show')}</summary>${render({ ...ad, pictures: undefined })}</details></article>`;
    })
    .join('\n');
}

/** Any JSON value as nested lists, every text escaped. */
function render(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (Array.isArray(value)) return value.length ? `<ol>${value.map((item) => `<li>${render(item)}</li>`).join('')}</ol>` : '–';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `<dl>${entries.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${render(v)}</dd>`).join('')}</dl>`;
  }
  return escapeHtml(String(value));
}
