/** How long a contact message or inquiry is kept from its arrival: personal data, a year at most. */
export const MESSAGE_RETENTION_DAYS = 365;
