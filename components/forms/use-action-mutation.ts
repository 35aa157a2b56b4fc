"use client";

import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { useToast } from "@/components/ui/toast";
import { ActionFailure, describeError, type ActionMeta, type ActionResult } from "@/lib/dashboard/action-result";
import type { Environment } from "@/lib/dashboard/environment-schema";

/**
 * A mutation through a server action: sends the page's environment (and the production
 * confirmation the caller obtained), throws an ActionFailure on a refused result, puts what the
 * action answered under `resultKey` at once (the page shows the new state without waiting for
 * the refetches, which on a busy server took over ten seconds), invalidates `invalidate` on
 * success and says what happened in a toast.
 */
export function useActionMutation<I, T>({
  environment,
  action,
  invalidate,
  success,
  resultKey,
}: {
  environment: Environment;
  action: (input: I, meta: ActionMeta) => Promise<ActionResult<T>>;
  invalidate: QueryKey[];
  success: (data: T) => string;
  /** The query whose data the action's answer is (a resource's detail): set from the answer. */
  resultKey?: QueryKey;
}) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  return useMutation({
    mutationFn: async (input: I) => {
      const result = await action(input, { environment, confirmProduction: environment === "production" });
      if (!result.ok) throw new ActionFailure(result.error);
      return result.data;
    },
    onSuccess: async (data) => {
      if (resultKey) queryClient.setQueryData(resultKey, data);
      toast({ title: success(data), tone: "success" });
      await Promise.all(invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
    onError: (error) => {
      const message = error instanceof ActionFailure ? describeError(error) : "Something went wrong.";
      toast({ title: "Not done", description: message, tone: "error" });
    },
  });
}
