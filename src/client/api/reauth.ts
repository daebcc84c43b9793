import { asksReauthentication } from '@contract/envelope';
import type { CallName } from '@contract/calls';
import type { GatewayError } from './errors';

/**
 * Asks the user to prove it is them again (the password dialog the app mounts): resolves true once
 * the session did (login/reauthenticate answered), false when the user gave up.
 */
export type ReauthPrompt = () => Promise<boolean>;

let prompt: ReauthPrompt | null = null;
let asking: Promise<boolean> | null = null;

/** The app hands over its dialog when it mounts (null when it goes). */
export function registerReauthPrompt(next: ReauthPrompt | null): void {
  prompt = next;
}

/**
 * Whether a failed call was refused until the user proves it is them again (binding a phone, a new
 * e-mail, changing the administrator, cancelling): the gateway changed nothing and says so in its data.
 */
export function refusedForReauthentication(call: CallName, error: GatewayError | undefined): boolean {
  return call !== 'blocLegal/login/reauthenticate' && error?.kind === 'status' && asksReauthentication(error.data);
}

/** Opens the dialog (one at a time: calls refused together wait on the same answer). */
export function askReauthentication(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  asking ??= prompt().finally(() => {
    asking = null;
  });
  return asking;
}
