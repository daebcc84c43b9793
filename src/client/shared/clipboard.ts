import { notify } from './notify';

/** Copies text to the clipboard and says how it went (docs/SPEC.md §8): 'Copied.' (2 s) or 'Could not copy.'. */
export async function copyToClipboard(
  text: string,
  words: { copySucceeded: string; copyFailed: string },
): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
    await navigator.clipboard.writeText(text);
    notify.success(words.copySucceeded);
    return true;
  } catch {
    notify.error(words.copyFailed);
    return false;
  }
}
