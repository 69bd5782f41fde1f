/**
 * What the tools are for and how a booking goes, rendered for whoever instructs a model: the MCP
 * server instructions, the chat's system prompt, the API documents. Written from each tool's `role`
 * and the booking flow, never restated by hand.
 */
import { BOOKING_FLOW } from '../scheduling/booking-flow';
import { tools } from './registry';
import type { Tool } from './tool';

const offered = (names?: readonly string[]) => (names ? tools.filter((tool) => names.includes(tool.name)) : tools);

/** `name (role)` of each tool, reads and writes apart (writes need the person's confirmation). */
export function toolRoles(names?: readonly string[]): { reads: string[]; writes: string[] } {
  const line = (tool: Tool) => `${tool.name} (${tool.role})`;
  const chosen = offered(names);
  return { reads: chosen.filter((tool) => !tool.needsApproval).map(line), writes: chosen.filter((tool) => tool.needsApproval).map(line) };
}

/** The tool names, reads first, then the write tools. */
export function toolNamesByKind(): { reads: string[]; writes: string[] } {
  return { reads: tools.filter((tool) => !tool.needsApproval).map((tool) => tool.name), writes: tools.filter((tool) => tool.needsApproval).map((tool) => tool.name) };
}

/** The booking flow as numbered lines. */
export function bookingSteps(): string[] {
  return BOOKING_FLOW.map((step, index) => `${index + 1}. ${step}`);
}

/** The MCP server's `instructions` (initialize result): the business, the tools by role, the booking flow. */
export function serverInstructions(): string {
  const { reads, writes } = toolRoles();
  return [
    'Tools of a small digital-services business (web design, IT support, automation for NGOs and SMEs; Polish and English).',
    `Read with ${reads.join(', ')}.`,
    `Write only after the person confirms: ${writes.join(', ')}.`,
    `Booking: ${bookingSteps().join(' ')}`,
  ].join(' ');
}
