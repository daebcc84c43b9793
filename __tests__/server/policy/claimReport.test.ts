/**
 * Claims end to end on the gateway: the policies a claim can be reported on, pictures and documents
 * checked by content and size, a report with its files that is in the list at once, the documents an
 * open claim waits for, another customer's claim refused, and the insurer's staff moving the claim on.
 */
import { Status, type Envelope } from '@contract/envelope';
import type { ClaimablePolicy, ClaimDetail, ClaimPage, ReportedClaim, UploadedClaimFile } from '@contract/io/policy';
import { LOCALE_COOKIE } from '@contract/locale';
import { ClaimState } from '@contract/states';
import { startGateway, type TestGateway } from '../support/gateway';
import { upload } from '../correction/support';
import { DEMO, ok, today } from './support';

/** A 1x1 PNG and the first bytes of a JPEG: pictures by their content. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let gw: TestGateway;
let senior: string;
let basic: string;
let hr: string;
beforeAll(async () => {
  gw = await startGateway();
  senior = await gw.login('member-senior');
  basic = await gw.login('member-basic');
  hr = await gw.login('corp-hr');
});
afterAll(() => gw.close());

let keys = 0;
const key = () => `t${process.pid}k${(keys += 1)}`;

const send = (cookie: string, purpose: 'picture' | 'document', name: string, data: Buffer, type = 'image/png') =>
  upload<UploadedClaimFile>(gw, 'blocLegal/claim/uploadClaimFile', cookie, { purpose }, { name, data, type });
const uploaded = async (cookie: string, purpose: 'picture' | 'document', name: string, data: Buffer) => {
  const res = await send(cookie, purpose, name, data);
  if (res.status !== Status.ok) throw new Error(res.statusText);
  return res.data.fileId;
};
const report = (cookie: string, values: Record<string, string | number>) =>
  gw.call<ReportedClaim>('blocLegal/claim/reportClaim', values, { cookie });

/** A non-car claim on member-senior's health policy, as the report form sends it. */
const healthClaim = (files: Array<{ fileId: number; documentCode?: string }>, requestKey = key()) => ({
  kind: 'nonCar',
  policyNo: DEMO.liWenjing.health,
  accidentDate: today(),
  place: '上海市第六人民医院',
  cause: 'Hospital stay',
  description: '急性胃肠炎住院两天。',
  claimedFen: 356000,
  contactName: '李文静',
  contactPhone: '13901728856',
  files: JSON.stringify(files),
  requestKey,
});

describe('claim/claimablePolicies', () => {
  it('offers the member’s motor policies for a car claim and the others for a non-car one, with what they need', async () => {
    const car = ok(
      await gw.call<ClaimablePolicy[]>('blocLegal/claim/claimablePolicies', { kind: 'car' }, { cookie: senior }),
    );
    expect(car.map((p) => p.policyNo)).toEqual([DEMO.liWenjing.motor]);
    expect(car[0].documents.map((d) => d.code)).toContain('accidentReport');
    expect(car[0].causes).toContain('Hit from behind');
    const other = ok(
      await gw.call<ClaimablePolicy[]>('blocLegal/claim/claimablePolicies', { kind: 'nonCar' }, { cookie: senior }),
    );
    expect(other.map((p) => p.policyNo)).toEqual(expect.arrayContaining([DEMO.liWenjing.health, DEMO.liWenjing.life]));
    expect(other.every((p) => p.kind !== 'motor' && !p.roster)).toBe(true);
    expect(other.find((p) => p.policyNo === DEMO.liWenjing.health)?.insuredName).toBe('李文静');
  });

  it('offers a company its roster policies, whose claims name one of their people', async () => {
    const group = ok(
      await gw.call<ClaimablePolicy[]>('blocLegal/claim/claimablePolicies', { kind: 'nonCar' }, { cookie: hr }),
    );
    const employer = group.find((p) => p.policyNo === DEMO.hengsheng.employer);
    expect(employer).toMatchObject({ roster: true, insuredName: null });
    expect(employer?.documents.map((d) => d.code)).toContain('injuryRuling');
    const cn = ok(
      await gw.call<ClaimablePolicy[]>(
        'blocLegal/claim/claimablePolicies',
        { kind: 'nonCar' },
        { cookie: `${hr}; ${LOCALE_COOKIE}=zh-CN` },
      ),
    );
    expect(cn.find((p) => p.policyNo === DEMO.hengsheng.employer)?.documents[0].name).toBe('工伤认定决定书');
  });
});

