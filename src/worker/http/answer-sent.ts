// When a streamed answer has been sent: an MCP answer over SSE is returned before its tool calls
// finish (the SDK streams the result as it comes), so what the calls found is known only once the
// body has been read to its end. The bytes pass through unchanged; an answer that is not a stream
// of events is complete already.
export interface SentAnswer {
  response: Response;
  /** Settles when the body has been read to its end, failed, or was cancelled by the client. */
  sent: Promise<void>;
}

export function watchedUntilSent(response: Response): SentAnswer {
  const body = response.body;
  if (!body || !(response.headers.get('content-type') ?? '').includes('text/event-stream'))
    return { response, sent: Promise.resolve() };
  let finish!: () => void;
  const sent = new Promise<void>((resolve) => (finish = resolve));
  const reader = body.getReader();
  const watched = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          finish();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        finish();
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
  return { response: new Response(watched, response), sent };
}
