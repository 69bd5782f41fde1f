/**
 * A form body (application/x-www-form-urlencoded or multipart/form-data, as RFC 8058 one-click
 * unsubscribe POSTs may be either), read with the same size limit as JSON bodies.
 */
import { fault } from '../errors';
import { MAX_BODY_BYTES } from './body';

export async function readFormData(request: Request, limit = MAX_BODY_BYTES): Promise<FormData> {
  const declared = Number(request.headers.get('content-length'));
  const tooLarge = () => fault('payload_too_large.limit', { limit });
  if (Number.isFinite(declared) && declared > limit) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel();
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const type = request.headers.get('content-type') ?? '';
  try {
    return await new Response(Buffer.concat(chunks), { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw fault('unsupported_media_type.not_form');
  }
}
