import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import promoEnglish from '@public/promo/myclub-en.svg';
import promoChinese from '@public/promo/myclub-zh.svg';
import { useMessages, type Locale } from '@client/shared/i18n';
import { paths } from '@client/shared/paths';
import { promoShown } from '@client/state/ui';
import { shellMessages } from '../../messages';
import type { AppDispatch, RootState } from '../../store';

/** The promotional image has text on it: one drawing per language. */
const PROMO_IMAGES: Record<Locale, string> = { 'en-US': promoEnglish, 'zh-CN': promoChinese };

/**
 * The club's invitation over the page: its picture, a real Join button leading to the personal
 * information that makes a member senior, and its close icon (only these close it).
 */
export default function PromoOverlay() {
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const m = useMessages(shellMessages);
  const locale = useSelector((s: RootState) => s.ui.locale);
  return (
    <div className="mc-promo" role="dialog" aria-modal="true" aria-label={m.promoTitle} data-testid="promo-overlay">
      <div className="mc-promo-body">
        <img src={PROMO_IMAGES[locale]} alt={m.promoAlt} className="mc-promo-image" />
        <Button
          type="primary"
          shape="round"
          size="large"
          className="mc-promo-join"
          onClick={() => {
            dispatch(promoShown(false));
            void navigate(paths.personalInfo.href());
          }}
        >
          {m.promoJoin}
        </Button>
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
