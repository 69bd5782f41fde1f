/**
 * Where the durable records live (contact messages, bookings, embedded-list subscribers, sent
 * newsletter issues): with REDIS_URL set, in Redis, which every instance and the admin commands
 * share; otherwise in the embedded SQLite file under DATA_DIR (one machine). Upstash keeps them in
 * SQLite too: its REST API is the shared store for short-lived keys only.
 *
 * Unlike the shared store's keys, records never fall back to process memory: a record written there
 * would be lost, so a Redis outage fails the write instead.
 */
import type { Redis } from 'ioredis';
import { getSettings } from '../settings';
import { sharedRedis, sharedStoreKind } from './index';

export type RecordsBackend = 'sqlite' | 'redis';

export function recordsBackend(): RecordsBackend {
  return sharedStoreKind(getSettings()) === 'redis' ? 'redis' : 'sqlite';
}

/** The Redis connection records use (only called when recordsBackend() is 'redis'). */
export async function recordsRedis(): Promise<Redis> {
  const client = await sharedRedis();
  if (!client) throw new Error('Records are kept in Redis only when REDIS_URL is set.');
  return client;
}

/** Picks one of a record store's two implementations, per call (the settings decide). */
export function byBackend<Store>(stores: Record<RecordsBackend, Store>): () => Store {
  return () => stores[recordsBackend()];
}
