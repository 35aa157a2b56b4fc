/**
 * The production confirmation shows exactly what the API call will do (issue 35, the blocker):
 * for each settlement type and several currency pairs, the dialog's payer amount, recipient
 * amount and fee, each in its own currency, equal the instructions of the request the service
 * then creates. Screenshots of the dialog at 1440 and 390 px.
 */
import type { Page } from "@playwright/test";
import { formatMoney } from "../lib/money/format";
import { expect, test } from "./fixtures/auth";
import { whenHydrated } from "./support/hydration";
import { VALID, apiKeys, destinationSection, fillIndividual, fresh, openBuilder } from "./support/settlement";
import { choose, typeInto } from "./support/forms";
import { lookAt } from "./support/screens";

type Case = {
  name: string;
  type: string;
  enter: (page: Page) => Promise<void>;
  /** What the dialog must name, beyond the figures compared with the created request. */
  says: RegExp[];
};

const destination = destinationSection;

const CASES: Case[] = [
  {
    name: "Fiat → fiat: USD paid in, EUR to an IBAN (the payer sends USD, not EUR)",
    type: "FIAT_TO_FIAT",
    enter: async (page) => {
      await typeInto(page.getByLabel(/^Amount/), "1000");
      await choose(destination(page).getByLabel("Currency"), "EUR");
      await typeInto(page.getByLabel("IBAN"), fresh.ibanDE());
      await fillIndividual(page);
    },
    says: [/Payer sends\s*\$1,000\.00 by ACH/, /SEPA transfer/],
  },
  {
    name: "Stablecoin → fiat: USDC on Solana, NGN 300 to a NUBAN (the recipient gets naira, not dollars)",
    type: "STABLECOIN_TO_FIAT",
    enter: async (page) => {
      await typeInto(page.getByLabel(/Amount the recipient gets/), "300");
      await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
      await choose(destination(page).getByLabel("Currency"), "NGN");
      const nuban = fresh.nuban();
      await typeInto(page.getByLabel("Bank code"), nuban.bank_code);
      await typeInto(page.getByLabel("Account number"), nuban.account_number);
      await fillIndividual(page);
    },
    says: [/Recipient gets\s*NGN\s*300\.00|Recipient gets\s*₦300\.00/, /USDC on Solana/],
  },
  {
    name: "Stablecoin → fiat: USDC on Solana to USD over ACH",
    type: "STABLECOIN_TO_FIAT",
    enter: async (page) => {
      await typeInto(page.getByLabel(/Amount the recipient gets/), "120.50");
      await typeInto(page.getByLabel("Sending wallet address"), VALID.solana);
      await choose(destination(page).getByLabel("Currency"), "USD");
      await choose(destination(page).getByLabel("Rail"), "ACH");
      await typeInto(page.getByLabel("Bank name"), "Chase");
      await typeInto(page.getByLabel("Routing number"), VALID.routing);
      await typeInto(page.getByLabel("Account number"), fresh.accountNumber());
      await fillIndividual(page);
    },
    says: [/\$120\.50 by ACH/],
  },
  {
    name: "Fiat → stablecoin: USD paid in, USDC to a wallet on Ethereum",
    type: "FIAT_TO_STABLECOIN",
    enter: async (page) => {
      await typeInto(page.getByLabel(/^Amount/), "500");
      await choose(destination(page).getByLabel("Currency"), "USDC");
      await choose(destination(page).getByLabel("Chain"), "ETHEREUM");
      await typeInto(page.getByLabel("Wallet address"), fresh.evm());
    },
    says: [/Payer sends\s*\$500\.00/, /USDC on Ethereum/],
  },
  {
    name: "Stablecoin → stablecoin: USDC on Ethereum to USDC on Ethereum",
    type: "STABLECOIN_TO_STABLECOIN",
    enter: async (page) => {
      await typeInto(page.getByLabel(/^Amount/), "75");
      await choose(destination(page).getByLabel("Currency"), "USDC");
      await choose(destination(page).getByLabel("Chain"), "ETHEREUM");
      await typeInto(page.getByLabel("Wallet address"), fresh.evm());
    },
    says: [/75\.00 USDC on Ethereum/],
  },
  {
    name: "Fiat → fiat: USD paid in, MXN to a CLABE",
    type: "FIAT_TO_FIAT",
    enter: async (page) => {
      await typeInto(page.getByLabel(/^Amount/), "250");
      await choose(destination(page).getByLabel("Currency"), "MXN");
      await typeInto(page.getByLabel("CLABE"), fresh.clabe());
      await fillIndividual(page);
    },
    says: [/Payer sends\s*\$250\.00/, /SPEI/],
  },
];

