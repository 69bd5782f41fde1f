/**
 * A form body (application/x-www-form-urlencoded or multipart/form-data, as RFC 8058 one-click
 * unsubscribe POSTs may be either), read with the same size limit as JSON bodies.
 */
import { fault } from '../base/errors';
import { MAX_BODY_BYTES, readLimitedBytes } from './body';

export async function readFormData(request: Request, limit = MAX_BODY_BYTES): Promise<FormData> {
  const bytes = await readLimitedBytes(request, limit);
  const type = request.headers.get('content-type') ?? '';
  try {
    return await new Response(bytes, { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw fault('unsupported_media_type.not_form');
  }
}
