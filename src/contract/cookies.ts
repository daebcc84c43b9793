/** Cookies the gateway sets and the portal reads: named once for both ends. */

/** The session's secret: HttpOnly, never readable by the portal. */
export const SESSION_COOKIE = 'MC_SESSION';
/** The single-sign-on marker: the session's public id, readable by the portal (analytics login flag). */
export const SSO_COOKIE = 'mc_sso';
/** Marks a corporate user for the portal (docs/SPEC.md §3). */
export const LEGAL_COOKIE = 'islegal';
