import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

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
