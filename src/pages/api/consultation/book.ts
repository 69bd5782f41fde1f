/**
 * POST /api/consultation/book: books a slot (same input and answers as the consultation_book tool).
 * 200 booked or link-only; 409 slot_unavailable with fresh alternatives or booking_limit_reached;
 * 400/415/502 ErrorResponse. JSON is the API; a form-encoded post is the site's booking form, checked
 * for spam first: a suspicious one books nothing and mails no one (400 form_not_verified).
 */
import { AppError } from '../../../server/base/errors';
import { endpoint } from '../../../server/http/endpoint';
import { json } from '../../../server/http/respond';
import { bookConsultation, bookingResultStatus } from '../../../server/scheduling';
import { ConsultationBookInput } from '../../../server/schemas/consultation';
import { readSubmission } from '../../../server/spam/form-path';

export const prerender = false;

export const ALL = endpoint({
  POST: async ({ request, locals }) => {
    const { input, verdict } = await readSubmission(request, ConsultationBookInput, 'booking');
    if (verdict?.suspicious) throw new AppError('form_not_verified');
    const { status, body } = bookingResultStatus(await bookConsultation(input, locals.caller!));
    return json(body, { status, headers: { 'Cache-Control': 'no-store' } });
  },
});
