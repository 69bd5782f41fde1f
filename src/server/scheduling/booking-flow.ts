/**
 * How an agent books a consultation, stated once: the MCP discovery documents, the agent
 * instructions and the API documents all quote these steps.
 */
export const BOOKING_FLOW = [
  'Call consultation_availability (optionally with timeZone, start, end; over REST: GET /api/consultation/slots) and show the free slots to the person.',
  'Let the person pick one slot and confirm their full name and e-mail.',
  "Call consultation_book (over REST: POST /api/consultation/book) with that slot's start and the confirmed details.",
  'If mode is "slot_unavailable", offer the alternatives it lists; if mode is "link_only", give the person bookingUrl.',
] as const;

