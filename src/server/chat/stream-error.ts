/**
 * What the person reads when the model fails mid-stream: the model's failure as an AppError code
 * (a key the model server refuses: service_unavailable; anything else, timeouts included:
 * provider_unavailable), told in the chat's language by errors.ts (`errorForStream`). The real
 * cause goes to the server log, never to the client.
 */
import { APICallError } from 'ai';
import { AppError, errorForStream, fault } from '../base/errors';
import type { Locale } from '../base/i18n';
import { logger } from '../base/log';

/** The model's failure in the closed list of codes. */
export function modelFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (APICallError.isInstance(error) && (error.statusCode === 401 || error.statusCode === 403)) {
    return fault('service_unavailable.chat_key', undefined, { cause: error });
  }
  return fault('provider_unavailable.chat_model', undefined, { cause: error });
}

/** The `errorText` of the stream's `error` chunk. */
export function streamErrorText(error: unknown, locale: Locale): string {
  return errorForStream(modelFailure(error), locale).errorText;
}

/**
 * The UI message stream with every failure made a defined `error` chunk: a provider stream that
 * breaks (connection reset) would otherwise end the HTTP answer without a word, and a timeout ends
 * the AI SDK's stream with `abort`, which a client reads as "stopped by the visitor". A real
 * disconnect (the request's signal) stays an abort: nobody is listening then.
 */
export function withDefinedErrors<Chunk extends { type: string }>(source: ReadableStream<Chunk>, locale: Locale, visitorGone: AbortSignal): ReadableStream<Chunk> {
  const reader = source.getReader();
  return new ReadableStream<Chunk>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        if (value.type === 'abort' && !visitorGone.aborted) {
          logger().error({ err: (value as { reason?: unknown }).reason }, '[chat] the model call was cut short');
          controller.enqueue({ type: 'error', errorText: streamErrorText(undefined, locale) } as unknown as Chunk);
          return;
        }
        controller.enqueue(value);
      } catch (error) {
        logger().error({ err: error }, '[chat] the model stream broke');
        if (!visitorGone.aborted) controller.enqueue({ type: 'error', errorText: streamErrorText(error, locale) } as unknown as Chunk);
        controller.close();
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}
