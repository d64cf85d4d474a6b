import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../common/errors.ts';
import { unstorableTextProblems } from './validation.ts';

/**
 * Reads the one file of a multipart request into memory (uploads are capped by the multipart
 * limits). A wrong content type, a missing file, an oversize file or a broken body each get
 * their own clear answer instead of a 500.
 */
export async function readSingleUpload(request: FastifyRequest, field: string): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  try {
    const file = await request.file();
    if (!file || file.fieldname !== field) throw AppError.field(field, 'validation.required');
    return await file.toBuffer();
  } catch (error) {
    if (AppError.is(error)) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 413) throw new AppError('payload_too_large');
    throw new AppError('bad_request');
  }
}

/** The text fields and the files of one multipart form, read in full (each file is capped by the multipart limits). */
export interface UploadForm {
  fields: Record<string, string>;
  files: Buffer[];
}

const MEGABYTE = 1024 * 1024;

/**
 * Reads a multipart form with any number of files in `fileField` (at most `maxFiles`) and text
 * fields. Every way a form can be wrong gets its own message on the files field: too many files,
 * a file too large, a broken body; nothing is kept from a refused form.
 */
export async function readUploadForm(
  request: FastifyRequest,
  options: { fileField: string; maxFiles: number; maxFileBytes: number },
): Promise<UploadForm> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type');
  const form: UploadForm = { fields: {}, files: [] };
  try {
    for await (const part of request.parts({ limits: { files: options.maxFiles + 1 } })) {
      if (part.type === 'file') {
        if (part.fieldname.replace(/\[\]$/, '') !== options.fileField) {
          part.file.resume();
          throw AppError.field(part.fieldname, 'validation.unknown_field');
        }
        if (form.files.length >= options.maxFiles) {
          part.file.resume();
          throw AppError.field(options.fileField, 'ads.too_many_pictures', { max: options.maxFiles });
        }
        const data = await part.toBuffer();
        if (data.length) form.files.push(data);
      } else if (typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (AppError.is(error)) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw AppError.field(options.fileField, 'images.too_large', { megabytes: Math.round(options.maxFileBytes / MEGABYTE) });
    }
    if (code === 'FST_FILES_LIMIT') throw AppError.field(options.fileField, 'ads.too_many_pictures', { max: options.maxFiles });
    if ((error as { statusCode?: number }).statusCode === 413) throw new AppError('payload_too_large');
    throw new AppError('bad_request');
  }
  // The text fields meet the rule of every JSON body (input-limits.ts), before any service sees them.
  const problems = unstorableTextProblems(form.fields);
  if (Object.keys(problems).length > 0) throw new AppError('validation_failed', {}, problems);
  return form;
}

const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Lets the routes of one plugin take HTML-form bodies (`application/x-www-form-urlencoded`) as
 * plain text fields, beside JSON: the spec's PATCH /product is form-encoded.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}
