// Review and electronic signatures (docs/signatures.md) of a sequence (on its page) or of one measurement
// (an imported file or one injection, in the chromatogram viewer): the state, the signatures with their
// validity for the current results, and a Sign… dialog asking for the meaning and the password.
import { reviewSchema } from '@eluent/contracts';
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reviewStateLabels,
  signatureMeaningLabels,
  signatureStatusLabels,
  type Signature,
  type SignatureMeaning,
} from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { Modal } from '../../components/Modal.tsx';
import { LoadFailure } from '../../components/QueryState.tsx';
import { formatDateTimeWithZone } from '../../lib/time.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { subscribeChannel } from '../../api/realtime.ts';
import { call } from '../sequences/sequencesApi.ts';
import '../sequences/sequences.css';

/** What is signed: a sequence's results, or the current result of one measurement. */
export interface ReviewSubject {
  kind: 'sequences' | 'measurements';
  id: number;
}

/** The review's query key; the realtime channels of both subjects refresh it (useReviewLive). */
export const reviewKey = (subject: ReviewSubject) => ['review', subject.kind, subject.id];

const wording = {
  sequences: {
    title: 'Sign the sequence results',
    covers:
      'Your signature covers the current result version of every injection and the calibration. A later change makes a new version, which supersedes it; the signed version is kept as signed.',
  },
  measurements: {
    title: 'Sign the measurement result',
    covers:
      'Your signature covers the current result version of this measurement. A later change makes a new version, which supersedes it; the signed version is kept as signed.',
  },
} as const;

function SignatureRow({ signature }: { signature: Signature }) {
  const versions = signature.results.map((r) => `v${r.version}`).join(', ');
  const modifier =
    signature.status === 'valid'
      ? ''
      : signature.status === 'superseded'
        ? 'signature--superseded'
        : 'signature--invalid';
  return (
    <li className={`signature ${modifier}`} data-valid={signature.valid} data-status={signature.status}>
      <strong>{signatureMeaningLabels[signature.meaning]}</strong> by {signature.signer.name} ·{' '}
      {formatDateTimeWithZone(signature.signed_at)}
      <span className="sequence-section__hint">
        {' '}
        · {signature.results.length} result{signature.results.length === 1 ? '' : 's'} ({versions})
      </span>
      {signature.reason && <div>Reason: {signature.reason}</div>}
      <div className="signature__validity">
        {signature.status === 'valid' ? (
          'Valid for the current results'
        ) : signature.status === 'superseded' ? (
          // "Superseded by version N: version M is kept as signed; …" in the server's words.
          signature.invalid_reason
        ) : (
          <>
            <strong>{signatureStatusLabels[signature.status]}</strong> · {signature.invalid_reason}
          </>
        )}
      </div>
    </li>
  );
}

function SignDialog({
  subject,
  meanings,
  open,
  onClose,
}: {
  subject: ReviewSubject;
  meanings: readonly SignatureMeaning[];
  open: boolean;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [meaning, setMeaning] = useState<SignatureMeaning | ''>('');
  const [password, setPassword] = useState('');
  const [reason, setReason] = useState('');
  const chosen = meaning || meanings[0] || '';
  const sign = useMutation({
    mutationFn: () =>
      call(reviewSchema, 'POST', `/api/${subject.kind}/${subject.id}/signatures/`, {
        meaning: chosen,
        password,
        reason: reason.trim() || null,
      }),
    onSuccess: (review) => {
      queryClient.setQueryData(reviewKey(subject), review);
      notifySuccess(`Signed: ${reviewStateLabels[review.state]}`);
      setPassword('');
      setReason('');
      setMeaning('');
      onClose();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (chosen) sign.mutate();
  };
  return (
    <Modal
      open={open}
      title={wording[subject.kind].title}
      onClose={onClose}
      footer={
        // While the signature is checked and stored the button says so and takes no second press.
        <button
          type="submit"
          form="sign-form"
          className="button"
          disabled={sign.isPending || !chosen}
          aria-busy={sign.isPending}
        >
          {sign.isPending ? (
            <>
              <span className="busy-spinner" aria-hidden="true" /> Signing…
            </>
          ) : (
            <>
              <Icon name="draw" /> Sign
            </>
          )}
        </button>
      }
    >
      <form id="sign-form" className="sign-form" onSubmit={submit}>
        <p className="sequence-section__hint">{wording[subject.kind].covers}</p>
        <div className="field">
          <label htmlFor="sign-meaning">Meaning</label>
          <select
            id="sign-meaning"
            value={chosen}
            onChange={(event) => setMeaning(event.target.value as SignatureMeaning)}
          >
            {meanings.map((option) => (
              <option key={option} value={option}>
                {signatureMeaningLabels[option]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sign-reason">{chosen === 'rejected' ? 'Reason (required)' : 'Comment'}</label>
          <input id="sign-reason" value={reason} onChange={(event) => setReason(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="sign-password">Password</label>
          <input
            id="sign-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </div>
        {sign.isError && (
          <p role="alert" className="field__error">
            {sign.error.message}
          </p>
        )}
      </form>
    </Modal>
  );
}

/** `resultsKey` names the current result versions: when one changes, the review is read again. */
export function ReviewPanel({ subject, resultsKey }: { subject: ReviewSubject; resultsKey: string }) {
  const [signing, setSigning] = useState(false);
  const review = useQuery({
    queryKey: reviewKey(subject),
    queryFn: () => call(reviewSchema, 'GET', `/api/${subject.kind}/${subject.id}/review/`),
  });
  const { refetch } = review;
  useEffect(() => {
    void refetch();
  }, [resultsKey, refetch]);
  // Someone else signs, or changes a signed result: the subject's channel says so and the review is read
  // again (with this viewer's own rights: what it may sign now).
  const { kind, id } = subject;
  useEffect(
    () =>
      subscribeChannel(`${kind}:${id}`, (event) => {
        if (event.type === 'review') void refetch();
      }),
    [kind, id, refetch],
  );
  const data = review.data;
  return (
    <section className="card sequence-section" aria-label="Review">
      <div className="sequence-section__head">
        <h2>Review</h2>
        {data && (
          <span className="review-state" data-state={data.state}>
            {reviewStateLabels[data.state]}
          </span>
        )}
        {data && data.can_sign.length > 0 && (
          <button type="button" className="button button--secondary" onClick={() => setSigning(true)}>
            <Icon name="draw" /> Sign…
          </button>
        )}
      </div>
      {review.isError && <LoadFailure error={review.error} onRetry={() => void review.refetch()} />}
      {data && data.signatures.length === 0 && <p className="sequence-section__hint">No signatures yet.</p>}
      {data && data.signatures.length > 0 && (
        <ul className="signatures" aria-label="Signatures">
          {data.signatures.map((signature) => (
            <SignatureRow key={signature.id} signature={signature} />
          ))}
        </ul>
      )}
      {data && (
        <SignDialog
          subject={subject}
          meanings={data.can_sign}
          open={signing}
          onClose={() => setSigning(false)}
        />
      )}
    </section>
  );
}
