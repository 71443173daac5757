// npm run create-admin -- --email you@example.org [--firstname A --surname B]
// Bootstraps a database that has no demo data (production): creates the provider customer if needed
// and a NOC user (type 1, company admin, switch-customer level 1), and prints a one-time link to set
// the password.
import { parseArgs } from 'node:util';
import { emailSchema } from '@lightpath/domain/auth';
import pino from 'pino';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { customers } from '../db/schema/customers';
import { users } from '../db/schema/users';
import { sendPasswordLink } from '../modules/credentials/service';
import { findProviderCustomer } from '../modules/customers/repository';
import { findUserByEmail } from '../modules/users/repository';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    firstname: { type: 'string', default: 'NOC' },
    surname: { type: 'string', default: 'Administrator' },
  },
});
const email = emailSchema.safeParse(values.email ?? '');
if (!email.success) {
  console.error('Give the new administrator an e-mail address: --email you@example.org');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config.database);
const log = pino({ level: 'warn' });
try {
  if (await findUserByEmail(database.db, email.data)) {
    console.error(`${email.data} already has an account.`);
    process.exit(2);
  }
  const link = await database.db.transaction(async (tx) => {
    const provider =
      (await findProviderCustomer(tx)) ??
      (
        await tx
          .insert(customers)
          .values({
            customerCode: config.provider.code,
            customerName: config.provider.name,
            isProvider: true,
          })
          .returning()
      )[0]!;
    const [user] = await tx
      .insert(users)
      .values({
        email: email.data,
        firstname: values.firstname!,
        surname: values.surname!,
        type: 1,
        customerId: provider.customerId,
        companyAdmin: true,
        chameleon: 1,
      })
      .returning();
    return sendPasswordLink(tx, config, log, user!, 'invite');
  });
  // The operator running this command is trusted with the link; it is also e-mailed when SMTP is set.
  console.log(`Created ${email.data}. Choose the password within 72 hours at:\n${link}`);
} finally {
  await database.close();
}
