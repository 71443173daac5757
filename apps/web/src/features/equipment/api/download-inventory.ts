import { apiDownload } from '../../../lib/api-client';
import { downloadBlob } from '../../../lib/download-blob';

export type InventoryFormat = 'csv' | 'json';

// GET equipment/{id}/inventory/{format}: the file needs the session header, so it is fetched and then
// handed to the browser as a download rather than opened as a plain link.
export async function downloadInventory(equipmentid: number, shelfName: string, format: InventoryFormat) {
  const blob = await apiDownload(`equipment/${equipmentid}/inventory/${format}`);
  downloadBlob(`${shelfName}-inventory.${format}`, blob);
}
