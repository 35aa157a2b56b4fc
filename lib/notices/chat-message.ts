import type { ChatService } from "./kinds";

/** A notice as a team's chat channel receives it. */
export type ChatNotice = { subject: string; text: string; link: string };

/** Slack's mrkdwn reads &, < and > as markup: a notice's words are shown as written. */
const slackEscaped = (text: string): string => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * The JSON an incoming webhook takes (issue 64): Slack's blocks with a plain `text` for
 * notifications and a button to the page; a Teams workflow's message with one Adaptive Card and
 * its Open action. Pure, so the shapes are tested as the services document them.
 */
export function chatPayload(service: ChatService, notice: ChatNotice): unknown {
  if (service === "slack")
    return {
      text: notice.subject,
      blocks: [
        {
          type: "section",
          text: { type: "mrkdwn", text: `*${slackEscaped(notice.subject)}*\n${slackEscaped(notice.text)}` },
        },
        {
          type: "actions",
          elements: [{ type: "button", text: { type: "plain_text", text: "Open in the console" }, url: notice.link }],
        },
      ],
    };
  return {
    type: "message",
    attachments: [
      {
        contentType: "application/vnd.microsoft.card.adaptive",
        contentUrl: null,
        content: {
          $schema: "http://adaptivecards.io/schemas/adaptive-card.json",
          type: "AdaptiveCard",
          version: "1.4",
          body: [
            { type: "TextBlock", text: notice.subject, weight: "Bolder", size: "Medium", wrap: true },
            { type: "TextBlock", text: notice.text, wrap: true },
          ],
          actions: [{ type: "Action.OpenUrl", title: "Open in the console", url: notice.link }],
        },
      },
    ],
  };
}
