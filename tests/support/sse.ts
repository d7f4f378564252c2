import { Agent, fetch } from 'undici';

/** Reads a Server-Sent Events stream and hands each event's name and data to `onEvent` until stopped. */
export async function openEventStream(url: string, cookie: string, onEvent: (event: string, data: string) => void) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { cookie, accept: 'text/event-stream' },
    signal: controller.signal,
    dispatcher: new Agent(),
  });
  if (!response.ok || !response.body) throw new Error(`stream answered ${response.status}`);
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = /^event: ?(.*)$/m.exec(block)?.[1] ?? 'message';
          const data = block
            .split('\n')
            .filter((line) => line.startsWith('data:'))
            .map((line) => line.replace(/^data: ?/, ''))
            .join('\n');
          if (!block.startsWith(':')) onEvent(event, data);
        }
      }
    } catch {
      // aborted
    }
  })();
  return {
    status: response.status,
    /** Resolves when the server ends the stream (or after close()). */
    ended: pump,
    close: async () => {
      controller.abort();
      await pump;
    },
  };
}
