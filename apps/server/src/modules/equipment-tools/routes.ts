import {
  type ToolDownloadKind,
  toolDownloadKinds,
  toolDownloadPath,
  toolDownloads,
} from '@lightpath/domain/equipment-tools';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendDownload } from '../../platform/download';
import { contextOf } from '../../platform/service-context';
import { generateToolFile } from './service';

const tags = ['equipment'];

const summaries: Record<ToolDownloadKind, string> = {
  mremotexml:
    'Download an mRemoteNG connections file (confCons XML, ConfVersion 2.6): every shelf with an IP address as an SSH2 connection, in a container per site; imports without a password',
  sitemanagerprofile:
    'Download the Ciena 6500 shelves with their IP address and site as a CSV node list for a Site Manager login profile',
  powersuiteprofile:
    'Download the Eltek DC power controller at each PoP and exchange (name, derived IP address, site) as a CSV site list for PowerSuite',
};

// Spec 7.7 `tools/generate/...`: files for the staff's desktop tools, made from the database on each
// request. Provider staff only, like the rest of equipment; no input, so no schema beyond the reply.
export const equipmentToolRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const kind of toolDownloadKinds) {
    app.get(
      `/${toolDownloadPath(kind)}`,
      {
        config: { permission: 'equipment.view' },
        schema: {
          tags,
          summary: summaries[kind],
          produces: [toolDownloads[kind].contentType.split(';')[0]!],
        },
      },
      async (request, reply) => sendDownload(reply, await generateToolFile(contextOf(request), kind)),
    );
  }
};
