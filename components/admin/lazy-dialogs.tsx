"use client";

import dynamic from "next/dynamic";
import { Button } from "@/components/ui/button";
import { PlusIcon } from "@/components/ui/icons";

/**
 * The admin pages' create dialogs carry a form library and their schemas: they load just after
 * the page, behind a button that looks the same (and is disabled for those few milliseconds).
 */
export const CreateUserDialog = dynamic(() => import("./create-user-dialog").then((m) => m.CreateUserDialog), {
  ssr: false,
  loading: () => (
    <Button disabled>
      <PlusIcon /> Add person
    </Button>
  ),
});

export const CreateApiKeyDialog = dynamic(() => import("./create-api-key-dialog").then((m) => m.CreateApiKeyDialog), {
  ssr: false,
  loading: () => (
    <Button disabled>
      <PlusIcon /> Create key
    </Button>
  ),
});
