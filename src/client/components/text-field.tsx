import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  error?: string | undefined;
  hint?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A labelled input whose error is tied to it for screen readers (aria-invalid, aria-describedby). The error
 * takes the hint's place while there is one: "At least 8 characters." under "Password must be at least 8
 * characters" said the same thing twice.
 */
export function TextField({ label, error, hint, ref, className = '', ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={id}
        ref={ref}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`mt-1 block w-full rounded-md border px-3 py-2 text-base text-stone-900 shadow-sm read-only:bg-stone-100 ${
          error ? 'border-red-600' : 'border-stone-300'
        }`}
        {...input}
      />
      {hint && !error && (
        <p id={hintId} className="mt-1 text-xs text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
