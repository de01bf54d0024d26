-- The reservation counts' answer cache (POST /reservationsNumber, the dashboard's counters) is the statistics' cache
-- (api/src/modules/stats/cache.ts, migration 0006): it is dropped when `stats` is notified. A count also reads the
-- client contracts' alert delays (« prolongeable »): their writes notify too.
CREATE TRIGGER stats_modifiees AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contrats_clients"
  FOR EACH STATEMENT EXECUTE FUNCTION stats_modifiees();
