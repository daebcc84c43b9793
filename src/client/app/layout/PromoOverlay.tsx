import { CloseOutlined } from '@ant-design/icons';
import { useDispatch, useSelector } from 'react-redux';
import promoEnglish from '@public/promo/myclub-en.svg';
import promoChinese from '@public/promo/myclub-zh.svg';
import { useMessages, type Locale } from '@client/shared/i18n';
import { promoShown } from '@client/state/ui';
import { shellMessages } from '../messages';
import type { AppDispatch, RootState } from '../store';

/** The promotional image has text on it: one drawing per language. */
const PROMO_IMAGES: Record<Locale, string> = { 'en-US': promoEnglish, 'zh-CN': promoChinese };

/** The club's promotional image over the page; only its close icon closes it (docs/SPEC.md §2). */
export function PromoOverlay() {
  const open = useSelector((s: RootState) => s.ui.promoOpen);
  const dispatch = useDispatch<AppDispatch>();
  const m = useMessages(shellMessages);
  const locale = useSelector((s: RootState) => s.ui.locale);
  if (!open) return null;
  return (
    <div className="mc-promo" role="dialog" aria-modal="true" aria-label={m.promoTitle} data-testid="promo-overlay">
      <div className="mc-promo-body">
        <img src={PROMO_IMAGES[locale]} alt={m.promoAlt} className="mc-promo-image" />
        <button
          type="button"
          className="mc-promo-close"
          aria-label={m.close}
          onClick={() => dispatch(promoShown(false))}
        >
          <CloseOutlined />
        </button>
      </div>
    </div>
  );
}
