import { FileAnswer, PDF, XLSX } from '../http/answers';
import type { Services } from '../http/context';
import { integer } from '../http/input';
import type { SessionUser } from '../services/identity';
import type { CorrectionVariant } from '../../contract/io/correction';
import { loadPolicy, occupations, policyRates } from '../services/corrections/access';
import type { Locale } from '../../common/i18n';
import { policyId, rosterFilter } from './correctionInput';
import { endorsementPdf, rosterPages } from '../services/corrections/roster';
import { rosterStream, templateWorkbook, type SheetKind } from '../services/corrections/sheets';

/** The files of the correction calls, shared by the employee and insured routes. */

const NAMES: Record<SheetKind, string> = {
  add: 'import-template',
  subtract: 'subtract-template',
  exchange: 'exchange-template',
};

export async function templateFile(
  services: Services,
  user: SessionUser,
  locale: Locale,
  kind: SheetKind,
  input: Record<string, string>,
  variants?: readonly CorrectionVariant[],
) {
  let occupationRequired = input.newFlag === '1';
  let covered: Set<number> | undefined;
  if (input.policyId) {
    const policy = await loadPolicy(services.db, user.customer_id, policyId(input), variants);
    occupationRequired = policy.roster === 'employeeNew';
    covered = new Set((await policyRates(services.db, policy.id)).keys());
  }
  const catalogue = await occupations(services.corrections, services.db);
  return new FileAnswer(
    `${NAMES[kind]}.xlsx`,
    XLSX,
    await templateWorkbook(kind, { locale, occupationRequired, occupations: [...catalogue.values()], covered }),
  );
}

export async function errorFile(
  services: Services,
  user: SessionUser,
  locale: Locale,
  input: Record<string, string>,
  variants?: readonly CorrectionVariant[],
) {
  const { name, data } = await services.corrections.errorWorkbook(
    user,
    integer(input, 'importId', 'The import', { min: 1 }),
    variants,
    locale,
  );
  return new FileAnswer(name, XLSX, data);
}

export async function rosterFile(services: Services, user: SessionUser, locale: Locale, input: Record<string, string>) {
  const policy = await loadPolicy(services.db, user.customer_id, policyId(input));
  const filter = rosterFilter(input);
  return new FileAnswer(
    `roster-${policy.policy_no}.xlsx`,
    XLSX,
    rosterStream(rosterPages(services.db, policy.id, filter), locale),
  );
}

export async function endorsementFile(services: Services, user: SessionUser, input: Record<string, string>) {
  const { name, data } = await endorsementPdf(
    services.db,
    user.customer_id,
    integer(input, 'correctionId', 'The correction', { min: 1 }),
  );
  return new FileAnswer(name, PDF, data);
}
