import type { IdType } from '@contract/person';
import { useLocale } from './i18n';
import { idTypeName } from './idNumber';

/** A person's document as lists show it: the number (as given: masked or not), its type's name under it. */
export function IdDocument({ type, number }: { type: IdType; number: string }) {
  const locale = useLocale();
  return (
    <>
      <div className="mc-nowrap">{number}</div>
      <div className="mc-secondary mc-nowrap" data-testid="id-type-name">
        {idTypeName(type, locale)}
      </div>
    </>
  );
}
