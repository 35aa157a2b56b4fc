"use server";

import { z } from "@/lib/schemas/zod";
import { isRole } from "@/lib/auth/permissions";
import { listUsers } from "@/lib/auth/users";
import { ruleBodySchema, ruleSummary, unsatisfiableBecause } from "@/lib/approvals/rules";
import { findRule, insertSubmission, saveRule } from "@/lib/approvals/store";
import { getDatabase } from "@/lib/db/connection";
import { env } from "@/lib/env";
import { consoleAction, refused } from "@/lib/actions/action";

/**
 * Creates a rule, or saves the next version of one (held submissions keep the version that held
 * them). A rule nobody but the submitter could satisfy is refused, saying why (issue 43). Changing
 * or switching off a rule that holds production calls is not one person's decision: it waits for
 * a second administrator's approval (a production submission, with its step-up), and is saved then.
 */
export const saveApprovalRule = consoleAction({
  name: "saveApprovalRule",
  permission: "approvals:rules",
  input: z.object({
    id: z
      .string()
      .regex(/^rule_[A-Za-z0-9_-]{6,20}$/)
      .optional(),
    rule: ruleBodySchema,
  }),
  run: async ({ id, rule }, { actor }) => {
    const { db } = await getDatabase();
    const people = (await listUsers(db)).filter((p) => !p.disabled && isRole(p.role)) as Array<{
      role: "admin" | "finance" | "support" | "developer";
    }>;
    const impossible = unsatisfiableBecause(rule, people);
    if (impossible) return refused("unsatisfiable_rule", impossible, { approverRoles: impossible });
    const current = id ? await findRule(db, id) : null;
    if (id && !current) return refused("not_found", "No such rule.");
    if (current?.enabled && current.conditions.environments.includes("production")) {
      const row = await insertSubmission(db, {
        environment: "production",
        action: "approval_rule",
        actionName: "saveApprovalRule",
        method: "PUT",
        path: `console:approval-rules/${current.id}`,
        idempotencyKey: null,
        body: { id: current.id, rule },
        facts: {
          environment: "production",
          action: "approval_rule",
          currency: null,
          amount: null,
          destinationType: null,
          knownDestination: null,
          label: `Rule “${rule.name}” v${current.version + 1}${rule.enabled ? "" : " (switched off)"}: ${ruleSummary(rule)}`,
        },
        submittedBy: actor.userId,
        submittedByEmail: actor.email,
        expiresAt: new Date(Date.now() + env().APPROVAL_EXPIRY_HOURS * 3_600_000),
        rule: {
          id: "production-rule-change",
          version: 1,
          name: "Production rule change",
          enabled: true,
          approvalsRequired: 1,
          approverRoles: ["admin"],
          createdBy: "console",
          createdAt: "",
          conditions: {
            environments: ["production"],
            actions: [],
            currencies: [],
            amountAtLeast: null,
            amountIn: "USD",
            destinationTypes: [],
            newDestinationOnly: false,
          },
        },
      });
      const held = refused(
        "held_for_approval",
        `“${current.name}” holds production calls: another administrator must approve this change before it applies. Until then version ${current.version} stays in force.`,
      );
      return {
        ok: false as const,
        error: { ...held.error, status: 202, submissionId: row.id },
        audit: { targetId: current.id, detail: `proposed as ${row.id}` },
      };
    }
    const saved = await saveRule(db, rule, actor.email, id);
    if (!saved) return refused("not_found", "No such rule.");
    return {
      ok: true,
      data: saved,
      audit: { targetId: saved.id, detail: `v${saved.version}${saved.enabled ? "" : " (off)"}: ${ruleSummary(saved)}` },
    };
  },
});
