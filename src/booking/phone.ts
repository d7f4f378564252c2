// Phone numbers: typed with any punctuation, shown 3-3-4 (555-010-0199), stored as digits only.

export const phoneDigits = (value: string) => value.replace(/\D/g, '');

/** Formats as the guest types: '5550' -> '555-0', '5550100199' -> '555-010-0199'. */
export function formatPhoneInput(value: string): string {
  const digits = phoneDigits(value).slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const PHONE_PATTERN = /^\d{3}-\d{3}-\d{4}$/;

/** A phone is valid when it formats to the full 3-3-4 shape (ten digits). */
export const isValidPhone = (value: string) =>
  PHONE_PATTERN.test(formatPhoneInput(value)) && phoneDigits(value).length === 10;
