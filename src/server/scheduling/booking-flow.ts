/**
 * How an agent books a consultation, stated once: the MCP server instructions and discovery
 * documents, the chat's prompt, the agent instructions and the API documents all quote these steps
 * (tools/guide.ts renders them).
 */
export const BOOKING_FLOW = [
  "Call consultation_availability (in the person's timeZone if they said it, else Europe/Warsaw; optionally start, end; over REST: GET /api/consultation/slots) and show the free slots to the person.",
  'Let the person pick one time from those slots (never pick for them, never invent a time the tool did not return) and confirm their full name and e-mail.',
  "Call consultation_book (over REST: POST /api/consultation/book) with that slot's exact start and the confirmed details.",
  'Report the outcome: the booked date, time and time zone; if mode is "slot_unavailable", offer the alternatives it lists; if mode is "link_only", give the person bookingUrl.',
] as const;

