import { copyToClipboard } from './clipboard';
import { useMessages } from './i18n';
import { sharedMessages } from './sharedMessages';

/** A copy-to-clipboard function that speaks the current language. */
export function useCopy() {
  const m = useMessages(sharedMessages);
  return (text: string) => copyToClipboard(text, m);
}
