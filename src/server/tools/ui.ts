/** URIs of the MCP Apps views (the HTML lives in src/server/mcp/ui). */
export const uiResources = {
  serviceInquiry: 'ui://site/service-inquiry',
  consultationBooking: 'ui://site/consultation-booking',
} as const;
