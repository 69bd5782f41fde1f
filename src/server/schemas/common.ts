/** Shapes shared by many endpoints. */
import { z } from 'zod';
import { errorCodes } from '../base/errors';

/** The language of the answer or of the visitor: Polish by default. */
export const Locale = z.enum(['pl', 'en']).default('pl').describe('Language: pl (default) or en.');

/**
 * zod's e-mail rule, but each domain label starts and ends with a letter or digit and has at most 63
 * characters (RFC 1035), as the published `format: email` means: `a@b-.com` is refused. The pattern
 * is published too, so clients check the same rule.
 */
const EMAIL_PATTERN = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;

export const Email = z.email({ pattern: EMAIL_PATTERN, error: 'must be an e-mail address' }).max(254).describe('E-mail address.');

export const SuccessResponse = z.object({ ok: z.literal(true) }).describe('The request was carried out.').meta({ id: 'SuccessResponse' });

export const ErrorResponse = z
  .object({
    error: z.object({
      code: z.enum(errorCodes).describe('Stable machine-readable code from a closed list, served with meanings by GET /api/error-format.'),
      message: z.string().describe('What happened, for a person.'),
      hint: z.string().describe('What the caller should change or do next.'),
      retryable: z.boolean().describe('True only when the same request can succeed later.'),
    }),
  })
  .describe('Every REST error. Retry only when error.retryable is true.')
  .meta({ id: 'ErrorResponse' });
