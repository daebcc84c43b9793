/**
 * The captcha (svg-captcha's default: four characters, each drawn as a vector path of the font) was
 * read by a small script 10 times out of 10, and it alone authorised cancelling the corporate
 * account. The picture is now a raster image with bent, rotated, overlapping characters crossed by
 * strokes of their own colours, five characters long; and once a picture answer was wrong, only the
 * SMS check authorises a cancellation for a while.
 */
import { inflateSync } from 'node:zlib';
import { Status } from '@contract/envelope';
import { CAPTCHA_ALPHABET, CAPTCHA_LENGTH, drawCaptcha, randomCaptchaText } from '@server/services/captchaPicture';
import { startServiceGateway, type ServiceGateway } from '../service/support';

/** The RGB pixels of a PNG the captcha drew (8-bit RGB, filter 0 rows). */
function pixels(png: Buffer): { width: number; height: number; rgb: Buffer } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const chunks: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    if (png.toString('latin1', at + 4, at + 8) === 'IDAT') chunks.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(chunks));
  const rgb = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) raw.copy(rgb, y * width * 3, y * (width * 3 + 1) + 1, (y + 1) * (width * 3 + 1));
  return { width, height, rgb };
}

describe('the picture', () => {
  it('is a raster image with no outlines to match, five characters from an alphabet of 32', () => {
    expect(CAPTCHA_LENGTH).toBeGreaterThanOrEqual(5);
    expect(new Set(CAPTCHA_ALPHABET).size).toBeGreaterThanOrEqual(32);
    for (let i = 0; i < 20; i++) {
      const text = randomCaptchaText();
      expect(text).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{${CAPTCHA_LENGTH}}$`));
    }
    const png = drawCaptcha('AB3CD');
    expect(png.toString('latin1')).not.toMatch(/<svg|<path/);
    const { width, height } = pixels(png);
    expect([width, height]).toEqual([160, 56]);
  });

  it('draws the same text differently every time: no pixel template fits it', () => {
    const a = pixels(drawCaptcha('HX4PQ')).rgb;
    const b = pixels(drawCaptcha('HX4PQ')).rgb;
    let different = 0;
    for (let i = 0; i < a.length; i += 3) {
      if (Math.abs(a[i] - b[i]) + Math.abs(a[i + 1] - b[i + 1]) + Math.abs(a[i + 2] - b[i + 2]) > 60) different++;
    }
    expect(different / (a.length / 3)).toBeGreaterThan(0.1);
  });

  it('puts the text’s colours in the strokes across it as well (colour alone does not separate them)', () => {
    // Each picture's colours are drawn at random: the share is the mean over twenty pictures, not one.
    const shares = Array.from({ length: 20 }, () => {
      const { rgb } = pixels(drawCaptcha('MN7RW'));
      let dark = 0;
      for (let i = 0; i < rgb.length; i += 3) if (rgb[i] + rgb[i + 1] + rgb[i + 2] < 300) dark++;
      return dark / (rgb.length / 3);
    });
    // The characters and the strokes cover a good part of the picture, not a few thin glyph paths.
    expect(shares.reduce((a, b) => a + b, 0) / shares.length).toBeGreaterThan(0.08);
  });
});

describe('cancelling the account after a wrong picture answer', () => {
  let gw: ServiceGateway;
  beforeAll(async () => {
    gw = await startServiceGateway();
  });
  afterAll(() => gw.close());

  it('needs the SMS check: the right answer to a new picture no longer authorises it', async () => {
    const closing = await gw.login('corp-closing');
    gw.nextCaptcha.text = 'QW3RT';
    const first = await gw.captchaPicture();
    const wrong = await gw.call(
      'blocLegal/account/checkPicture',
      { randName: first, code: 'AAAAA' },
      { cookie: closing },
    );
    expect(wrong).toMatchObject({ status: Status.business, data: { step: 'sms' } });
    expect(wrong.statusText).toMatch(/confirm with the SMS code/);

    const second = await gw.captchaPicture();
    const right = await gw.call(
      'blocLegal/account/checkPicture',
      { randName: second, code: 'QW3RT' },
      { cookie: closing },
    );
    expect(right).toMatchObject({ status: Status.business, data: { step: 'sms' } });
    expect((await gw.call('blocLegal/account/cancleAccount', {}, { cookie: closing })).status).toBe(Status.business);

    const sent = await gw.call<{ phoneMasked: string }>(
      'blocLegal/account/sendSMSCodeForChangeAccount',
      { purpose: 'cancel' },
      { cookie: closing },
    );
    expect(sent.status).toBe(Status.ok);
    const phone = (
      await gw.app.services.db
        .selectFrom('app_user')
        .select('phone')
        .where('username', '=', 'corp-closing')
        .executeTakeFirstOrThrow()
    ).phone as string;
    const code = await gw.smsCode(phone);
    expect((await gw.call('blocLegal/account/checkCode', { code }, { cookie: closing })).status).toBe(Status.ok);
    expect((await gw.call('blocLegal/account/cancleAccount', {}, { cookie: closing })).status).toBe(Status.ok);
  });
});
