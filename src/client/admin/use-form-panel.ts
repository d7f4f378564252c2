import { useEffect, useRef, useState } from 'react';

/**
 * A form that opens in place of its button (Seat a walk-in, Block seats): whether it is open, what its last use
 * said (shown beside the button), and the button's ref, which takes the focus back when the form closes.
 */
export function useFormPanel() {
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState<string | null>(null);
  const openButton = useRef<HTMLButtonElement>(null);
  const closedByForm = useRef(false);
  useEffect(() => {
    if (!open && closedByForm.current) openButton.current?.focus();
  }, [open]);
  return {
    open,
    said,
    openButton,
    show: () => {
      setSaid(null);
      setOpen(true);
    },
    /** Closes the form, saying what it did (or nothing: cancelled). */
    close: (text: string | null) => {
      closedByForm.current = true;
      setSaid(text);
      setOpen(false);
    },
    /** Says what was done without the form (a block let go). */
    say: setSaid,
  };
}
