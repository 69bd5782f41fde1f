/**
 * POST /api/consultation/book: books a slot (same input and answers as the consultation_book tool).
 * 200 booked or link-only; 409 slot_unavailable with fresh alternatives; 400/415/502 ErrorResponse.
 */
import { readBody } from '../../../server/http/body';
import { endpoint } from '../../../server/http/endpoint';
import { json } from '../../../server/http/respond';
import { bookConsultation, bookingResultStatus } from '../../../server/scheduling';
import { ConsultationBookInput } from '../../../server/schemas/consultation';

export const prerender = false;

export const ALL = endpoint({
  POST: async ({ request }) => {
    const result = await bookConsultation(await readBody(request, ConsultationBookInput));
    const { status, body } = bookingResultStatus(result);
    return json(body, { status, headers: { 'Cache-Control': 'no-store' } });
  },
});
