import { Alert } from 'antd';
import type { CorrectionSummary } from '@contract/io/correction';
import { formatDateTime } from '@client/shared/format';
import { format, useMessages } from '@client/shared/i18n';
import { correctionMessages } from '../messages';

/** A correction a second person returned to its preparer: who, when and why, until it is sent again. */
export function ReturnedNote({ correction }: { correction: Pick<CorrectionSummary, 'returned'> }) {
  const m = useMessages(correctionMessages);
  const r = correction.returned;
  if (!r) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="returned-note"
      style={{ marginBottom: 16 }}
      title={format(m.returnedBy, { by: r.by, at: formatDateTime(r.at), reason: r.reason })}
    />
  );
}
