import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { queueEmail } from '../../platform/outbox';
import { hashToken, newToken } from '../../platform/tokens';
import { insertPasswordReset } from './repository';

const resetLinkHours = 1;
const inviteLinkHours = 72;

// Creates a single-use link to choose a password and queues the e-mail that carries it.
export async function sendPasswordLink(
  tx: DbOrTx,
  config: Config,
  log: FastifyBaseLogger,
  user: { userId: number; email: string; firstname: string },
  purpose: 'reset' | 'invite',
) {
  const token = newToken();
  const hours = purpose === 'reset' ? resetLinkHours : inviteLinkHours;
  await insertPasswordReset(tx, {
    tokenHash: hashToken(token),
    userId: user.userId,
    expiresAt: new Date(Date.now() + hours * 3_600_000),
  });
  const link = `${config.publicUrl}/passwordreset#token=${token}`;
  const intro =
    purpose === 'reset'
      ? 'Someone asked to reset the password of your Lightpath account. If it was you, choose a new password here:'
      : `You have been given an account on Lightpath, the ${config.provider.name} customer portal. Choose your password here:`;
  await queueEmail(tx, log, {
    to: user.email,
    subject: purpose === 'reset' ? 'Reset your Lightpath password' : 'Your Lightpath account',
    body: `Hello ${user.firstname},\n\n${intro}\n\n${link}\n\nThe link works once and expires in ${hours} hours.\n\n${config.provider.name} NOC`,
  });
  return link;
}
