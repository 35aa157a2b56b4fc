"use client";

import { useEffect, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { FormApiCallPreview } from "@/components/forms/form-api-call-preview";
import { applyServerErrors } from "@/components/forms/apply-server-errors";
import { CreateFormAside } from "@/components/forms/create-form-aside";
import { SelectField, TextField } from "@/components/forms/form-fields";
import { useActionForm, useOpenCreated } from "@/components/forms/use-action-form";
import { HeldPanel } from "@/components/forms/held-panel";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LazyConfirmProductionDialog as ConfirmProductionDialog } from "@/components/forms/lazy-confirm-production-dialog";
import { createTrackedDisbursement } from "@/lib/disbursements/actions/create-tracked-disbursement";
import { apiCalls } from "@/lib/dashboard/api-calls";
import type { Environment } from "@/lib/dashboard/environment-schema";
import { railLabel } from "@/lib/dashboard/routes";
import { Dec, parseDecimal } from "@/lib/money/decimal";
import { formatMoney } from "@/lib/money/format";
import { STABLECOIN_CHAINS, STABLECOINS, type Chain } from "@/lib/schemas/catalog";
import type { DisbursementCreateInput } from "@/lib/schemas/disbursement";
import type { Balance } from "@/lib/schemas/sandbox";
import {
  DISBURSEMENT_DEFAULTS,
  disbursementResolver,
  isDisbursementField,
  toDisbursementBody,
  type DisbursementOutput,
  type DisbursementValues,
} from "./disbursement-form-values";
import { queryKeys } from "@/lib/dashboard/query-keys";
import { compactWallet, plainAmount } from "@/lib/dashboard/normalize-input";
import type { PayeeView } from "@/lib/approvals/types";
import type { FloorRoom } from "@/lib/runway/floor-check";
import { PayeePicker } from "@/components/payees/payee-picker";

type WalletValidators = typeof import("@/lib/validators/wallet");

/**
 * The address checks (EIP-55, base58check: hashing libraries) load just after the page, not with
 * it; until then (a few milliseconds, before anyone can type) no chain is inferred.
 */
function useWalletValidators(): WalletValidators | null {
  const [validators, setValidators] = useState<WalletValidators | null>(null);
  useEffect(() => {
    let live = true;
    void import("@/lib/validators/wallet").then((m) => live && setValidators(m));
    return () => {
      live = false;
    };
  }, []);
  return validators;
}

/** The chains an address could be sent on: EVM addresses work on every EVM chain. */
function chainsFor(wallet: WalletValidators | null, inferred: Chain | null): readonly Chain[] {
  if (inferred === null || !wallet) return [];
  return wallet.isEvmChain(inferred) ? wallet.EVM_CHAINS : [inferred];
}

/**
 * New disbursement: a wallet address (chain inferred from it, and checked in the browser with
 * the service's schema), an amount and a stablecoin. One Idempotency-Key per intended
 * submission, so a double click or a retry after a network failure pays out once.
 */
