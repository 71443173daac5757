-- The refresh of services' search entries finds its services by key (docs/decisions/056). It looks them
-- up by `service_id = ANY (ids)`, which services_id_trgm, the trigram index on the id, also answers,
-- and the planner took that index: it prices a GIN lookup of an unknown list cheaply, but the trigrams
-- every service id shares ('s00', ' s0') cover the whole table, so every row was rechecked against the
-- statement's ids. The national seed's services, inserted 500 at a time, spent 1.6 s rising to 3.2 s a
-- batch in this refresh, with or without statistics. A GIN index is read only through a bitmap scan;
-- without one, the planner reads the primary key (or the whole table, where that is cheaper).
ALTER FUNCTION lightpath_search_refresh_services(text[]) SET enable_bitmapscan = off;
