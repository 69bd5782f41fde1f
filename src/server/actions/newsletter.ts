/** Newsletter actions, shared by the REST endpoints and the MCP tools. */
import { getListProvider } from '../providers/newsletter';
import type { SubscribeRequest, UnsubscribeRequest } from '../schemas/newsletter';

/** One spelling per address on every list provider (providers differ in case handling). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Subscribes an address; subscribing again is a success that changes nothing. */
export async function subscribe(input: SubscribeRequest): Promise<{ alreadySubscribed: boolean }> {
  const { created } = await getListProvider().add({ email: normaliseEmail(input.email), locale: input.locale, segment: 'newsletter' });
  return { alreadySubscribed: !created };
}

/** Unsubscribes an address; an unknown address is a success too (nothing to do, nothing revealed). */
export async function unsubscribe(input: UnsubscribeRequest): Promise<void> {
  await getListProvider().unsubscribe(normaliseEmail(input.email));
}
