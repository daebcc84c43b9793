import Cookies from 'js-cookie';
import { SSO_COOKIE } from '@contract/cookies';

/** Where the portal keeps the SSO value it last saw (session storage), to notice a change of login. */
export const SSO_KEPT_KEY = 'mc-sso-seen';

/** The SSO cookie's value ('' when there is none): its presence is the analytics login flag. */
export const ssoCookie = () => Cookies.get(SSO_COOKIE) ?? '';
