import appQr from '@public/qr/app.png';
import wechatQr from '@public/qr/wechat.png';
import weiboQr from '@public/qr/weibo.png';
import { INSURER } from '@common/insurer';
import { portalConfig } from '@client/config';
import { format, useLocale, useMessages } from '@client/shared/i18n';
import { shellMessages } from '../messages';

/** The service hotlines (docs/SPEC.md §1): the insurer's national one and one line per business. */
const HOTLINES = [
  { key: 'hotlineNational', number: INSURER.hotline },
  { key: 'hotlineProperty', number: '400-889-5518' },
  { key: 'hotlineLife', number: '400-888-5518' },
  { key: 'hotlineHealth', number: '400-886-5518' },
  { key: 'hotlineAsset', number: '400-885-5518' },
] as const;

const QR_CODES = [
  { key: 'qrApp', src: appQr },
  { key: 'qrWechat', src: wechatQr },
  { key: 'qrWeibo', src: weiboQr },
] as const;

/** Group brands, help links, hotlines and QR codes for the app and two social accounts. */
export function Footer() {
  const m = useMessages(shellMessages);
  const { links } = portalConfig();
  const locale = useLocale();
  return (
    <footer className="mc-footer" data-testid="footer">
      <section>
        <h4>{m.footerBrands}</h4>
        <ul>
          {(['brandProperty', 'brandLife', 'brandHealth', 'brandAsset'] as const).map((k) => (
            <li key={k}>{m[k]}</li>
          ))}
        </ul>
      </section>
      <section>
        <h4>{m.footerHelp}</h4>
        <ul>
          <li>
            <a href={links.helpCenter}>{m.helpCenter}</a>
          </li>
          <li>
            <a href={links.legalHelpCenter} target="_blank" rel="noopener noreferrer">
              {m.helpLegal}
            </a>
          </li>
          <li>
            <a href={links.privacy}>{m.helpPrivacy}</a>
          </li>
          <li>
            <a href={links.contact}>{m.helpContact}</a>
          </li>
        </ul>
      </section>
      <section data-testid="hotlines">
        <h4>{m.footerHotlines}</h4>
        <ul>
          {HOTLINES.map((h) => (
            <li key={h.key}>
              {m[h.key]} <a href={`tel:${h.number}`}>{h.number}</a>
            </li>
          ))}
        </ul>
      </section>
      <section>
        <h4>{m.footerFollow}</h4>
        <div className="mc-qr-row">
          {QR_CODES.map((q) => (
            <figure key={q.key}>
              <img src={q.src} alt={m[q.key]} width={96} height={96} />
              <figcaption>{m[q.key]}</figcaption>
            </figure>
          ))}
        </div>
      </section>
      <p className="mc-copyright">{format(m.copyright, { name: INSURER.name[locale] })}</p>
    </footer>
  );
}
