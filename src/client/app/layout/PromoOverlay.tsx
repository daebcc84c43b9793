import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useDispatch, useSelector } from 'react-redux';
import { useNavigate } from 'react-router-dom';
import promoEnglish from '@public/promo/myclub-en.svg';
import promoChinese from '@public/promo/myclub-zh.svg';
import { useMessages, type Locale } from '@client/shared/i18n';
import { paths } from '@client/shared/paths';
import { promoShown } from '@client/state/ui';
import { shellMessages } from '../messages';
import type { AppDispatch, RootState } from '../store';

/** The promotional image has text on it: one drawing per language. */
const PROMO_IMAGES: Record<Locale, string> = { 'en-US': promoEnglish, 'zh-CN': promoChinese };

const INVITED_KEY = 'mc-club-invited';

/**
 * Whether the club's invitation is due: once per browser session, for a member who is not in the
 * club yet (a senior member is; docs/SPEC.md §2 opens the overlay from the club's title). Marks it
 * shown.
 */
export function clubInvitationDue(senior: boolean): boolean {
  if (senior) return false;
  try {
    if (sessionStorage.getItem(INVITED_KEY)) return false;
    sessionStorage.setItem(INVITED_KEY, '1');
  } catch {
    // storage refused (private mode): the invitation shows each time rather than never
  }
  return true;
}

/**
 * The club's invitation over the page: its picture, a real Join button leading to the personal
 * information that makes a member senior, and its close icon (only these close it).
 */
export function PromoOverlay() {
  const open = useSelector((s: RootState) => s.ui.promoOpen);
  const dispatch = useDispatch<AppDispatch>();
  const navigate = useNavigate();
  const m = useMessages(shellMessages);
  const locale = useSelector((s: RootState) => s.ui.locale);
  if (!open) return null;
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
