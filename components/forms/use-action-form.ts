"use client";

import { useQueryClient, type QueryKey } from "@tanstack/react-query";
import { unstable_rethrow, useRouter } from "next/navigation";
import { useEffect, useRef, useState, useTransition } from "react";
import { useToast } from "@/components/ui/toast";
import type { ActionError, ActionResult } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { newIdempotencyKey } from "@/lib/dashboard/form-values";
import { idempotencyKeyIsSpent, keyForSubmission } from "@/lib/dashboard/idempotency";

type Sent<T> = { data: T; replayed?: boolean };

export type ActionFormOptions<B, T> = {
  /**
   * Calls the server action with the form's body, the Idempotency-Key for that body ("" for a
   * form without one) and whether the person confirmed a production change.
   */
  send: (body: B, call: { key: string; confirmProduction: boolean }) => Promise<ActionResult<T>>;
  onSuccess?: (result: Sent<T>, body: B) => void | Promise<void>;
  /** A refusal, before it is shown (sign-in empties the password). */
  onFailure?: (error: ActionError) => void;
  /** Puts a refusal's field problems on their fields; returns those that matched no field. */
  onFields?: (error: ActionError) => ActionError["details"];
  /** When every problem landed on a field, still say so above the button. */
  sayWhenOnFields?: boolean;
  /**
   * The first Idempotency-Key, made when the form opened: one per intended submission (D12.4).
   * A retry of the same body reuses it, a changed body gets a new one (`keyForSubmission`), and
   * so does the next attempt after an answer that spent it. Without it the form sends none.
   */
  idempotencyKey?: string;
  /** The environment of a form that moves money: in production `submit` asks first (`confirm`). */
  confirmIn?: Environment;
  /** The form's values: once the person edits them, the last refusal's message goes (it was about other values). */
  watch?: (callback: () => void) => { unsubscribe: () => void };
  /**
   * A form that moves money: a call held for approval locks it (`held`, issue 43) until its
   * author withdraws it to edit (`unhold`), so a corrected call is never sent beside the first.
   */
  locksWhenHeld?: boolean;
};

/** What a failed call to the console itself (no answer at all) shows. */
const NO_ANSWER: ActionError = {
  code: "network_error",
  message: "The console did not answer. Check your connection and try again.",
  details: [],
};

/**
 * The client side of every form that submits to a server action: one submission in flight at a
 * time (`pending`, a second click does nothing), the Idempotency-Key, the production
 * confirmation, and a refusal's problems on their fields with the rest above the button
 * (`error`, for FormAlert).
 */
export function useActionForm<B, T>(options: ActionFormOptions<B, T>) {
  const { send, onSuccess, onFailure, onFields, sayWhenOnFields, idempotencyKey, confirmIn, watch, locksWhenHeld } =
    options;
  const [held, setHeld] = useState<ActionError | null>(null);
  const [pending, startTransition] = useTransition();
  const inFlight = useRef(false);
  const [error, setError] = useState<ActionError | null>(null);
  const [key, setKey] = useState(idempotencyKey ?? "");
  const [confirming, setConfirming] = useState<B | null>(null);
  useEffect(() => {
    if (!watch) return;
    const subscription = watch(() => setError((shown) => (shown === null ? shown : null)));
    return () => subscription.unsubscribe();
  }, [watch]);

  /** Sends `body` unless a submission is on its way; true when it was sent. */
  function run(body: B, confirmProduction: boolean): boolean {
    if (inFlight.current) return false; // a second click while the first is on its way
    if (held) return false; // locked while its call waits for approval
    inFlight.current = true;
    setError(null);
    const sent = idempotencyKey === undefined ? "" : keyForSubmission(key, body, newIdempotencyKey);
    if (sent !== key) setKey(sent);
    startTransition(async () => {
      try {
        const result = await send(body, { key: sent, confirmProduction });
        if (result.ok) {
          await onSuccess?.(result, body);
          return;
        }
        onFailure?.(result.error);
        if (locksWhenHeld && result.error.code === "held_for_approval") {
          setHeld(result.error);
          return;
        }
        const unmatched = onFields ? onFields(result.error) : result.error.details;
        if (unmatched.length > 0 || result.error.details.length === 0) setError(result.error);
        else if (sayWhenOnFields) setError({ ...result.error, message: "Check the highlighted fields." });
        if (idempotencyKey !== undefined && idempotencyKeyIsSpent(result.error)) setKey(newIdempotencyKey());
      } catch (thrown) {
        unstable_rethrow(thrown); // a redirect (after signing in) is Next's to follow
        setError(NO_ANSWER);
      } finally {
        inFlight.current = false;
      }
    });
    return true;
  }

  return {
    pending,
    error,
    /** The held call that locks the form (`locksWhenHeld`), or null. */
    held,
    /** Its author withdrew it: the form is editable again, with a new Idempotency-Key. */
    unhold: () => {
      setHeld(null);
      if (idempotencyKey !== undefined) setKey(newIdempotencyKey());
    },
    /** The key the next submission sends (for IdempotencyKeyNote and the API call preview). */
    idempotencyKey: key,
    /** Sends a valid form's body (true when it went); in production (`confirmIn`) it waits for `confirm` first. */
    submit: (body: B): boolean => {
      if (confirmIn !== "production") return run(body, false);
      setConfirming(body);
      return false;
    },
    /** For ConfirmProductionDialog: the body waiting for confirmation. */
    confirm: {
      pending: confirming,
      onDismiss: () => setConfirming(null),
      onConfirm: (body: B) => void run(body, true),
    },
    /** A new intended submission (the form was reset or closed): a fresh key, no message. */
    reset: () => {
      if (idempotencyKey !== undefined) setKey(newIdempotencyKey());
      setError(null);
    },
  };
}

export type ActionForm = Pick<ReturnType<typeof useActionForm>, "pending" | "error" | "idempotencyKey">;

/** After a create page's action: refresh its lists, say so, and open what was created. */
export function useOpenCreated() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return async ({ invalidate, title, href }: { invalidate: QueryKey; title: string; href: string }) => {
    await queryClient.invalidateQueries({ queryKey: invalidate });
    toast({ title, tone: "success" });
    router.push(href);
  };
}
