/**
 * The service journeys' world: the common journey world (../support/harness.ts) with what a person
 * would read elsewhere at hand: the SMS outbox, the insurer's reply command, the captcha's text.
 */
import type { Page } from 'playwright-core';
import { Captcha } from '@server/services/captcha';
import { startJourney, type Journey, type Locale } from '../support/harness';

export interface ServiceJourney extends Omit<Journey, 'login'> {
  /** The text every captcha picture of this gateway shows. */
  captchaText: string;
  /** Logs in on the corporate tab (in a language chosen on the login page's switch) and waits for the home page. */
  login(page: Page, username: string, lang?: Locale): Promise<void>;
  smsCode(phone: string): Promise<string>;
}

export async function startServiceJourney(): Promise<ServiceJourney> {
  const journey = await startJourney();
  const captchaText = 'Hx4p';
  journey.app.services.captcha = new Captcha(journey.app.services.db, () => captchaText);
  return {
    ...journey,
    captchaText,
    async login(page, username, lang) {
      await journey.login(page, username, { corporate: true, lang });
      await page.waitForURL(/\/legal\/index/);
    },
    async smsCode(phone) {
      const row = await journey.app.services.db
        .selectFrom('sms_outbox')
        .select('text')
        .where('phone', '=', phone)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      return row.text.match(/\b(\d{6})\b/)![1];
    },
  };
}
