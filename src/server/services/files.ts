/** A file uploaded with a call, read into memory (the multipart limits bound its size). */
export interface UploadedFile {
  field: string;
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** What a picture really is, by its first bytes (never by its name or declared type): JPEG, PNG or WebP. */
export function imageType(data: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  return null;
}

/** A PDF by its first bytes ('%PDF-'). */
export const isPdf = (data: Buffer) => data.length >= 5 && data.toString('latin1', 0, 5) === '%PDF-';

/**
 * Characters a file name must not carry: control characters, and the bidirectional controls that
 * make a name read otherwise than it is (a right-to-left override shows "invoice\u202egnp.exe" as
 * "invoiceexe.png"), with the invisible zero-width space and byte-order mark.
 */
const HIDDEN = /[\p{Cc}\u061c\u200b\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]/gu;

/** A file name as kept and shown: its last path segment, without hidden characters, at most `max` long. */
export function cleanFileName(name: string, max = 120): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(HIDDEN, '').trim().slice(0, max);
  return base || 'file';
}
