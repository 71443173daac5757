import type { PowerSite, ToolShelf } from '@lightpath/domain/equipment-tools';
import type { RawQuery } from '../../db/client';

// The downloads read every shelf and every provider power site. Equipment is the provider's own and
// only staff (equipment.view) reach these reads, so no Scope narrows them: "the shelves the user may
// see" is every shelf (decisions/026). Nothing here takes input from the request.

export async function listToolShelves(query: RawQuery): Promise<ToolShelf[]> {
  const text = `select sh.shelf_id as equipmentid, sh.name as equipmentname, sh.ip_address as ipaddress,
      st.site_id as siteid, st.site_number as sitenumber, st.site_name as sitename,
      sh.vendor, sh.model, sh.spack
    from shelves sh join sites st on st.site_id = sh.site_id
    order by st.site_number, st.site_id, sh.name`;
  return query<ToolShelf>('equipment_tools_shelves', text, []);
}

// A DC power plant stands at each of the provider's PoPs (site type 1) and exchanges (type 5).
export async function listPowerSites(query: RawQuery): Promise<PowerSite[]> {
  const text = `select st.site_id as siteid, st.site_number as sitenumber, st.site_name as sitename,
      st.site_type as sitetype
    from sites st join customers c on c.customer_id = st.customer_id
    where c.is_provider and st.site_type in (1, 5)
    order by st.site_number`;
  return query<PowerSite>('equipment_tools_power_sites', text, []);
}
