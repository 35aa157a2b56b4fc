import { describe, expect, it } from "vitest";
import { readSse, type SseMessage } from "./sse-reader";

/** A stream that hands out `chunks` one by one, as a network would split them. */
function streamOf(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
}

async function collect(chunks: string[]): Promise<{ messages: SseMessage[]; activity: number }> {
  const messages: SseMessage[] = [];
  let activity = 0;
  for await (const m of readSse(streamOf(chunks), () => activity++)) messages.push(m);
  return { messages, activity };
}

describe("the CLI's server-sent events reader", () => {
  it("reads frames split anywhere, with LF, CRLF or a bare CR, and skips the heartbeat and a retry-only block", async () => {
    const { messages, activity } = await collect([
      "retry: 1000\n\nevent: hel",
      'lo\ndata: {"a":1}\n\n: ping\n\n',
      'event: delivery\r\nid: 42\r\ndata: {"seq":42}\r\n\r\n',
      "data: line one\ndata: line two\n\n",
      'event: delivery\rid: 43\rdata: {"seq":43}\r\r',
      // A CR at a chunk's end may be half of a CRLF: the next bytes (here the heartbeat) settle it.
      ": ping\n\n",
    ]);
    expect(messages).toEqual([
      { event: "hello", id: null, data: '{"a":1}' },
      { event: "delivery", id: "42", data: '{"seq":42}' },
      { event: "message", id: null, data: "line one\nline two" },
      { event: "delivery", id: "43", data: '{"seq":43}' },
    ]);
    expect(activity).toBe(6);
  });

  it("keeps a value's leading colon, and a CR split from its LF across chunks is one line end", async () => {
    const { messages } = await collect(["data: :x\r", "\n\r", "\n"]);
    expect(messages).toEqual([{ event: "message", id: null, data: ":x" }]);
  });

  it("drops an unterminated last block (the connection died mid-frame)", async () => {
    const { messages } = await collect(['event: delivery\nid: 7\ndata: {"seq":7}']);
    expect(messages).toEqual([]);
  });
});
