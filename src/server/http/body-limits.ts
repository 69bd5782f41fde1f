/**
 * The largest request body each kind of endpoint reads, in one place. An endpoint refuses a larger one
 * (payload_too_large: by its Content-Length before reading, else as it streams in); the Node server
 * (src/server/node/site-server.ts) refuses a Content-Length over the largest of them before anything
 * reads the body, and reads ahead only bodies every endpoint accepts.
 */
export const bodyLimits = {
  /** Every endpoint that names no other: contact, subscribe, unsubscribe, /ask, /mcp, booking, the forms. */
  default: 32 * 1024,
  /** The chat: the whole conversation, tool results included, travels with each turn. */
  chat: 128 * 1024,
  /** A2A JSON-RPC requests. */
  a2a: 64 * 1024,
  /** OAuth: authorization, token and client registration requests. */
  oauth: 16 * 1024,
} as const;

/** No endpoint reads a body larger than this. */
export const largestBodyBytes = Math.max(...Object.values(bodyLimits));
/** Every endpoint reads a body this large. */
export const smallestBodyBytes = Math.min(...Object.values(bodyLimits));
