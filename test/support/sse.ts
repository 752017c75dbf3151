/** One server-sent event as a client reads it. */
export type SseEvent = { event: string; data: unknown };

/**
 * Reads a server-sent events stream: `next(predicate)` resolves with the first event from now
 * on that matches (earlier ones are kept in `seen`).
 */
export async function openEventStream(url: string, cookie: string) {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { cookie }, signal: controller.signal });
  const seen: SseEvent[] = [];
  const waiting: { predicate: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] =
    [];
  let text = '';
  let firstComment: () => void = () => {};
  const connected = new Promise<void>((resolve) => {
    firstComment = resolve;
  });
  const pump = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    try {
      const reader = response.body.getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        text += decoder.decode(read.value, { stream: true });
        let end = text.indexOf('\n\n');
        while (end >= 0) {
          const block = text.slice(0, end);
          text = text.slice(end + 2);
          if (block.includes(': connected')) firstComment();
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event && data) {
            const parsed = { event, data: JSON.parse(data) };
            seen.push(parsed);
            for (const waiter of [...waiting]) {
              if (waiter.predicate(parsed)) {
                waiting.splice(waiting.indexOf(waiter), 1);
                waiter.resolve(parsed);
              }
            }
          }
          end = text.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  })();
  await connected;
  return {
    response,
    seen,
    next(predicate: (event: SseEvent) => boolean = () => true): Promise<SseEvent> {
      return new Promise((resolve) => waiting.push({ predicate, resolve }));
    },
    async close() {
      controller.abort();
      await pump;
    },
  };
}
