import type { Locale } from '@common/i18n';
import { translate, type MessageKey } from '@server/messages/catalogue';

/**
 * A motor policy's vehicle words, kept as codes in the policy's details (`vehicleType`, `usage`,
 * `driverScope` 'any' | 'named' with `drivers`, the named drivers' own names) and said in the
 * reader's language; a value that is not a code (written before codes were kept) is said as written.
 */
export interface MotorWords {
  vehicleType: string;
  usage: string;
  /** The usage with the vehicle type and seats, as one line. */
  usageLine: string;
  driverScope: string;
}

export function motorWords(details: Record<string, unknown>, locale: Locale): MotorWords {
  const said = (group: string, value: unknown) => {
    const code = typeof value === 'string' ? value : '';
    const key = `policy.motor.${group}.${code}` as MessageKey;
    const text = translate(locale, key);
    return text === key ? code : text;
  };
  const vehicleType = said('vehicleType', details.vehicleType);
  const usage = said('usage', details.usage);
  const drivers = Array.isArray(details.drivers) ? details.drivers.filter((d) => typeof d === 'string') : [];
  const scope = details.driverScope;
  const driverScope =
    scope === 'any'
      ? translate(locale, 'policy.motor.drivers.any')
      : scope === 'named'
        ? translate(locale, 'policy.motor.drivers.named', { names: drivers.join(locale === 'zh-CN' ? '、' : ', ') })
        : typeof scope === 'string'
          ? scope
          : '';
  const usageLine = translate(locale, 'policy.motor.usageOf', {
    usage,
    vehicleType,
    seats: Number(details.seats ?? 0),
  });
  return { vehicleType, usage, usageLine, driverScope };
}
