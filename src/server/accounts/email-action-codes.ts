import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../http/errors';

// Single-use, expiring codes behind the account-action links. Better Auth's own verification token is a
// reusable signed token, so the link carries our code and the token stays server-side in the payload.

export interface ActionPayloads {
  /** Better Auth's email-verification token; previousEmail is set when the verification confirms an email change. */
  verifyEmail: { token: string; previousEmail?: string; userId?: string };
  /** Undo of an email change, sent to the old address. */
  recoverEmail: { userId: string; oldEmail: string; newEmail: string };
}
export type ActionMode = keyof ActionPayloads;

export const ACTION_CODE_TTL_MS: Record<ActionMode, number> = {
  verifyEmail: 3 * 24 * 60 * 60 * 1000,
  recoverEmail: 3 * 24 * 60 * 60 * 1000,
};

// The provider's messages, shown as they are on the action landing page.
export const INVALID_CODE_MESSAGE = 'This link is invalid or has already been used. Please request a new one.';
export const EXPIRED_CODE_MESSAGE = 'This link has expired. Please request a new one.';

export async function issueActionCode<M extends ActionMode>(
  db: Kysely<Database>,
  mode: M,
  payload: ActionPayloads[M],
  now = new Date(),
): Promise<string> {
  const code = randomBytes(32).toString('base64url');
  await db
    .insertInto('email_action_codes')
    .values({
      code,
      mode,
      payload: JSON.stringify(payload),
      expiresAt: new Date(now.getTime() + ACTION_CODE_TTL_MS[mode]).toISOString(),
      usedAt: null,
      createdAt: now.toISOString(),
    })
    .execute();
  return code;
}

/** Marks the code used and returns its payload; a second use, an expired or a forged code is refused. */
export async function consumeActionCode<M extends ActionMode>(
  db: Kysely<Database>,
  mode: M,
  code: string,
  now = new Date(),
): Promise<ActionPayloads[M]> {
  const row = await db
    .selectFrom('email_action_codes')
    .selectAll()
    .where('code', '=', code)
    .where('mode', '=', mode)
    .executeTakeFirst();
  if (!row || row.usedAt) throw new AppError('invalid_action_code', INVALID_CODE_MESSAGE);
  if (row.expiresAt <= now.toISOString()) throw new AppError('expired_action_code', EXPIRED_CODE_MESSAGE);
  // The usedAt guard makes two simultaneous clicks race for one row: only one update wins.
  const claimed = await db
    .updateTable('email_action_codes')
    .set({ usedAt: now.toISOString() })
    .where('code', '=', code)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) throw new AppError('invalid_action_code', INVALID_CODE_MESSAGE);
  return JSON.parse(row.payload) as ActionPayloads[M];
}
