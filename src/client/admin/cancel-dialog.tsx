import { useEffect, useRef } from 'react';
import * as myReservationsMessages from '../../shared/messages/my-reservations';
import { primaryButton, secondaryButton } from '../components/buttons';

/** The spec's cancel confirmation: title Cancel Reservation, its question, No and Yes. */
export function CancelDialog({ busy, onYes, onNo }: { busy: boolean; onYes: () => void; onNo: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      aria-labelledby="cancel-title"
      onCancel={onNo}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-lg p-6 shadow-xl backdrop:bg-black/40"
    >
      <h2 id="cancel-title" className="text-lg font-semibold text-stone-900">
        Cancel Reservation
      </h2>
      <p className="mt-2 text-stone-700">{myReservationsMessages.confirmCancel}</p>
      <div className="mt-6 flex justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onNo} autoFocus>
          No
        </button>
        <button type="button" className={primaryButton} onClick={onYes} disabled={busy}>
          Yes
        </button>
      </div>
    </dialog>
  );
}
