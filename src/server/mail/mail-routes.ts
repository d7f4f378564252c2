import { Hono } from 'hono';
import type { AppEnv } from '../http/app-env';
import { requireAdmin } from '../http/guards';
import type { MailOutbox } from './outbox';

/** The admin's view of email delivery: whether reminders and account emails are going out. */
export function mailRoutes({ outbox }: { outbox: MailOutbox }) {
  return new Hono<AppEnv>().get('/admin/mail-status', async (c) => {
    requireAdmin(c);
    return c.json(await outbox.status());
  });
}
