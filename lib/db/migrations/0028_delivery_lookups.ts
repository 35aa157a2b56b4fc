/**
 * The events list shows each event's deliveries (decision D9.6): it looks them up by event id,
 * which no index led with (the unique key is (webhook_id, event_id)), so a page of events read
 * every delivery the account ever had (issue 29, decision D9.8). The time of each delivery's last
 * attempt is now read through the attempts' primary key, per delivery, not by grouping them all.
 */
export const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS webhook_deliveries_event_idx ON webhook_deliveries (event_id);
`;
