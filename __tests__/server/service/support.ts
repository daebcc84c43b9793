/** Support for the service-area tests: known captcha answers, own policies and payments, uploads, the SMS outbox. */
import { randomBytes } from 'node:crypto';
import { Captcha } from '@server/services/captcha';
import { callPath } from '@contract/calls';
import type { Envelope } from '@contract/envelope';
import { PaymentState } from '@contract/states';
import type { UploadedPicture } from '@contract/io/opinion';
import { startGateway, type TestGateway } from '../support/gateway';

export interface ServiceGateway extends TestGateway {
  /** The text the next captcha picture will show. */
  nextCaptcha: { text: string };
  customerId(key: 'hengsheng' | 'lanting' | string): Promise<number>;
  userId(username: string): Promise<number>;
  policy(customerId: number, values?: { state?: number; kind?: string }): Promise<{ id: number; policyNo: string }>;
  payment(
    customerId: number,
    policyId: number,
    values?: { amountFen?: number; state?: number; description?: string },
  ): Promise<number>;
  upload(
    cookie: string,
    file: { name: string; type: string; data: Buffer } | null,
    extra?: Record<string, string>,
  ): Promise<Envelope<UploadedPicture>>;
  /** The 6-digit code of the latest SMS to a phone, read from the outbox. */
  smsCode(phone: string): Promise<string>;
  outboxCount(phone: string): Promise<number>;
  /** Moves the latest code of a user back in time (cooldown and expiry tests). */
  ageSmsCode(userId: number, seconds: number): Promise<void>;
  captchaPicture(cookie?: string): Promise<string>;
}

const uid = () => randomBytes(5).toString('hex');

export async function startServiceGateway(): Promise<ServiceGateway> {
  const gw = await startGateway();
  const db = gw.app.services.db;
  const nextCaptcha = { text: 'AbCd' };
  // The seam: a captcha whose text this test knows (the real one draws a random text).
  gw.app.services.captcha = new Captcha(db, () => nextCaptcha.text);

  const customerByName: Record<string, string> = {
    hengsheng: '上海恒晟精密制造有限公司',
    lanting: '苏州兰亭文化传播有限公司',
  };

  return Object.assign(gw, {
    nextCaptcha,
    async customerId(key: string) {
      const row = await db
        .selectFrom('customer')
        .select('id')
        .where('name', '=', customerByName[key] ?? key)
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async userId(username: string) {
      return (await db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow())
        .id;
    },
    async policy(customerId: number, values: { state?: number; kind?: string } = {}) {
      const policyNo = `TP${uid()}`;
      const now = new Date().toISOString();
      const row = await db
        .insertInto('policy')
        .values({
          policy_no: policyNo,
          customer_id: customerId,
          kind: (values.kind ?? 'group_accident') as never,
          product_code: 'GA01',
          product_name: '团体意外伤害保险',
          state: values.state ?? 1,
          holder_name: 'test holder',
          insured_name: null,
          issue_date: '2026-01-01',
          start_date: '2026-01-02',
          end_date: '2027-01-01',
          premium_fen: 1_000_000,
          sum_insured_fen: 100_000_000,
          payment_state: PaymentState.paid,
          auto_renew: 2,
          roster: null,
          min_members: 0,
          min_age: 0,
          max_age: 120,
          details: '{}',
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, policyNo };
    },
    async payment(
      customerId: number,
      policyId: number,
      values: { amountFen?: number; state?: PaymentState; description?: string } = {},
    ) {
      const row = await db
        .insertInto('premium_payment')
        .values({
          payment_no: `PAY${uid()}`,
          customer_id: customerId,
          policy_id: policyId,
          correction_id: null,
          description: values.description ?? '团体意外险保费',
          amount_fen: values.amountFen ?? 106_000,
          state: values.state ?? 2,
          pay_type: 'transfer',
          paid_at: values.state === 1 ? null : new Date().toISOString(),
          invoice_id: null,
          created_at: new Date().toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    async upload(
      cookie: string,
      file: { name: string; type: string; data: Buffer } | null,
      extra: Record<string, string> = { channelType: '1' },
    ) {
      const boundary = `----mc${uid()}`;
      const parts: Buffer[] = [];
      for (const [k, v] of Object.entries(extra)) {
        parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
      }
      if (file) {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
          ),
        );
        parts.push(file.data, Buffer.from('\r\n'));
      }
      parts.push(Buffer.from(`--${boundary}--\r\n`));
      const res = await gw.app.inject({
        method: 'POST',
        url: callPath('blocLegal/opinions/uploadPicture', gw.config.portal.gatewayPrefix),
        headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat(parts),
      });
      return res.json();
    },
    async smsCode(phone: string) {
      const row = await db
        .selectFrom('sms_outbox')
        .select('text')
        .where('phone', '=', phone)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const match = row.text.match(/\b(\d{6})\b/);
      if (!match) throw new Error(`no code in ${row.text}`);
      return match[1];
    },
    async outboxCount(phone: string) {
      const row = await db
        .selectFrom('sms_outbox')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    async ageSmsCode(userId: number, seconds: number) {
      const rows = await db
        .selectFrom('sms_code')
        .select(['id', 'created_at', 'expires_at'])
        .where('user_id', '=', userId)
        .execute();
      for (const r of rows) {
        await db
          .updateTable('sms_code')
          .set({
            created_at: new Date(Date.parse(r.created_at) - seconds * 1000).toISOString(),
            expires_at: new Date(Date.parse(r.expires_at) - seconds * 1000).toISOString(),
          })
          .where('id', '=', r.id)
          .execute();
      }
    },
    async captchaPicture() {
      const randName = `rn${uid()}${uid()}`;
      const res = await gw.app.inject({
        method: 'GET',
        url: `${callPath('blocOther/checkCode/createCode', gw.config.portal.gatewayPrefix)}?channelType=1&randName=${randName}&random=0.5`,
      });
      if (res.rawPayload.subarray(1, 4).toString('latin1') !== 'PNG') throw new Error('no captcha picture');
      return randName;
    },
  });
}

/** Smallest real pictures of each kind (valid headers; the gateway checks the magic bytes). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
export const WEBP = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([0x1a, 0, 0, 0]),
  Buffer.from('WEBPVP8L'),
  Buffer.alloc(14, 0),
]);
