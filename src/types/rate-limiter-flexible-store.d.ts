// rate-limiter-flexible documents extending its store base class for custom stores but types only
// its concrete limiters; this declares the part of the base class we extend.
declare module 'rate-limiter-flexible/lib/RateLimiterStoreAbstract.js' {
  import type { RateLimiterRes } from 'rate-limiter-flexible';
  export default abstract class RateLimiterStoreAbstract {
    constructor(options: { storeClient: unknown; points: number; duration: number; keyPrefix: string });
    readonly points: number;
    consume(key: string, points?: number): Promise<RateLimiterRes>;
    get(key: string): Promise<RateLimiterRes | null>;
    delete(key: string): Promise<boolean>;
  }
}
