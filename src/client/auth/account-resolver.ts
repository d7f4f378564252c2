import type { FieldValues, Resolver } from 'react-hook-form';
import type * as AccountSchemaModule from '../../booking/account-schemas';

// The account forms validate with the shared zod schemas, but zod is not needed to show a form: it loads with
// the first validation (or when a form is first focused), so the sign-in page, where signed-out guests land,
// stays light.

type AccountSchemas = typeof AccountSchemaModule;
type SchemaName = Extract<keyof AccountSchemas, `${string}Schema`>;

const loadValidation = () => Promise.all([import('@hookform/resolvers/zod'), import('../../booking/account-schemas')]);

/** Starts loading the validation code; forms call it when first focused. */
export const preloadAccountValidation = () => void loadValidation().catch(() => undefined);

/** A react-hook-form resolver for one of the shared account schemas. */
export function accountResolver<T extends FieldValues>(name: SchemaName): Resolver<T> {
  return async (values, context, options) => {
    const [{ zodResolver }, schemas] = await loadValidation();
    const resolve = zodResolver(schemas[name]) as unknown as Resolver<T>;
    return resolve(values, context, options);
  };
}