export function DisbursementForm({
  environment,
  initialKey,
  balances,
  payees = [],
  floors = [],
}: {
  environment: Environment;
  initialKey: string;
  /** Available balances, shown beside the amount and checked before a submit. */
  balances: Balance[] | null;
  /** The environment's payee book: picking one fills the wallet, chain and currency. */
  payees?: PayeeView[];
  /** Each floored currency's room above its runway floor: more than it waits for an approval. */
  floors?: FloorRoom[];
}) {
  const openCreated = useOpenCreated();
  const form = useForm<DisbursementValues, unknown, DisbursementOutput>({
    resolver: disbursementResolver,
    defaultValues: DISBURSEMENT_DEFAULTS,
    mode: "onTouched",
  });
  const { watch, handleSubmit, setError, reset, setValue } = form;
  const address = watch("wallet_address");
  const currency = watch("currency");
  const chain = watch("chain");
  const wallet = useWalletValidators();
  const inferred = wallet?.inferChain(address.trim()) ?? null;
  const possible = chainsFor(wallet, inferred);
  const effectiveChain = chain || inferred;
  const balance = balances?.find((b) => b.currency === currency);
  const floor = floors.find((f) => f.currency === currency);
  const typed = parseDecimal(String(watch("amount") ?? "").trim());
  const overFloor = floor && typed ? typed.greaterThan(floor.room) : false;
  // A chain picked for an earlier address may not fit this one: fall back to the inferred chain.
  useEffect(() => {
    if (chain && !possible.includes(chain)) setValue("chain", "");
  }, [chain, possible, setValue]);

  const create = useActionForm({
    locksWhenHeld: true,
    watch: form.watch,
    idempotencyKey: initialKey,
    confirmIn: environment,
    send: (body: DisbursementCreateInput, { key, confirmProduction }) =>
      createTrackedDisbursement({ idempotencyKey: key, body }, { environment, confirmProduction }),
    onSuccess: (result) =>
      openCreated({
        invalidate: queryKeys.disbursements.all(environment),
        title: result.replayed ? "Disbursement already created" : "Disbursement created",
        href: `/disbursements/${result.data.id}?created=1`,
      }),
    onFields: (error) => applyServerErrors(error, setError, isDisbursementField),
    sayWhenOnFields: true,
  });

  // A payout larger than the available balance is refused here, before any confirmation.
  const onSubmit = handleSubmit(({ body }) => {
    const available = balances?.find((b) => b.currency === body.currency)?.available_balance;
    const asked = parseDecimal(String(body.amount));
    if (available !== undefined && asked?.gt(available)) {
      setError("amount", { message: `More than the available ${formatMoney(available, body.currency)}` });
      return;
    }
    create.submit(body);
  });

  const chainOptions = [
    { value: "", label: inferred ? `Inferred: ${railLabel(inferred)}` : "Inferred from the address" },
    ...(possible.length > 1 ? possible : []).map((c) => ({ value: c, label: railLabel(c) })),
  ];

  return (
    <FormProvider {...form}>
      {create.held ? (
        <div className="mb-6">
          <HeldPanel held={create.held} onWithdrawn={create.unhold} />
        </div>
      ) : null}
      <form
        inert={create.held ? true : undefined}
        onSubmit={onSubmit}
        noValidate
        aria-label="New disbursement"
        className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
      >
        <Card title="Payout" description="Stablecoins from your pre-funded balance to a wallet">
          <div className="grid gap-4 sm:grid-cols-2">
            {payees.some((p) => p.kind === "wallet") ? (
              <PayeePicker
                payees={payees.filter((p) => p.kind === "wallet")}
                className="sm:col-span-2"
                onPick={(payee) => {
                  setValue("wallet_address", payee.address, { shouldValidate: true });
                  setValue("currency", payee.currency as DisbursementValues["currency"]);
                  setValue("chain", (payee.chain ?? "") as DisbursementValues["chain"]);
                }}
              />
            ) : null}
            <TextField<DisbursementValues>
              name="wallet_address"
              label="Wallet address"
              hint="EVM 0x…, Solana base58 or Tron T…; the chain follows from it"
              normalize={compactWallet}
              required
              autoComplete="off"
              spellCheck={false}
              inputClassName="font-mono"
              className="sm:col-span-2"
            />
            <SelectField<DisbursementValues>
              name="chain"
              label="Chain"
              hint={
                possible.length > 1 ? "EVM addresses work on Ethereum, Polygon and Base" : "Follows from the address"
              }
              options={chainOptions}
            />
            <SelectField<DisbursementValues>
              name="currency"
              label="Currency"
              required
              hint="Paid from your balance in it"
              options={STABLECOINS.map((c) => ({
                value: c,
                label:
                  effectiveChain && !STABLECOIN_CHAINS[c].includes(effectiveChain)
                    ? `${c} (not on ${railLabel(effectiveChain)})`
                    : c,
              }))}
            />
            <TextField<DisbursementValues>
              name="amount"
              label={`Amount (${currency})`}
              normalize={plainAmount}
              hint={`${
                balance
                  ? `Available: ${formatMoney(balance.available_balance, balance.currency)} · at most 6 decimals`
                  : "At most 6 decimals"
              }${floor ? ` · ${formatMoney(floor.room, floor.currency)} above the runway floor` : ""}`}
              required
              inputMode="decimal"
              numeric
            />
            {overFloor && floor ? (
              <p className="text-sm text-amber-900 sm:col-span-2" data-testid="disbursement-floor-note" role="status">
                Over the {floor.currency} runway floor: it would leave{" "}
                {formatMoney(new Dec(floor.projectedNow).minus(typed ?? 0).toFixed(), floor.currency)}, below{" "}
                {formatMoney(floor.floor, floor.currency)}. It will wait for an approval from admin or finance.
              </p>
            ) : null}
            <div className="flex items-end pb-1.5" aria-live="polite">
              {effectiveChain ? (
                <p className="text-sm text-slate-600" data-testid="disbursement-chain">
                  Sends on <Badge tone="accent">{railLabel(effectiveChain)}</Badge>
                </p>
              ) : address.trim() ? (
                <p className="text-sm text-slate-500" data-testid="disbursement-chain-problem">
                  {/^0x[0-9a-fA-F]{40}$/.test(address.trim())
                    ? `An EVM address, but it ${wallet?.walletAddressProblem("ETHEREUM", address.trim()) ?? "could not be checked yet"}.`
                    : "No supported chain uses this address format."}
                </p>
              ) : null}
            </div>
          </div>
        </Card>

        <CreateFormAside
          form={create}
          label="Create disbursement"
          pendingText="Creating the disbursement…"
          onStartOver={() => {
            reset(DISBURSEMENT_DEFAULTS);
            create.reset();
          }}
          cancelHref="/disbursements"
          keyName="Idempotency-Key"
          once="the payout happens once"
        >
          <FormApiCallPreview
            control={form.control}
            toCall={(v) => apiCalls.createDisbursement(toDisbursementBody(v), create.idempotencyKey)}
          />
        </CreateFormAside>
      </form>

      <ConfirmProductionDialog
        {...create.confirm}
        title="Pay out in production?"
        description="This sends real stablecoins from your production balance."
        summary="disbursement"
        confirmLabel="Pay out in production"
        context={[
          ...(balance
            ? [{ label: "Available now", value: formatMoney(balance.available_balance, balance.currency) }]
            : []),
          ...(floor
            ? [
                {
                  label: "Runway floor",
                  value: `${formatMoney(floor.floor, floor.currency)} (${formatMoney(floor.room, floor.currency)} above it)${overFloor ? ": this one waits for an approval" : ""}`,
                },
              ]
            : []),
        ]}
      />
    </FormProvider>
  );
}
