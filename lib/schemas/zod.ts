/**
 * zod, with messages written for a person that name the field (messages.ts) in place of its
 * defaults. Every schema and form imports `z` from here, so the service's 400 details and the
 * console's forms say the same thing whichever module loads first.
 */
import { z } from "zod";
import { humanIssueMessage } from "./messages";

z.config({ customError: humanIssueMessage });

export { z };
