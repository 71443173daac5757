import { type CrossConnect, crossConnectLabel } from '@lightpath/domain/colocation';
import {
  type LoaVerification,
  loaFilename,
  loaMessages,
  loaRefusal,
  loaStatus,
  loaValiditySeconds,
  loaVerification,
  loaVerifyPath,
} from '@lightpath/domain/loa';
import { siteAddress } from '@lightpath/domain/sites';
import { formatZonedDateTime } from '@lightpath/domain/time';
import { recordAudit } from '../../platform/audit';
import type { Download } from '../../platform/download';
import { Conflict } from '../../platform/errors';
import { fieldList, pdfContentType, qrCode, renderPdf, sectionHeading } from '../../platform/pdf-document';
import type { PublicContext, ServiceContext } from '../../platform/service-context';
import { findSiteRow } from '../sites/repository';
import { namesOf, readLoaToken, signLoaToken } from './loa-token';
import { findCrossConnectByUuid } from './repository';
import { getCrossConnectFor } from './service';

// Letters of Authorisation (docs/decisions/033): a PDF for a cross-connect in the caller's scope, and
// the public check of the letter's token.

const nowSeconds = () => Math.floor(Date.now() / 1000);

export type LoaIssue = {
  key: Buffer;
  // Where the letter's link points: PUBLIC_URL when set, else the address the request came in on.
  origin: string;
};

// GET crossconnect/{id}/loa: whoever may see the cross-connect may print its letter, unless either
// rack space has an end date (409, nothing written). Every letter issued is audited.
export async function issueLoa(
  ctx: ServiceContext,
  crossConnectId: number,
  issue: LoaIssue,
  issued = nowSeconds(),
): Promise<Download> {
  const crossConnect = await getCrossConnectFor(ctx, crossConnectId);
  const refusal = loaRefusal(crossConnect);
  if (refusal) throw new Conflict(refusal);
  const expires = issued + loaValiditySeconds;
  const token = signLoaToken(issue.key, {
    uuid: crossConnect.uuid,
    issued,
    expires,
    names: namesOf(issue.key, crossConnect),
  });
  const link = `${issue.origin.replace(/\/+$/, '')}${loaVerifyPath(token)}`;
  // The site is the network's PoP more often than the customer's own: read past the caller's scope,
  // now that the cross-connect itself was found in it.
  const site = await findSiteRow(ctx.db, { kind: 'all' }, crossConnect.siteid);
  const body = await renderLetter(ctx, crossConnect, {
    issued,
    expires,
    link,
    address: site ? siteAddress(site) : '',
    accessHours: site?.accessHours ?? '',
  });
  await recordAudit(ctx.db, ctx, {
    action: 'crossconnect.loa',
    entity: 'cross_connect',
    entityId: crossConnect.crossconnectid,
    detail: { customerid: crossConnect.customerid, issued, expires },
  });
  return { filename: loaFilename(crossConnect), contentType: pdfContentType, body };
}

type LetterFacts = { issued: number; expires: number; link: string; address: string; accessHours: string };

function renderLetter(ctx: ServiceContext, x: CrossConnect, facts: LetterFacts) {
  const { config } = ctx;
  // The portal's zone (decisions.md): the letter is read by people at the site, not by its downloader.
  const when = (seconds: number) => formatZonedDateTime(seconds, config.timeZone);
  const provider = config.provider.name;
  const label = crossConnectLabel(x);
  return renderPdf(
    {
      provider,
      title: loaMessages.title,
      subtitle: `Cross-connect ${label} at ${x.sitename}`,
      createdAt: new Date(facts.issued * 1000),
    },
    (doc) => {
      doc.text(
        `${provider} authorises the bearer of this letter, acting for ${x.customername}, to install, test and maintain the cross-connect below between the two rack spaces it names, and nothing else.`,
      );
      doc.moveDown(0.8);
      fieldList(doc, [
        ['Customer', `${x.customername} (${x.customercode})`],
        ['Cross-connect', label],
        ['Site', `${x.sitename} (${x.sitenumber})`],
        ['Address', facts.address],
        ...(facts.accessHours ? ([['Access hours', facts.accessHours]] as const) : []),
      ]);
      sectionHeading(doc, 'A end');
      fieldList(doc, [
        ['Rack space', x.aendrackspaceid],
        ['Patch panel', x.aendpanel ?? ''],
        ['Port', x.aendport ?? ''],
      ]);
      sectionHeading(doc, 'B end');
      fieldList(doc, [
        ['Rack space', x.bendrackspaceid],
        ['Held by', x.bendcustomername],
        ['Patch panel', x.bendpanel ?? ''],
        ['Port', x.bendport ?? ''],
      ]);
      sectionHeading(doc, 'Validity');
      fieldList(doc, [
        ['Issued', when(facts.issued)],
        ['Valid until', when(facts.expires)],
      ]);
      doc
        .moveDown(0.4)
        .fillColor('#495057')
        .fontSize(10)
        .text(
          'The letter lapses at the time above, or earlier if either rack space is given an end date or the cross-connect is changed.',
        );
      sectionHeading(doc, 'Check this letter');
      const top = doc.y;
      const size = 110;
      qrCode(doc, facts.link, doc.page.margins.left, top, size);
      const textX = doc.page.margins.left + size + 16;
      const textWidth = doc.page.width - doc.page.margins.right - textX;
      doc
        .fillColor('#1a1b1e')
        .fontSize(10.5)
        .text(
          'Site staff: scan the code or open the link to see whether this letter is valid. The page needs no account and shows nothing but the answer.',
          textX,
          top + 8,
          { width: textWidth },
        )
        .moveDown(0.5)
        .fillColor('#1c4fa1')
        .fontSize(9)
        .text(facts.link, { width: textWidth, link: facts.link, underline: true });
      doc.x = doc.page.margins.left;
      doc.y = Math.max(doc.y, top + size) + 8;
    },
  );
}

// GET loa/verify/{token}: no session. A token this server did not sign costs one HMAC and answers
// unknown; a signed one is checked against the cross-connect as it is now.
export async function verifyLoa(
  ctx: PublicContext,
  key: Buffer,
  token: string,
  now = nowSeconds(),
): Promise<LoaVerification> {
  const facts = readLoaToken(key, token);
  if (!facts) return { status: 'unknown' };
  const crossConnect = await findCrossConnectByUuid(ctx.query, facts.uuid);
  if (!crossConnect) return { status: 'unknown' };
  const stillAsIssued = loaRefusal(crossConnect) === null && namesOf(key, crossConnect).equals(facts.names);
  return loaVerification(loaStatus({ expires: facts.expires, stillAsIssued }, now), facts.expires);
}
