import type { Locale } from '@common/i18n';
import { translate, type MessageKey } from '@server/messages/catalogue';

/** A property policy's insured item: a code said in the reader's language, or a name kept as written. */
export interface PropertyItem {
  /** The item's code, when it has one (its name said again in another language by it). */
  item?: string;
  name: string;
  sumInsuredFen: number;
}

export function propertyItems(details: Record<string, unknown>, locale: Locale): PropertyItem[] {
  if (!Array.isArray(details.propertyItems)) return [];
  return (details.propertyItems as Array<Record<string, unknown>>).map((i) => {
    const key = `policy.property.item.${String(i.item ?? '')}` as MessageKey;
    const said = typeof i.item === 'string' ? translate(locale, key) : key;
    return {
      ...(typeof i.item === 'string' ? { item: i.item } : {}),
      name: said !== key ? said : typeof i.name === 'string' ? i.name : String(i.item ?? ''),
      sumInsuredFen: Number(i.sumInsuredFen ?? 0),
    };
  });
}
