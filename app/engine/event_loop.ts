// The event loop's turn for whatever else waits (a message, input, paint): a message task, not a
// timer, so no 4 ms clamp between turns.
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
