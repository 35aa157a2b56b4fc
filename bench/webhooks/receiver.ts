/**
 * The bench's receiver, in its own process (as a merchant's would be): answers 200 at once and
 * reports each receipt [event id, wall-clock ms] to the parent over IPC, in small batches.
 */
import { startReceiver, type Received } from "@/lib/service/outbox/testing/receiver";

const send = (message: unknown) => process.send?.(message);
let pending: Array<[string, number]> = [];
setInterval(() => {
  if (pending.length === 0) return;
  send({ receipts: pending });
  pending = [];
}, 5).unref();

const idOf = (r: Received): string => {
  try {
    return (JSON.parse(r.body) as { id: string }).id;
  } catch {
    return "";
  }
};

const receiver = await startReceiver();
receiver.onReceive = (r) => {
  pending.push([idOf(r), r.at]);
  receiver.received.length = 0;
};
send({ url: receiver.url });
process.on("disconnect", () => process.exit(0));
