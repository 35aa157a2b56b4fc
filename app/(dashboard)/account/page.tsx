import { redirect } from "next/navigation";
import { consoleRead } from "@/lib/auth/console-read";
import { ChangePasswordForm } from "@/components/auth/change-password-form";
import { RoleBadge } from "@/components/auth/role-badge";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { SIGN_IN_PATH } from "@/lib/auth/config";
import { GRANTS, PERMISSION_NAMES, PERMISSIONS, PRODUCTION_MUTATORS, ROLE_LABELS } from "@/lib/auth/permissions";
import { AccessTokensCard } from "@/components/account/access-tokens-card";
import { toTokenView } from "@/lib/listen/actions/token-view";
import { can } from "@/lib/auth/permissions";
import { inboxOrigin } from "@/lib/inbox/owner";
import { listTokens } from "@/lib/listen/tokens";
import { SecondFactorCard } from "@/components/account/second-factor-card";
import { secondFactorSummary } from "@/lib/auth/second-factor";
import { SessionsCard } from "@/components/account/sessions-card";
import { listMySessions } from "@/lib/auth/my-sessions";
import { NoticeChoicesCard } from "@/components/notices/notice-choices-card";
import { env } from "@/lib/env";
import { channelOfTeam, digestHour, noticeChoices } from "@/lib/notices/store";

export const metadata = { title: "Your account" };

export default async function AccountPage() {
  const gate = await consoleRead({ permission: "read", environment: null });
  if (!gate.ok) redirect(SIGN_IN_PATH);
  const { actor, db } = gate;
  const allowed = PERMISSION_NAMES.filter((p) => GRANTS[p].includes(actor.role));
  const production = PRODUCTION_MUTATORS.includes(actor.role);
  // Only roles that may listen see tokens (a role sees only the controls it can use).
  const listens = can(actor.role, "tokens:self", null);
  const [tokens, secondFactor, sessions, notices, digest, channel] = await Promise.all([
    listens ? listTokens(db, actor.userId).then((rows) => rows.map(toTokenView)) : Promise.resolve([]),
    secondFactorSummary(db, actor),
    listMySessions(db, actor.userId, actor.sessionId),
    noticeChoices(db, actor.userId),
    digestHour(db, actor.userId),
    channelOfTeam(db, actor.role),
  ]);

  return (
    <>
      <PageHeader
        title="Your account"
        description={
          listens
            ? "Who you are signed in as, what your role lets you do, your password, two-step verification and your tokens for the command line."
            : "Who you are signed in as, what your role lets you do, your password and two-step verification."
        }
      />
      <div className="grid gap-6 lg:grid-cols-[1fr_1.2fr]">
        <Card title="Profile">
          <dl className="space-y-3 text-sm">
            <div>
              <dt className="text-slate-500">Name</dt>
              <dd className="font-medium text-slate-900">{actor.name}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Email</dt>
              <dd className="font-medium text-slate-900">{actor.email}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Role</dt>
              <dd className="mt-1 flex items-center gap-2">
                <RoleBadge role={actor.role} />
                <span className="text-slate-600">{ROLE_LABELS[actor.role].summary}</span>
              </dd>
            </div>
          </dl>
          <h3 className="mt-6 text-xs font-semibold tracking-wider text-slate-500 uppercase">You may</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {allowed.map((p) => (
              <li key={p}>{PERMISSIONS[p].label}</li>
            ))}
          </ul>
          <p className="mt-4 text-sm text-slate-500">
            {production
              ? "Your changes may reach production."
              : "In production you can read, but changes need the finance or admin role."}
          </p>
        </Card>
        <div className="space-y-6">
          <SecondFactorCard summary={secondFactor} />
          <Card
            title="Change password"
            description="Other browsers signed in as you are signed out when you change it."
          >
            <ChangePasswordForm />
          </Card>
          <SessionsCard sessions={sessions} />
          <NoticeChoicesCard
            choices={notices}
            digestHour={digest}
            channel={channel}
            timeZone={env().MERCHANT_TIME_ZONE}
            mailTo={actor.email}
            role={actor.role}
          />
        </div>
      </div>
      {listens ? (
        <div className="mt-6">
          <AccessTokensCard tokens={tokens} origin={inboxOrigin()} now={Date.now()} />
        </div>
      ) : null}
    </>
  );
}
