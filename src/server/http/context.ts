import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '../../common/i18n';
import type { Translate } from '../messages/catalogue';
import type { Kysely } from 'kysely';
import type { GatewayConfig } from '../config';
import type { DialectName } from '../db/database';
import type { DB } from '../db/schema';
import type { Identity, SessionUser } from '../services/identity';
import type { Captcha } from '../services/captcha';
import type { Crypto } from '../services/crypto';
import type { PhoneCodeVerifier } from '../services/personal/phoneCodes';
import type { OrderPayments } from '../services/personal/orderPayments';
import type { Corrections } from '../services/corrections/service';
import type { CorrectionPayments } from '../services/corrections/payments';
import type { SmsCodes } from '../services/sms';
import type { Verifications } from '../services/verification';
import type { UploadedFile } from '../services/files';

export type { UploadedFile };

/** Everything a call handler may use; built once per gateway in app.ts. */
export interface Services {
  config: GatewayConfig;
  db: Kysely<DB>;
  dialect: DialectName;
  identity: Identity;
  captcha: Captcha;
  crypto: Crypto;
  /** Checks SMS codes (the SMS service's SmsCodes); without it the bound phone cannot be changed. */
  phoneCodes?: PhoneCodeVerifier;
  corrections: Corrections;
  correctionPayments: CorrectionPayments;
  /** Payments of the personal centre's orders (paid through the same cashier). */
  orderPayments: OrderPayments;
  sms: SmsCodes;
  verifications: Verifications;
}

export interface CallContext<U = SessionUser> {
  /** Form fields (or query values for GET calls), as strings; nested values are JSON strings. */
  input: Record<string, string>;
  files: UploadedFile[];
  user: U;
  services: Services;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The language of the request (http/locale.ts) and its texts from the message catalogue. */
  locale: Locale;
  t: Translate;
}
