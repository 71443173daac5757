import { createCipheriv, pbkdf2Sync, randomBytes } from 'node:crypto';
import {
  buildMremoteXml,
  buildPowerSuiteSites,
  buildSiteManagerProfile,
  mremoteDefaultPassword,
  mremoteKdfIterations,
  mremoteNotProtectedSentinel,
  type ToolDownloadKind,
  toolDownloads,
} from '@lightpath/domain/equipment-tools';
import type { Download } from '../../platform/download';
import type { ServiceContext } from '../../platform/service-context';
import { listPowerSites, listToolShelves } from './repository';

// mRemoteNG's `Protected` attribute: the not-protected sentinel encrypted the way mRemoteNG 1.76+
// encrypts (AES-256-GCM, 128-bit salt that is also the associated data, 128-bit nonce, 128-bit tag,
// key = PBKDF2-HMAC-SHA1 of the password over the salt), base64 of salt, nonce, ciphertext and tag.
// Encrypted under the default password, mRemoteNG reads the file as unprotected and imports it
// without asking for a password; an empty or absent attribute makes it ask (docs/decisions/027).
export function mremoteProtectedToken(
  password = mremoteDefaultPassword,
  iterations = mremoteKdfIterations,
): string {
  const salt = randomBytes(16);
  const nonce = randomBytes(16);
  const key = pbkdf2Sync(password, salt, iterations, 32, 'sha1');
  const cipher = createCipheriv('aes-256-gcm', key, nonce, { authTagLength: 16 });
  cipher.setAAD(salt);
  const sealed = Buffer.concat([cipher.update(mremoteNotProtectedSentinel, 'utf8'), cipher.final()]);
  return Buffer.concat([salt, nonce, sealed, cipher.getAuthTag()]).toString('base64');
}

// Each download is built from the database when asked for; nothing is cached (the shelves change
// with Update Shelf and the NOC's edits, and the response says no-store).
export async function generateToolFile(ctx: ServiceContext, kind: ToolDownloadKind): Promise<Download> {
  const { filename, contentType } = toolDownloads[kind];
  const body = await bodyOf(ctx, kind);
  return { filename, contentType, body };
}

async function bodyOf(ctx: ServiceContext, kind: ToolDownloadKind): Promise<string> {
  switch (kind) {
    case 'mremotexml':
      return buildMremoteXml(await listToolShelves(ctx.query), {
        protectedToken: mremoteProtectedToken(),
        generatedAt: new Date().toISOString(),
      });
    case 'sitemanagerprofile':
      return buildSiteManagerProfile(await listToolShelves(ctx.query));
    case 'powersuiteprofile':
      return buildPowerSuiteSites(await listPowerSites(ctx.query));
  }
}
