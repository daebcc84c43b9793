/**
 * The shapes the corrections' modules pass each other: rows as the database gives them, an
 * occupation of the reference list, a refused row of an upload. Types only, so that the modules
 * that use them import no module that imports them back.
 */
import type { Selectable } from 'kysely';
import type { InsuredPersonTable, PolicyTable, PremiumPaymentTable } from '@server/db/tables/core';
import type { CorrectionItemTable, CorrectionTable } from '@server/db/tables/corrections';

export type PolicyRow = Selectable<PolicyTable>;
export type PersonRow = Selectable<InsuredPersonTable>;
export type CorrectionRow = Selectable<CorrectionTable> & {
  policy_no: string;
  product_code: string;
  /** The name the policy was written with (Chinese), and the product's names in both languages. */
  product_name: string;
  product_name_en: string | null;
  product_name_zh: string | null;
  /** The preparer's name, where the query looked it up (the records list). */
  prepared_by_name?: string | null;
};
export type ItemRow = Selectable<CorrectionItemTable>;
export type PaymentRow = Selectable<PremiumPaymentTable>;

/** An occupation of the reference list, with its risk category (1-6). */
export interface OccupationEntry {
  code: string;
  name: string;
  name_zh: string;
  risk_category: number;
}

/** A row of an upload that was refused: what the uploader wrote and why. */
export interface ErrorRow {
  row: number;
  values: Record<string, string>;
  reasons: string[];
}
