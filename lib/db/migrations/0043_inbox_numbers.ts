/**
 * Each inbox counts its own messages from #1 (issue 59): `seq` stays the arrival order across
 * every inbox (the live stream's event id), `number` is what a person reads. Messages received
 * before are numbered in their arrival order.
 */
export const sql = /* sql */ `
ALTER TABLE inbox_messages ADD COLUMN IF NOT EXISTS number integer;
ALTER TABLE inbox_messages ADD COLUMN IF NOT EXISTS duplicate_of_number integer;
UPDATE inbox_messages m SET number = n.rn
  FROM (SELECT seq, row_number() OVER (PARTITION BY inbox_id ORDER BY seq) AS rn FROM inbox_messages) n
 WHERE m.seq = n.seq AND m.number IS NULL;
UPDATE inbox_messages m SET duplicate_of_number = f.number
  FROM inbox_messages f
 WHERE m.duplicate_of = f.seq AND m.duplicate_of_number IS NULL;
`;