test.describe("the production confirmation equals the request the service creates", () => {
  for (const [i, c] of CASES.entries()) {
    test(c.name, async ({ page, baseURL, request }) => {
      await page
        .context()
        .addCookies([{ name: "console_env", value: "production", url: baseURL ?? "http://localhost:3100" }]);
      if (i === 0) await page.setViewportSize({ width: 390, height: 844 });
      await openBuilder(page, c.type);
      await c.enter(page);
      await page.getByRole("button", { name: "Create settlement request" }).click();
      const dialog = page.getByRole("dialog", { name: "Create in production?" });
      const summary = dialog.getByTestId("confirm-summary");
      await expect(summary).toHaveAttribute("aria-busy", "false");
      await expect(summary).toContainText("Production: real money");
      for (const pattern of c.says) await expect(summary).toContainText(pattern);
      const payer = (await dialog.getByTestId("confirm-payer-sends").textContent()) ?? "";
      const recipient = (await dialog.getByTestId("confirm-recipient-gets").textContent()) ?? "";
      const fee = (await dialog.getByTestId("confirm-fee").textContent()) ?? "";
      if (i < 2) await lookAt(page, `test-results/screens/confirm-production-${i === 0 ? "390" : "1440"}.png`);

      await dialog.getByRole("button", { name: "Create in production" }).click();
      await expect(page).toHaveURL(/\/settlement-requests\/[0-9a-f-]{36}/, { timeout: 15_000 });
      const id = /\/settlement-requests\/([0-9a-f-]{36})/.exec(page.url())?.[1] ?? "";
      const productionKey = apiKeys()[1];
      const created = (await (
        await request.get(`/v0/settlement-requests/${id}`, { headers: { "X-Api-Key": productionKey } })
      ).json()) as {
        payment_instructions: {
          amount: string;
          currency: string;
          destination_amount: string;
          destination_currency: string;
          fee: { total: number };
        };
      };
      const pi = created.payment_instructions;
      expect(payer).toContain(formatMoney(pi.amount, pi.currency));
      expect(recipient).toContain(formatMoney(pi.destination_amount, pi.destination_currency));
      expect(fee).toContain(formatMoney(String(pi.fee.total), pi.currency));
    });
  }
});

test("a production disbursement names its chain and the available balance, and a payout over it is refused in the form", async ({
  page,
  baseURL,
}) => {
  await page
    .context()
    .addCookies([{ name: "console_env", value: "production", url: baseURL ?? "http://localhost:3100" }]);
  await page.goto("/disbursements/new");
  const amount = page.getByLabel(/^Amount/);
  await whenHydrated(amount);
  await typeInto(page.getByLabel("Wallet address"), fresh.evm());
  await choose(page.getByLabel("Currency"), "USDC");
  const available =
    /Available: ([^·]+)·/.exec((await page.getByText(/^Available:/).textContent()) ?? "")?.[1]?.trim() ?? "";
  expect(available).toMatch(/USDC/);
  expect(available).not.toBe("0.00 USDC"); // funded by the operator command before the server started (playwright.config.ts)
  await typeInto(amount, "999999999");
  await page.getByRole("button", { name: "Create disbursement" }).click();
  await expect(page.getByText(`More than the available ${available}`)).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await typeInto(amount, "1");
  await page.getByRole("button", { name: "Create disbursement" }).click();
  const dialog = page.getByRole("dialog", { name: "Pay out in production?" });
  const summary = dialog.getByTestId("confirm-summary");
  await expect(summary).toContainText("Production: real money");
  await expect(dialog.getByTestId("confirm-chain")).toHaveText("Ethereum");
  await expect(dialog.getByTestId("confirm-available-now")).toHaveText(available);
  await lookAt(page, "test-results/screens/confirm-production-disbursement.png");
  await dialog.getByRole("button", { name: "Go back" }).click();
});
