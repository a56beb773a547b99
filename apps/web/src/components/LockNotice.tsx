// Why a record cannot be edited or deleted now (a signature holds it, or its run is going), shown where its
// edit controls are instead of letting the user try and meet the server's refusal (docs/signatures.md
// "Locks"). The words are the server's: the same catalogue text a refused write answers. A method or
// template in use is not refused but versioned: its notice says which version a save makes and which one
// the signed or running sequence keeps.
import type { RecordLock } from '@eluent/contracts';
import { Icon } from './Icon.tsx';

export const lockTitles: Record<RecordLock['code'], string> = {
  record_signed_locked: 'Signed — locked',
  sequence_running_locked: 'Running — locked',
  sequence_running_template_locked: 'In use by a running sequence — locked',
  sequence_running_method_locked: 'In use by a running sequence — locked',
};

const versionTitles: Record<RecordLock['code'], string> = {
  record_signed_locked: 'Signed — versioned',
  sequence_running_locked: 'Running — versioned',
  sequence_running_template_locked: 'In use by a running sequence — versioned',
  sequence_running_method_locked: 'In use by a running sequence — versioned',
};

/** "Saving makes version 3; the signed sequence keeps version 2." */
export function versionText(lock: RecordLock, version: number): string {
  const holder = lock.code === 'record_signed_locked' ? 'signed' : 'running';
  return `Saving makes version ${version + 1}; the ${holder} sequence keeps version ${version}.`;
}

export function LockNotice({ lock, hint, version }: { lock: RecordLock; hint?: string; version?: number }) {
  if (version !== undefined)
    return (
      <p className="lock-notice" role="note" aria-label={versionTitles[lock.code]} data-lock={lock.code}>
        <Icon name="lock" /> <strong>{versionTitles[lock.code]}.</strong> {versionText(lock, version)}
        {hint ? ` ${hint}` : ''}
      </p>
    );
  return (
    <p className="lock-notice" role="note" aria-label={lockTitles[lock.code]} data-lock={lock.code}>
      <Icon name="lock" /> <strong>{lockTitles[lock.code]}.</strong> {lock.detail}
      {hint ? ` ${hint}` : ''}
    </p>
  );
}
