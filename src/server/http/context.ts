import type { GroupRenewals } from '../services/policy/groupRenewals';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CallName } from '@contract/calls';
import type { Req } from '@contract/io';
import type { Locale } from '@common/i18n';
import type { Translate } from '../messages/catalogue';
import type { Kysely } from 'kysely';
import type { GatewayConfig } from '../config';
import type { DialectName } from '../db/database';
import type { DB } from '../db/schema';
import type { Identity, SessionUser } from '../services/identity';
import type { MemberAccounts } from '../services/memberAccounts';
import type { Menus } from '../services/menus';
import type { Captcha } from '../services/captcha';
import type { Crypto } from '../services/crypto';
import type { PhoneCodeVerifier } from '../services/personal/phoneCodes';
import type { OrderPayments } from '../services/personal/orderPayments';
import type { Corrections } from '../services/corrections/corrections';
import type { SmsCodes } from '../services/sms';
import type { Accounts } from '../services/account';
import type { CommonData } from '../services/common';
import type { Invoices } from '../services/invoice';
import type { Opinions } from '../services/opinion';
import type { Clock } from '../services/clock';
import type { Verifications } from '../services/verification';
import type { UploadedFile } from '../services/files';
import type { Site } from '../services/site';
import type { Products } from '../services/products';
import type { ClubPoints } from '../services/personal/club/points';
import type { ClubBookings } from '../services/personal/club/bookings';
import type { ClubFavourites } from '../services/personal/club/favourites';
import type { ClubActivities } from '../services/personal/club/activities';
import type { Assets } from '../services/personal/assets';
import type { Orders } from '../services/personal/orders';
import type { Renewals } from '../services/personal/renewals';
import type { PolicyBinding } from '../services/personal/binding';
import type { Profiles } from '../services/personal/profile';
import type { Policies } from '../services/policy/policies';
import type { ClaimQueries } from '../services/policy/claims/queries';
import type { ClaimReporting } from '../services/policy/claims/reporting';
import type { ClaimProgress } from '../services/policy/claimProgress';
import type { Records } from '../services/policy/records';
import type { AuditTrail } from '../services/audit';
import type { InsurerRun } from '../services/insurerRun';
import type { Invitations } from '../services/invitations';
import type { CompanyUsers } from '../services/companyUsers';
import type { PolicyDocuments } from '../services/policy/documents';
import type { Certificates } from '../services/certificates/certificates';
import type { PolicyPayments } from '../services/policy/policyPayments';
import type { PaymentDesk } from '../services/payments/subjectPayments';

export type { UploadedFile };

/** Everything a call handler may use; built once per gateway in app.ts. */
export interface Services {
  config: GatewayConfig;
  /** The one clock: services ask it for the time, never `new Date()`. */
  clock: Clock;
  db: Kysely<DB>;
  dialect: DialectName;
  identity: Identity;
  /** On PostgreSQL: the connection that hears of sessions ended or changed anywhere (db/signals.ts). */
  sessionSignals?: { readonly listening: boolean; readonly heard: number };
  /** Registration and password reset on the identity provider's pages. */
  memberAccounts: MemberAccounts;
  /** The server menu of each audience (read at most once a minute). */
  menus: Menus;
  /** Account state, unread replies, provinces and cities, analytics. */
  common: CommonData;
  captcha: Captcha;
  crypto: Crypto;
  /** Checks SMS codes (the SMS service's SmsCodes); without it the bound phone cannot be changed. */
  phoneCodes?: PhoneCodeVerifier;
  /** The roster corrections' modules (drafts, imports, decisions, records, payments, roster, files). */
  corrections: Corrections;
  /** Payments of the personal centre's orders (paid through the same cashier). */
  orderPayments: OrderPayments;
  sms: SmsCodes;
  accounts: Accounts;
  verifications: Verifications;
  invoices: Invoices;
  opinions: Opinions;
  /** The insurer's products in both languages (names of policies, orders, claims and records). */
  products: Products;
  /** The insurer's own main-portal pages under /site/ (their texts, branches, FAQ, questionnaire). */
  site: Site;
  // ---- the policy area
  policies: Policies;
  /** The customer's claims: the list, a claim in full, its files. */
  claimQueries: ClaimQueries;
  /** Reporting a claim with its pictures and documents, and documents sent to an open claim. */
  claimReporting: ClaimReporting;
  /** The insurer's staff moving claims on (scripts/claim-progress.ts). */
  claimProgress: ClaimProgress;
  insurerRun: InsurerRun;
  invitations: Invitations;
  records: Records;
  /** The companies' audit trails (操作日志). */
  audit: AuditTrail;
  /** A company's users and their roles. */
  companyUsers: CompanyUsers;
  policyDocuments: PolicyDocuments;
  /** Certificates of insurance for the people of group policies, and their verification. */
  certificates: Certificates;
  /** Payments of policies awaiting their premium (paid through the same cashier). */
  policyPayments: PolicyPayments;
  /** A company's group policies renewed for their next policy year. */
  groupRenewals: GroupRenewals;
  /** The cashier in front of every payable subject's attempts (one table, one notify path). */
  payments: PaymentDesk;
  // ---- the personal centre
  orders: Orders;
  /** Members renewing their personal policies online (paid as orders). */
  renewals: Renewals;
  /** The club (senior members): points and gifts, service packages and bookings, favourites, activities. */
  clubPoints: ClubPoints;
  clubBookings: ClubBookings;
  clubFavourites: ClubFavourites;
  clubActivities: ClubActivities;
  assets: Assets;
  policyBinding: PolicyBinding;
  profiles: Profiles;
}

export interface CallContext<U = SessionUser, N extends CallName = CallName> {
  /** The request's values, decoded and checked by the call's schema (src/contract/requests.ts). */
  values: Req<N>;
  files: UploadedFile[];
  user: U;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The language of the request (http/locale.ts) and its texts from the message catalogue. */
  locale: Locale;
  t: Translate;
}