describe('claim/uploadClaimFile', () => {
  it('takes pictures and documents by their content and size, and refuses the rest', async () => {
    expect((await send(senior, 'picture', 'scene.png', PNG)).data).toMatchObject({
      contentType: 'image/png',
      size: PNG.length,
    });
    expect((await send(senior, 'picture', 'scene.jpg', JPEG)).data).toMatchObject({ contentType: 'image/jpeg' });
    expect((await send(senior, 'document', 'bill.pdf', PDF, 'application/pdf')).data).toMatchObject({
      contentType: 'application/pdf',
    });
    const refusals: Array<[Envelope<unknown>, string]> = [
      [
        await send(senior, 'picture', 'bill.pdf', PDF, 'application/pdf'),
        'Only JPEG, PNG or WebP pictures can be uploaded.',
      ],
      [
        await send(senior, 'picture', 'evil.png', Buffer.from('<script>alert(1)</script>')),
        'Only JPEG, PNG or WebP pictures can be uploaded.',
      ],
      [await send(senior, 'document', 'empty.pdf', Buffer.alloc(0)), 'The file is empty.'],
      [
        await send(senior, 'picture', 'huge.png', Buffer.concat([PNG, Buffer.alloc(8 * 1024 * 1024)])),
        'A file may be at most 8 MB.',
      ],
    ];
    for (const [res, text] of refusals) expect(res).toMatchObject({ status: Status.business, statusText: text });
    const cn = await upload(
      gw,
      'blocLegal/claim/uploadClaimFile',
      `${senior}; ${LOCALE_COOKIE}=zh-CN`,
      { purpose: 'picture' },
      {
        name: 'x.png',
        data: Buffer.from('not a picture'),
        type: 'image/png',
      },
    );
    expect(cn.statusText).toBe('只能上传 JPEG、PNG 或 WebP 格式的图片。');
  });
  it('keeps a file’s name without right-to-left overrides, other bidi marks or control characters', async () => {
    const names: Array<[string, string]> = [
      ['invoice\u202egnp.exe', 'invoicegnp.exe'],
      ['\u2066bill\u2069\u200f.pdf', 'bill.pdf'],
      ['a\u0000b\u001fc\u007f\u0085.pdf', 'abc.pdf'],
      ['收据\u061c\u200e\u202a.pdf', '收据.pdf'],
      ['\u202e\u202d', 'file'],
    ];
    for (const [name, kept] of names) {
      const res = await send(senior, 'document', name, PDF, 'application/pdf');
      expect(res).toMatchObject({ status: Status.ok, data: { fileName: kept } });
      const row = await gw.app.services.db
        .selectFrom('claim_file')
        .select('file_name')
        .where('id', '=', res.data.fileId)
        .executeTakeFirstOrThrow();
      expect(row.file_name).toBe(kept);
    }
  });
});

