// Why a record cannot be edited or deleted now (a signature holds it, or its run is going), shown where its
// edit controls are instead of letting the user try and meet the server's refusal (docs/signatures.md
// "Locks"). The words are the server's: the same catalogue text a refused write answers.
import type { RecordLock } from '@eluent/contracts';
import { Icon } from './Icon.tsx';

export const lockTitles: Record<RecordLock['code'], string> = {
  record_signed_locked: 'Signed — locked',
  sequence_running_locked: 'Running — locked',
  sequence_running_template_locked: 'In use by a running sequence — locked',
  sequence_running_method_locked: 'In use by a running sequence — locked',
};

export function LockNotice({ lock, hint }: { lock: RecordLock; hint?: string }) {
  return (
    <p className="lock-notice" role="note" aria-label={lockTitles[lock.code]} data-lock={lock.code}>
      <Icon name="lock" /> <strong>{lockTitles[lock.code]}.</strong> {lock.detail}
      {hint ? ` ${hint}` : ''}
    </p>
  );
}
