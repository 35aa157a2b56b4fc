import { describe, expect, it } from "vitest";
import { frameText, pullStream, resumeAfter } from "./sse";

const rows = [1, 2, 3, 4, 5].map((id) => ({ id, event: "message", data: { seq: id } }));

async function readUntil(response: Response, predicate: (text: string) => boolean): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!predicate(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value);
  }
  await reader.cancel();
  return text;
}

describe("resumeAfter", () => {
  it("prefers Last-Event-ID, then ?after=, else 0; ignores junk", () => {
    expect(resumeAfter(new Request("http://x/s?after=3", { headers: { "Last-Event-ID": "7" } }))).toBe(7);
    expect(resumeAfter(new Request("http://x/s?after=3"))).toBe(3);
    expect(resumeAfter(new Request("http://x/s?after=-1", { headers: { "Last-Event-ID": "x" } }))).toBe(0);
  });
});

describe("pullStream", () => {
  it("catches up from Last-Event-ID, then sends each new row once when woken", async () => {
    let wake = () => {};
    let available = 3;
    const controller = new AbortController();
    const request = new Request("http://x/s", { headers: { "Last-Event-ID": "1" }, signal: controller.signal });
    const response = pullStream({
      request,
      after: resumeAfter(request),
      pull: async (after) => rows.filter((r) => r.id > after && r.id <= available),
      subscribe: (w) => {
        wake = w;
        return () => {};
      },
    });
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    setTimeout(() => {
      available = 5;
      wake();
      wake();
    }, 20);
    const text = await readUntil(response, (t) => t.includes("id: 5"));
    controller.abort();
    expect(text.startsWith("retry: 1000\n\n")).toBe(true);
    const ids = [...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
    expect(ids).toEqual([2, 3, 4, 5]);
  });

  it("sends a catch-up longer than one pull's page without waiting for a wake", async () => {
    const controller = new AbortController();
    const request = new Request("http://x/s", { signal: controller.signal });
    const response = pullStream({
      request,
      after: 0,
      // Two rows a pull, as a bounded query reads them.
      pull: async (after) => rows.filter((r) => r.id > after).slice(0, 2),
      subscribe: () => () => {},
    });
    const text = await readUntil(response, (t) => t.includes("id: 5"));
    controller.abort();
    expect([...text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]))).toEqual([1, 2, 3, 4, 5]);
  });

  it("frames JSON on one data line, so a payload's newlines and markup stay inside it", () => {
    expect(frameText({ id: 9, event: "message", data: { body: "a\n<script>" } })).toBe(
      'event: message\nid: 9\ndata: {"body":"a\\n<script>"}\n\n',
    );
  });
});
