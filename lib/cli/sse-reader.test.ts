import { describe, expect, it } from "vitest";
import { parseBlock, readSse, type SseMessage } from "./sse-reader";

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
  it("reads frames split anywhere, with CRLF or LF, and skips the heartbeat", async () => {
    const { messages, activity } = await collect([
      "retry: 1000\n\nevent: hel",
      'lo\ndata: {"a":1}\n\n: ping\n\n',
      'event: delivery\r\nid: 42\r\ndata: {"seq":42}\r\n\r\n',
      "data: line one\ndata: line two\n\n",
    ]);
    expect(messages).toEqual([
      { event: "message", id: null, data: "", retry: 1000 },
      { event: "hello", id: null, data: '{"a":1}', retry: null },
      { event: "delivery", id: "42", data: '{"seq":42}', retry: null },
      { event: "message", id: null, data: "line one\nline two", retry: null },
    ]);
    expect(activity).toBe(4);
  });

  it("treats a block of comments as no frame, and keeps a value's leading colon", () => {
    expect(parseBlock(": ping")).toBeNull();
    expect(parseBlock("data: :x")?.data).toBe(":x");
    expect(parseBlock("retry: soon")?.retry).toBeNull();
  });

  it("drops an unterminated last block (the connection died mid-frame)", async () => {
    const { messages } = await collect(['event: delivery\nid: 7\ndata: {"seq":7}']);
    expect(messages).toEqual([]);
  });
});
