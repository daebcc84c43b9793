/** The cookie the portal writes when the user picks a language: the gateway's pages and answers follow it. */
export const LOCALE_COOKIE = 'mc_locale';
