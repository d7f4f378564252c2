import { useId, type InputHTMLAttributes, type Ref } from 'react';

interface CheckboxFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  ref?: Ref<HTMLInputElement>;
}

/** A checkbox with its label beside it, tied by id, as TextField and SelectField tie theirs. */
export function CheckboxField({ label, ref, className = '', ...input }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className={`flex items-center gap-2 ${className}`}>
      <input id={id} ref={ref} type="checkbox" className="h-5 w-5 rounded border-stone-400 accent-red-900" {...input} />
      <label htmlFor={id} className="text-sm text-stone-800">
        {label}
      </label>
    </div>
  );
}
