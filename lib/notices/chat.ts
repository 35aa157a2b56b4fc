import "server-only";
import { outgoingPolicy } from "@/lib/http/outgoing-policy";
import { isLoopbackAddress, urlHost, webhookUrlProblem } from "@/lib/http/url-guard";
import { sendDelivery } from "@/lib/webhooks/send";
import { chatPayload, type ChatNotice } from "./chat-message";
import type { ChatService } from "./kinds";

/** One message for a team's channel, as the outbox hands it over. */
export type ChatPost = ChatNotice & { id: string; service: ChatService; url: string };
export type ChatPoster = (post: ChatPost) => Promise<void>;

/**
 * Where a channel's webhook may be: the product's one policy for outgoing POSTs (public
 * addresses; a developer's own console also its loopback, where a local receiver plays Slack),
 * checked when saved and again when connecting. The URL is the channel's credential, so it
 * travels over https, but to this machine's own loopback.
 */
const chatPolicy = () => outgoingPolicy("sandbox");

export async function chatUrlProblem(raw: string): Promise<string | null> {
  const problem = await webhookUrlProblem(raw, chatPolicy()).catch((e: Error) => `cannot be resolved: ${e.message}`);
  if (problem) return problem.replace("Sandbox webhook endpoints", "Chat webhooks");
  const url = new URL(raw);
  const host = urlHost(url);
  const loopback = host === "localhost" || host.endsWith(".localhost") || isLoopbackAddress(host);
  return url.protocol === "https:" || loopback ? null : "Must use https: the URL is the channel's credential";
}

/** Posts one notice to its channel's incoming webhook; throws with the service's answer when refused. */
export const postToChannel: ChatPoster = async (post) => {
  const sent = await sendDelivery({
    url: post.url,
    policy: chatPolicy(),
    eventId: post.id,
    body: JSON.stringify(chatPayload(post.service, post)),
    timeoutMs: 10_000,
  });
  if (sent.ok) return;
  const answer = sent.responseBody?.trim().slice(0, 120);
  throw new Error(`${sent.error ?? "no answer"}${answer ? `: ${answer}` : ""}`);
};