describe('claim/reportClaim', () => {
  it('reports a non-car claim with two pictures and a document: a number at once, in the list at once', async () => {
    const pictures = [
      await uploaded(senior, 'picture', 'ward.png', PNG),
      await uploaded(senior, 'picture', 'bill.jpg', JPEG),
    ];
    const invoice = await uploaded(senior, 'document', 'invoice.pdf', PDF);
    const files = [...pictures.map((fileId) => ({ fileId })), { fileId: invoice, documentCode: 'medicalInvoice' }];
    const requestKey = key();
    const reported = ok(await report(senior, healthClaim(files, requestKey)));
    expect(reported.claimNo).toMatch(/^CLM\d{4}MD\d{7}$/);
    expect(reported.outstanding.map((d) => d.code)).toEqual([
      'medicalRecord',
      'dischargeSummary',
      'medicalInsuranceStatement',
      'bankAccount',
    ]);
    // The same report sent again is the same claim.
    expect(ok(await report(senior, healthClaim(files, requestKey))).claimNo).toBe(reported.claimNo);

    const list = ok(await gw.call<ClaimPage>('blocLegal/claim/queryClaimList', {}, { cookie: senior }));
    expect(list.list[0]).toMatchObject({ claimNo: reported.claimNo, state: ClaimState.reported, claimedFen: 356000 });
    const detail = ok(
      await gw.call<ClaimDetail>('blocLegal/claim/queryClaimDetail', { claimNo: reported.claimNo }, { cookie: senior }),
    );
    expect(detail).toMatchObject({
      claimKind: 'nonCar',
      place: '上海市第六人民医院',
      reporter: { name: '李文静', phone: '13901728856' },
      open: true,
      contact: { line: 'health', hotline: '400-886-5518', adjusterName: null },
    });
    expect(detail.files.map((f) => [f.purpose, f.contentType])).toEqual([
      ['picture', 'image/png'],
      ['picture', 'image/jpeg'],
      ['document', 'application/pdf'],
    ]);
    expect(detail.documents.find((d) => d.code === 'medicalInvoice')).toMatchObject({ state: 1, fileId: invoice });
    expect(detail.timeline.map((e) => e.title)).toEqual(['Claim reported']);
    const picture = await gw.raw(
      'blocLegal/claim/claimFile',
      { claimNo: reported.claimNo, fileId: pictures[0] },
      { cookie: senior },
    );
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(PNG)).toBe(true);
  });

  it('refuses what cannot be a claim of this policy, and changes nothing', async () => {
    const count = async () =>
      Number(
        (
          await gw.app.services.db
            .selectFrom('claim')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cases: Array<[Record<string, string | number>, string]> = [
      [{ ...healthClaim([]), kind: 'car' }, 'A car claim is reported on a motor policy.'],
      [{ ...healthClaim([]), accidentDate: tomorrow }, 'The date of the accident cannot be in the future.'],
      [
        { ...healthClaim([]), accidentDate: '2020-01-01' },
        'The accident must have happened while the policy was in force',
      ],
      [{ ...healthClaim([]), policyNo: DEMO.hengsheng.employer }, 'There is no such policy in your account.'],
      [{ ...healthClaim([]), contactPhone: '12345' }, 'The phone number must be an 11-digit mainland mobile number.'],
      [{ ...healthClaim([{ fileId: 999999 }]) }, 'There is no such file: upload it again.'],
    ];
    for (const [values, text] of cases) {
      const res = await report(senior, values);
      expect(res.status).toBe(Status.business);
      expect(res.statusText).toContain(text);
    }
    // Another member's uploaded file cannot be attached to this member's claim.
    const theirs = await uploaded(basic, 'picture', 'theirs.png', PNG);
    expect((await report(senior, healthClaim([{ fileId: theirs }]))).statusText).toBe(
      'There is no such file: upload it again.',
    );
    // A document must say which of the claim's documents it is, and be one of them.
    const pdf = await uploaded(senior, 'document', 'x.pdf', PDF);
    expect((await report(senior, healthClaim([{ fileId: pdf }]))).statusText).toBe(
      "Say which of the claim's documents each file is.",
    );
    expect((await report(senior, healthClaim([{ fileId: pdf, documentCode: 'injuryRuling' }]))).statusText).toBe(
      'Work injury ruling is not a document this claim is waiting for.',
    );
    expect(await count()).toBe(before);
  });

  it('needs the insured person of a roster policy, insured on the day of the accident', async () => {
    const people = await gw.app.services.db
      .selectFrom('insured_person')
      .innerJoin('policy', 'policy.id', 'insured_person.policy_id')
      .select(['insured_person.id', 'insured_person.name', 'insured_person.effective_date'])
      .where('policy.policy_no', '=', DEMO.hengsheng.employer)
      .where('insured_person.end_date', 'is', null)
      .orderBy('insured_person.id')
      .limit(1)
      .execute();
    const values = {
      ...healthClaim([]),
      policyNo: DEMO.hengsheng.employer,
      contactName: '王芳',
      contactPhone: '13816620418',
      cause: 'Injured at work',
    };
    expect((await report(hr, values)).statusText).toBe('Choose the insured person the claim is for.');
    const reported = ok(await report(hr, { ...values, insuredPersonId: people[0].id }));
    expect(reported.claimNo).toMatch(/^CLM\d{4}EL\d{7}$/);
    const detail = ok(
      await gw.call<ClaimDetail>('blocLegal/claim/queryClaimDetail', { claimNo: reported.claimNo }, { cookie: hr }),
    );
    expect(detail.insured?.name).toBe(people[0].name);
    expect(detail.claimantName).toBe(people[0].name);
  });
});

describe('claim/submitClaimDocuments and the insurer’s staff', () => {
  it('takes the outstanding documents of an open claim; the staff review, approve and pay; the customer reads each step', async () => {
    const reported = ok(await report(senior, healthClaim([])));
    const { claimNo } = reported;
    const progress = gw.app.services.claimProgress;
    await progress.apply(claimNo, { step: 'review' });
    await expect(progress.apply(claimNo, { step: 'approve', amountFen: 300000 })).rejects.toThrow(
      '5 documents are still outstanding; approve once they have arrived.',
    );
    const files = [];
    for (const code of reported.outstanding.map((d) => d.code))
      files.push({ fileId: await uploaded(senior, 'document', `${code}.pdf`, PDF), documentCode: code });
    const after = ok(
      await gw.call<ClaimDetail>(
        'blocLegal/claim/submitClaimDocuments',
        { claimNo, files: JSON.stringify(files) },
        { cookie: senior },
      ),
    );
    expect(after.documents.every((d) => d.state === 1)).toBe(true);
    expect(after.timeline.at(-1)?.text).toBe('5 documents were received through the member center.');

    await progress.apply(claimNo, { step: 'assign', name: 'Zhou Min', phone: '13900001111' });
    await progress.apply(claimNo, { step: 'approve', amountFen: 300000 });
    expect(await progress.apply(claimNo, { step: 'pay' })).toBe(ClaimState.paid);
    const cn = ok(
      await gw.call<ClaimDetail>(
        'blocLegal/claim/queryClaimDetail',
        { claimNo },
        { cookie: `${senior}; ${LOCALE_COOKIE}=zh-CN` },
      ),
    );
    expect(cn.timeline.map((e) => e.title)).toEqual([
      '已报案',
      '审核中',
      '已收到材料',
      '已指派理赔人员',
      '已核定',
      '已赔付',
    ]);
    expect(cn.timeline.at(-1)?.text).toBe('¥3,000.00 已支付至登记的收款账户。');
    expect(cn).toMatchObject({ state: ClaimState.paid, paidFen: 300000, open: false });
    expect(cn.contact).toMatchObject({ adjusterName: 'Zhou Min', adjusterPhone: '13900001111' });

    // A paid claim takes no more documents.
    const late = await uploaded(senior, 'document', 'late.pdf', PDF);
    const refused = await gw.call(
      'blocLegal/claim/submitClaimDocuments',
      { claimNo, files: JSON.stringify([{ fileId: late, documentCode: 'bankAccount' }]) },
      { cookie: senior },
    );
    expect(refused.statusText).toBe('This claim no longer takes documents; call the hotline if something is missing.');
    await expect(progress.apply(claimNo, { step: 'pay' })).rejects.toThrow(
      'The claim is paid: "pay" cannot be done now.',
    );
  });

  it('asks for one more document, which the customer then sends', async () => {
    const { claimNo } = ok(await report(senior, healthClaim([])));
    await gw.app.services.claimProgress.apply(claimNo, { step: 'requestDocument', document: 'hospitalBill' });
    const detail = ok(await gw.call<ClaimDetail>('blocLegal/claim/queryClaimDetail', { claimNo }, { cookie: senior }));
    expect(detail.documents.at(-1)).toMatchObject({ code: 'hospitalBill', name: 'Itemised hospital bill', state: 2 });
    expect(detail.timeline.at(-1)?.text).toBe(
      'The adjuster asks for one more document: Itemised hospital bill. Upload it in the claim details.',
    );
  });
});

describe('another customer’s claim', () => {
  it('is refused as if it did not exist: details, documents and files', async () => {
    const pictureId = await uploaded(senior, 'picture', 'mine.png', PNG);
    const { claimNo } = ok(await report(senior, healthClaim([{ fileId: pictureId }])));
    const none = 'There is no such claim in your account.';
    for (const cookie of [basic, hr]) {
      expect((await gw.call('blocLegal/claim/queryClaimDetail', { claimNo }, { cookie })).statusText).toBe(none);
      const theirFile = await uploaded(cookie, 'document', 'x.pdf', PDF);
      const docs = await gw.call(
        'blocLegal/claim/submitClaimDocuments',
        { claimNo, files: JSON.stringify([{ fileId: theirFile, documentCode: 'bankAccount' }]) },
        { cookie },
      );
      expect(docs.statusText).toBe(none);
      const file = await gw.call('blocLegal/claim/claimFile', { claimNo, fileId: pictureId }, { cookie });
      expect(file.statusText).toBe('There is no such file: upload it again.');
    }
    const list = ok(await gw.call<ClaimPage>('blocLegal/claim/queryClaimList', { pageSize: 100 }, { cookie: basic }));
    expect(list.list.some((c) => c.claimNo === claimNo)).toBe(false);
  });
});
